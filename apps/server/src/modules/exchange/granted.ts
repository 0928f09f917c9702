import { ExchangeMessages, type ExchangeSourceField, ShareStatus } from '@odp/contracts';
import type { Executor } from '../../db/client.js';
import type { DatastoreField } from '../../db/schema/index.js';
import { badRequest } from '../../platform/http/errors.js';
import type { Resource } from '../datastore/store.js';
import { maskValue } from '../market/mask.js';
import { type ApplyRow, columnBatches, defaultResource, grantUnmasked, type ItemRow, itemsOf } from './repository.js';

/** A granted column of the entry's default resource: what a mapping names, and the datastore column behind it. */
export type GrantedColumn = ExchangeSourceField & { field: DatastoreField };

/** The source of an exchange: the resource read and its granted columns. */
export type GrantedSource = { resource: Resource; columns: GrantedColumn[] };

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
const norm = (s: string) => s.trim().toLowerCase();

/** The items the source department granted (those applied for until it decided). */
export const grantedItemsOf = (apply: ApplyRow): string[] => apply.grantedItems ?? apply.items.map((i) => i.name);

export const inUse = (apply: ApplyRow) => apply.status === ShareStatus.inUse;

/**
 * The resource's columns whose data item was granted, each once, matched by the item's name or
 * English name as the open data API matches them. A column is named by its item's English name
 * when that is a plain identifier (a destination column name matches it), else by the item's name;
 * it is masked when the item is and the grant does not lift masking.
 */
export function grantedColumns(
  resource: Pick<Resource, 'fields'>,
  items: readonly ItemRow[],
  granted: readonly string[],
  unmasked: boolean,
): GrantedColumn[] {
  const byName = new Map<string, ItemRow>();
  for (const item of items) {
    byName.set(norm(item.name), item);
    if (item.enName) byName.set(norm(item.enName), item);
  }
  const allowed = new Set(granted);
  const given = new Set<string>();
  const names = new Set<string>();
  const out: GrantedColumn[] = [];
  for (const field of resource.fields) {
    const item = byName.get(norm(field.name));
    if (!item || !allowed.has(item.name) || given.has(item.name)) continue;
    given.add(item.name);
    const en = item.enName?.trim();
    const name = en && IDENTIFIER.test(en) && !names.has(en) ? en : item.name;
    if (names.has(name)) continue;
    names.add(name);
    out.push({
      name,
      chineseName: item.name,
      type: field.type,
      primaryKey: item.primaryKey,
      masked: item.masked && !unmasked,
      field,
    });
  }
  return out;
}

/** The entry's default resource and the application's granted columns of it; refused when it holds no data. */
export async function grantedSource(ex: Executor, apply: ApplyRow): Promise<GrantedSource> {
  const resource = await defaultResource(ex, apply.catalogId);
  if (!resource) throw badRequest(ExchangeMessages.noData);
  const [items, unmasked] = await Promise.all([itemsOf(ex, apply.catalogId), grantUnmasked(ex, apply.id)]);
  return { resource, columns: grantedColumns(resource, items, grantedItemsOf(apply), unmasked) };
}

/** The granted columns the mapping names, in its order; a source not granted is refused. */
export function mappedColumns(source: GrantedSource, mappings: readonly { source: string; target: string }[]) {
  const byName = new Map(source.columns.map((c) => [c.name, c]));
  return mappings.map((m) => {
    const column = byName.get(m.source);
    if (!column) throw badRequest(ExchangeMessages.notGranted(m.source), { field: 'fieldMappings' });
    return { column, target: m.target };
  });
}

/** The mapped columns' rows in batches, masked where the grant says so; empty text is NULL, as in the datastore. */
export async function* copiedBatches(
  ex: Executor,
  resource: Resource,
  columns: readonly GrantedColumn[],
  signal?: AbortSignal,
): AsyncGenerator<(string | null)[][]> {
  const masked = columns.map((c) => c.masked);
  for await (const rows of columnBatches(
    ex,
    resource,
    columns.map((c) => c.field),
  )) {
    signal?.throwIfAborted();
    yield rows.map((row) =>
      row.map((v, i) => {
        if (v === null || v === '') return null;
        return masked[i] ? maskValue(v) : v;
      }),
    );
  }
}
