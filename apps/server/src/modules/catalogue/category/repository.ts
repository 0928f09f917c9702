import { and, asc, count, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { catalogues, categories, departs } from '../../../db/schema/index.js';

export type CategoryRow = typeof categories.$inferSelect;

export function selectCategories(db: Executor, treeItemIds: number[]): Promise<CategoryRow[]> {
  return db
    .select()
    .from(categories)
    .where(inArray(categories.treeItemId, treeItemIds))
    .orderBy(asc(categories.sortNo), asc(categories.createdAt));
}

export async function findCategory(db: Executor, id: string): Promise<CategoryRow | null> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  return row ?? null;
}

export async function findCategoryByCode(db: Executor, code: string): Promise<CategoryRow | null> {
  const [row] = await db.select().from(categories).where(eq(categories.categoryCode, code)).limit(1);
  return row ?? null;
}

export async function siblingNameTaken(
  db: Executor,
  parentId: string | null,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        parentId ? eq(categories.parentId, parentId) : isNull(categories.parentId),
        eq(categories.categoryName, name),
      ),
    );
  return rows.some((r) => r.id !== exceptId);
}

export async function childCount(db: Executor, id: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(categories).where(eq(categories.parentId, id));
  return Number(row.n);
}

export async function entriesUsing(db: Executor, id: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(catalogues).where(eq(catalogues.categoryId, id));
  return Number(row.n);
}

export async function insertCategory(db: Executor, values: typeof categories.$inferInsert): Promise<CategoryRow> {
  const [row] = await db.insert(categories).values(values).returning();
  return row;
}

export async function updateCategory(db: Executor, id: string, values: Partial<typeof categories.$inferInsert>) {
  const [row] = await db
    .update(categories)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(categories.id, id))
    .returning();
  return row;
}

export async function deleteCategory(db: Executor, id: string) {
  await db.delete(categories).where(eq(categories.id, id));
}

export function selectDepartNodes(db: Executor, orgType: string) {
  return db
    .select({ orgCode: departs.orgCode, departName: departs.departName, sortNo: departs.sortNo })
    .from(departs)
    .where(and(eq(departs.orgType, orgType), isNull(departs.deletedAt), eq(departs.status, 1)))
    .orderBy(asc(departs.sortNo), asc(departs.departName));
}

/** Entries the audience may see, counted by a column (category or department). */
export async function countEntriesBy(
  db: Executor,
  by: 'categoryId' | 'orgCode',
  audience: SQL,
): Promise<Map<string, number>> {
  const column = by === 'categoryId' ? catalogues.categoryId : catalogues.orgCode;
  const rows = await db.select({ key: column, n: count() }).from(catalogues).where(audience).groupBy(column);
  return new Map(rows.filter((r) => r.key !== null).map((r) => [String(r.key), Number(r.n)]));
}
