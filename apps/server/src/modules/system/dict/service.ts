import {
  type AllDictItems,
  type DictCreateInput,
  type DictItemCreateInput,
  type DictItemUpdateInput,
  DictMessages,
  type DictOption,
  type DictUpdateInput,
} from '@odp/contracts';
import type { Db } from '../../../db/client.js';
import { DICTIONARIES } from '../../../db/seed/dictionaries.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { resourceService } from '../../../platform/resource/resource.js';
import { type DictItemRow, findDict, findDictItem, itemValueTaken, selectAllDictItems } from './repository.js';
import { dictItemResource, dictResource } from './resource.js';

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

/** The dictionaries the code and the seeded data rely on: they can be edited but not deleted or renamed. */
export const SYSTEM_DICT_CODES: ReadonlySet<string> = new Set(DICTIONARIES.map(([code]) => code));

const dicts = resourceService(dictResource);
const items = resourceService(dictItemResource);

/**
 * Runs a committed change and then drops this instance's cache, so that the very next
 * `getDictItems` shows it (other instances follow within CACHE_TTL_MS).
 */
async function thenInvalidate<T>(db: Db, change: Promise<T>): Promise<T> {
  const result = await change;
  invalidateDictCache(db);
  return result;
}

export const dictService = {
  list: dicts.list,

  create: (db: Db, actor: Actor, input: DictCreateInput) => thenInvalidate(db, dicts.create(db, actor, input)),

  async update(db: Db, actor: Actor, input: DictUpdateInput) {
    const current = await findDict(db, input.id);
    if (!current) throw notFound(DictMessages.dictMissing);
    if (SYSTEM_DICT_CODES.has(current.dictCode) && current.dictCode !== input.dictCode) {
      throw badRequest(DictMessages.systemCode, { field: 'dictCode' });
    }
    return thenInvalidate(db, dicts.update(db, actor, input));
  },

  /** Deletes a dictionary with its items (the foreign key cascades). */
  async remove(db: Db, actor: Actor, id: string) {
    const current = await findDict(db, id);
    if (!current) throw notFound(DictMessages.dictMissing);
    if (SYSTEM_DICT_CODES.has(current.dictCode)) throw badRequest(DictMessages.systemDict);
    return thenInvalidate(db, dicts.remove(db, actor, [id]));
  },
};

export const dictItemService = {
  list: items.list,

  async create(db: Db, actor: Actor, input: DictItemCreateInput) {
    if (!(await findDict(db, input.dictId))) throw badRequest(DictMessages.dictMissing, { field: 'dictId' });
    await assertItemValueFree(db, input.dictId, input.itemValue);
    return thenInvalidate(db, items.create(db, actor, input));
  },

  async update(db: Db, actor: Actor, input: DictItemUpdateInput) {
    const current = await findDictItem(db, input.id);
    if (!current) throw notFound('字典项不存在或已删除');
    await assertItemValueFree(db, current.dictId, input.itemValue, input.id);
    return thenInvalidate(db, items.update(db, actor, input));
  },

  remove: (db: Db, actor: Actor, id: string) => thenInvalidate(db, items.remove(db, actor, [id])),
};

async function assertItemValueFree(db: Db, dictId: string, itemValue: string, exceptId?: string) {
  if (await itemValueTaken(db, dictId, itemValue, exceptId)) {
    throw badRequest(DictMessages.valueTaken, { field: 'itemValue' });
  }
}
