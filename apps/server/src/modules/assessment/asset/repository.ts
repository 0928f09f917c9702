import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { assessmentSchemes, assetDomains, assetIndexes, users } from '../../../db/schema/index.js';
import { escapeLike } from '../../../platform/resource/like.js';

export type DomainRow = typeof assetDomains.$inferSelect;
export type IndexRow = typeof assetIndexes.$inferSelect;

export const allDomains = (db: Executor) =>
  db.select().from(assetDomains).orderBy(asc(assetDomains.level), asc(assetDomains.createdAt));

export async function indexCountsByDomain(db: Executor): Promise<Map<string, number>> {
  const rows = await db
    .select({ domainId: assetIndexes.domainId, n: count() })
    .from(assetIndexes)
    .groupBy(assetIndexes.domainId);
  return new Map(rows.map((r) => [r.domainId, r.n]));
}

export async function findDomain(db: Executor, id: string, lock = false) {
  const q = db.select().from(assetDomains).where(eq(assetDomains.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export const insertDomain = async (db: Executor, values: typeof assetDomains.$inferInsert) =>
  (await db.insert(assetDomains).values(values).returning())[0];

export const updateDomain = (db: Executor, id: string, set: Partial<typeof assetDomains.$inferInsert>) =>
  db.update(assetDomains).set(set).where(eq(assetDomains.id, id));

export const deleteDomain = (db: Executor, id: string) => db.delete(assetDomains).where(eq(assetDomains.id, id));

export async function domainUsage(db: Executor, id: string) {
  const [children] = await db.select({ n: count() }).from(assetDomains).where(eq(assetDomains.parentId, id));
  const [indexes] = await db.select({ n: count() }).from(assetIndexes).where(eq(assetIndexes.domainId, id));
  return { children: children.n, indexes: indexes.n };
}

export async function domainNameTaken(db: Executor, parentId: string | null, name: string, exceptId?: string) {
  const conds: SQL[] = [
    eq(assetDomains.domainName, name),
    parentId ? eq(assetDomains.parentId, parentId) : sql`${assetDomains.parentId} is null`,
  ];
  if (exceptId) conds.push(sql`${assetDomains.id} <> ${exceptId}`);
  const [row] = await db
    .select({ id: assetDomains.id })
    .from(assetDomains)
    .where(and(...conds))
    .limit(1);
  return Boolean(row);
}

const indexColumns = {
  index: assetIndexes,
  domainName: assetDomains.domainName,
  creator: users.realname,
};

/** A page of indicators under a domain (and its descendants), newest first. */
export async function pageIndexes(
  db: Executor,
  q: { domainIds: string[] | null; indexName?: string; offset: number; limit: number },
) {
  const conds: SQL[] = [];
  if (q.domainIds) conds.push(inArray(assetIndexes.domainId, q.domainIds));
  if (q.indexName) conds.push(ilike(assetIndexes.indexName, `%${escapeLike(q.indexName)}%`));
  const where = conds.length ? and(...conds) : undefined;
  const [total] = await db.select({ n: count() }).from(assetIndexes).where(where);
  const rows = await db
    .select(indexColumns)
    .from(assetIndexes)
    .leftJoin(assetDomains, eq(assetDomains.id, assetIndexes.domainId))
    .leftJoin(users, eq(users.id, assetIndexes.createdBy))
    .where(where)
    .orderBy(desc(assetIndexes.createdAt), desc(assetIndexes.id))
    .limit(q.limit)
    .offset(q.offset);
  return { total: total.n, rows };
}

export async function indexesByIds(db: Executor, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select(indexColumns)
    .from(assetIndexes)
    .leftJoin(assetDomains, eq(assetDomains.id, assetIndexes.domainId))
    .leftJoin(users, eq(users.id, assetIndexes.createdBy))
    .where(inArray(assetIndexes.id, ids));
}

export async function allIndexes(db: Executor) {
  return db
    .select({
      id: assetIndexes.id,
      indexName: assetIndexes.indexName,
      indexType: assetIndexes.indexType,
      domainId: assetIndexes.domainId,
      enables: assetIndexes.enables,
      unit: assetIndexes.unit,
    })
    .from(assetIndexes)
    .orderBy(asc(assetIndexes.indexName));
}

export async function findIndex(db: Executor, id: string, lock = false) {
  const q = db.select().from(assetIndexes).where(eq(assetIndexes.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function indexNameTaken(db: Executor, domainId: string, name: string, exceptId?: string) {
  const conds: SQL[] = [eq(assetIndexes.domainId, domainId), eq(assetIndexes.indexName, name)];
  if (exceptId) conds.push(sql`${assetIndexes.id} <> ${exceptId}`);
  const [row] = await db
    .select({ id: assetIndexes.id })
    .from(assetIndexes)
    .where(and(...conds))
    .limit(1);
  return Boolean(row);
}

export const insertIndex = async (db: Executor, values: typeof assetIndexes.$inferInsert) =>
  (await db.insert(assetIndexes).values(values).returning())[0];

export const updateIndex = (db: Executor, id: string, set: Partial<typeof assetIndexes.$inferInsert>) =>
  db
    .update(assetIndexes)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(assetIndexes.id, id));

export const deleteIndex = (db: Executor, id: string) => db.delete(assetIndexes).where(eq(assetIndexes.id, id));

/** Whether another composite names it as a source, or a scheme uses it. */
export async function indexUsage(db: Executor, id: string) {
  const [asSource] = await db
    .select({ n: count() })
    .from(assetIndexes)
    .where(sql`${assetIndexes.relIndexIds} @> ${JSON.stringify([id])}::jsonb`);
  const [inScheme] = await db
    .select({ n: count() })
    .from(assessmentSchemes)
    .where(sql`${assessmentSchemes.items} @> ${JSON.stringify([{ indexId: id }])}::jsonb`);
  return { asSource: asSource.n, inScheme: inScheme.n };
}
