import type { DataItemInput } from '@odp/contracts';
import { and, asc, count, eq, getTableColumns, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client.js';
import { catalogueFiles, catalogueItems, catalogues, categories, departs } from '../../../db/schema/index.js';

const { searchVector: _vector, ...entryColumns } = getTableColumns(catalogues);

export { entryColumns };

/** An entry as services see it: every column but the search vector. */
export type EntryRow = Omit<typeof catalogues.$inferSelect, 'searchVector'>;
export type EntryInsert = typeof catalogues.$inferInsert;

/** One entry; `lock` takes the row lock so that concurrent transitions of it queue. */
export async function findEntry(db: Executor, id: string, lock = false): Promise<EntryRow | null> {
  const query = db.select(entryColumns).from(catalogues).where(eq(catalogues.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function selectEntries(
  db: Executor,
  where: SQL | undefined,
  order: (SQL | AnyPgColumn)[],
  limit: number,
  offset: number,
): Promise<{ entry: EntryRow; departName: string | null }[]> {
  return db
    .select({ entry: entryColumns, departName: departs.departName })
    .from(catalogues)
    .leftJoin(departs, eq(departs.orgCode, catalogues.orgCode))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

export async function countEntries(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(catalogues).where(where);
  return Number(row.n);
}

export async function nameTaken(db: Executor, orgCode: string, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: catalogues.id })
    .from(catalogues)
    .where(
      and(
        eq(catalogues.orgCode, orgCode),
        eq(catalogues.catalogName, name),
        exceptId ? ne(catalogues.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertEntryRow(db: Executor, values: EntryInsert): Promise<EntryRow> {
  const [row] = await db.insert(catalogues).values(values).returning(entryColumns);
  return row;
}

export async function updateEntryRow(db: Executor, id: string, values: Partial<EntryInsert>): Promise<void> {
  await db
    .update(catalogues)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(catalogues.id, id));
}

export async function deleteEntryRow(db: Executor, id: string): Promise<void> {
  await db.delete(catalogues).where(eq(catalogues.id, id));
}

/** Replaces the data items, numbered 1..n in the given order. */
export async function replaceItems(
  db: Executor,
  catalogId: string,
  items: (DataItemInput | Omit<typeof catalogueItems.$inferSelect, 'id' | 'catalogId' | 'serialNumber'>)[],
) {
  await db.delete(catalogueItems).where(eq(catalogueItems.catalogId, catalogId));
  if (items.length === 0) return;
  await db.insert(catalogueItems).values(
    items.map((item, i) => ({
      catalogId,
      serialNumber: i + 1,
      name: item.name,
      enName: item.enName ?? null,
      dataType: item.dataType,
      dataLength: item.dataLength ?? null,
      shareProperty: item.shareProperty,
      sharingCondition: item.sharingCondition ?? null,
      openAttribute: item.openAttribute ?? null,
      primaryKey: item.primaryKey,
      nullValue: item.nullValue,
      dataLevel: item.dataLevel ?? null,
      fieldDescription: item.fieldDescription ?? null,
      masked: item.masked,
    })),
  );
}

export function itemsOf(db: Executor, catalogId: string) {
  return db
    .select()
    .from(catalogueItems)
    .where(eq(catalogueItems.catalogId, catalogId))
    .orderBy(asc(catalogueItems.serialNumber));
}

export function filesOf(db: Executor, catalogId: string) {
  return db
    .select()
    .from(catalogueFiles)
    .where(and(eq(catalogueFiles.catalogId, catalogId), isNull(catalogueFiles.deletedAt)))
    .orderBy(asc(catalogueFiles.createdAt));
}

/** A node of the category tree (treeItemId 1) that entries may be filed under. */
export async function categoryName(db: Executor, id: string): Promise<string | null> {
  const [row] = await db
    .select({ name: categories.categoryName })
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.treeItemId, 1)))
    .limit(1);
  return row?.name ?? null;
}

export async function departExists(db: Executor, orgCode: string): Promise<boolean> {
  const [row] = await db
    .select({ id: departs.id })
    .from(departs)
    .where(and(eq(departs.orgCode, orgCode), isNull(departs.deletedAt)))
    .limit(1);
  return Boolean(row);
}

export async function departNames(db: Executor, orgCodes: string[]): Promise<Map<string, string>> {
  if (orgCodes.length === 0) return new Map();
  const rows = await db
    .select({ orgCode: departs.orgCode, name: departs.departName })
    .from(departs)
    .where(inArray(departs.orgCode, [...new Set(orgCodes)]));
  return new Map(rows.map((r) => [r.orgCode, r.name]));
}
