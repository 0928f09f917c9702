import { type AllDictItems, DictMessages, type DictOption } from '@odp/contracts';
import type { Db } from '../../../db/client.js';
import { badRequest } from '../../../platform/http/errors.js';
import { type DictItemRow, selectAllDictItems } from './repository.js';

/**
 * Reloads after this long even without a refresh, so that every server instance picks up
 * dictionary changes made through another one within a minute.
 */
const CACHE_TTL_MS = 60_000;

type CacheEntry = { loadedAt: number; items: Promise<ReadonlyMap<string, readonly DictOption[]>> };

/** One cache per database handle: test apps and server instances in one process never share entries. */
const caches = new WeakMap<Db, CacheEntry>();

function groupByCode(rows: DictItemRow[]): Map<string, DictOption[]> {
  const byCode = new Map<string, DictOption[]>();
  for (const row of rows) {
    let items = byCode.get(row.dictCode);
    if (!items) {
      items = [];
      byCode.set(row.dictCode, items);
    }
    if (row.value !== null && row.text !== null) {
      items.push({ value: row.value, text: row.text, label: row.text, color: row.color });
    }
  }
  return byCode;
}

function cachedItems(db: Db): Promise<ReadonlyMap<string, readonly DictOption[]>> {
  const entry = caches.get(db);
  if (entry && Date.now() - entry.loadedAt < CACHE_TTL_MS) return entry.items;
  const items = selectAllDictItems(db).then(groupByCode);
  caches.set(db, { loadedAt: Date.now(), items });
  // A failed load must not stay cached.
  items.catch(() => {
    if (caches.get(db)?.items === items) caches.delete(db);
  });
  return items;
}

/** Copies so that callers can never mutate the cache. */
function toRecord(map: ReadonlyMap<string, readonly DictOption[]>): AllDictItems {
  const all: AllDictItems = {};
  for (const [code, items] of map) all[code] = items.map((i) => ({ ...i }));
  return all;
}

/** Enabled items of every dictionary, by dictionary code, in display order (the login answer's `sysAllDictItems`). */
export async function loadAllDictItems(db: Db): Promise<AllDictItems> {
  return toRecord(await cachedItems(db));
}

/** Items of one dictionary; the code must be a stored dictionary code. */
export async function getDictItems(db: Db, code: string): Promise<DictOption[]> {
  const items = (await cachedItems(db)).get(code);
  if (!items) throw badRequest(DictMessages.unknownCode);
  return items.map((i) => ({ ...i }));
}

/** Drops this instance's cache; the next read loads from the database. Call after changing dictionaries. */
export function invalidateDictCache(db: Db) {
  caches.delete(db);
}

/** Clears and reloads the cache at once, so that a failure shows to the administrator who asked. */
export async function refreshDictCache(db: Db): Promise<void> {
  invalidateDictCache(db);
  await cachedItems(db);
}
