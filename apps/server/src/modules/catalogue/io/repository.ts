import { count, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { catalogueItems, catalogues, categories, departs } from '../../../db/schema/index.js';

/** Nodes of the category tree (treeItemId 1) that entries are filed under. */
export function selectCategoryNodes(db: Executor) {
  return db
    .select({ id: categories.id, name: categories.categoryName, code: categories.categoryCode })
    .from(categories)
    .where(eq(categories.treeItemId, 1));
}

export function selectLiveDeparts(db: Executor) {
  return db
    .select({ orgCode: departs.orgCode, name: departs.departName, abbr: departs.departNameAbbr })
    .from(departs)
    .where(isNull(departs.deletedAt));
}

/** Which of the names are taken, in which department. */
export function selectTakenNames(db: Executor, names: string[]) {
  return db
    .select({ orgCode: catalogues.orgCode, name: catalogues.catalogName })
    .from(catalogues)
    .where(inArray(catalogues.catalogName, names));
}

export async function categoryNamesOf(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: categories.id, name: categories.categoryName })
    .from(categories)
    .where(inArray(categories.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function itemCountsOf(db: Executor, catalogIds: string[]): Promise<Map<string, number>> {
  if (catalogIds.length === 0) return new Map();
  const rows = await db
    .select({ id: catalogueItems.catalogId, n: count() })
    .from(catalogueItems)
    .where(inArray(catalogueItems.catalogId, catalogIds))
    .groupBy(catalogueItems.catalogId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}
