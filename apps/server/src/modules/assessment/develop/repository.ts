import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../../db/client.js';
import { assetIndexes, departs, indicatorRuns, indicatorValues, users } from '../../../db/schema/index.js';

export type RunRow = typeof indicatorRuns.$inferSelect;

/** The departments indicators are computed for: every active one. */
export async function activeDepartments(db: Executor) {
  return db
    .select({ orgCode: departs.orgCode, departName: departs.departName })
    .from(departs)
    .where(and(eq(departs.status, 1), isNull(departs.deletedAt)))
    .orderBy(departs.sortNo, departs.orgCode);
}

/** Submitted indicators that have a way to be computed (a calculation or a formula). */
export async function computableIndexes(db: Executor) {
  return db
    .select()
    .from(assetIndexes)
    .where(
      and(
        eq(assetIndexes.enables, '1'),
        sql`(${assetIndexes.calcName} is not null or ${assetIndexes.formula} is not null)`,
      ),
    );
}

export const insertRun = async (db: Executor, values: typeof indicatorRuns.$inferInsert) =>
  (await db.insert(indicatorRuns).values(values).returning())[0];

export const finishRun = (db: Executor, id: string, set: Partial<typeof indicatorRuns.$inferInsert>) =>
  db.update(indicatorRuns).set(set).where(eq(indicatorRuns.id, id));

export async function findRun(db: Executor, id: string) {
  const [row] = await db.select().from(indicatorRuns).where(eq(indicatorRuns.id, id));
  return row ?? null;
}

export async function insertValues(db: Executor, rows: (typeof indicatorValues.$inferInsert)[]) {
  // Batches keep each statement's parameters well under the driver's limit.
  for (let i = 0; i < rows.length; i += 500) await db.insert(indicatorValues).values(rows.slice(i, i + 500));
}

/** The newest value of each indicator and department for a period. */
export async function latestValues(db: Executor, periodType: string, periodKey: string, indexIds?: string[]) {
  const only = indexIds?.length
    ? sql`and v.index_id in (${sql.join(
        indexIds.map((i) => sql`${i}::uuid`),
        sql`, `,
      )})`
    : sql``;
  return rowsOf<{ index_id: string; org_code: string; value: number | null; computed_at: string }>(
    db,
    sql`select distinct on (v.index_id, v.org_code) v.index_id, v.org_code, v.value, v.computed_at
        from indicator_value v where v.period_type = ${periodType} and v.period_key = ${periodKey} ${only}
        order by v.index_id, v.org_code, v.computed_at desc`,
  );
}

export async function pageRuns(db: Executor, q: { status?: string; offset: number; limit: number }) {
  const where: SQL | undefined = q.status ? eq(indicatorRuns.status, q.status) : undefined;
  const [total] = await db.select({ n: count() }).from(indicatorRuns).where(where);
  const rows = await db
    .select({ run: indicatorRuns, operator: users.realname })
    .from(indicatorRuns)
    .leftJoin(users, eq(users.id, indicatorRuns.operatorId))
    .where(where)
    .orderBy(desc(indicatorRuns.startedAt), desc(indicatorRuns.id))
    .limit(q.limit)
    .offset(q.offset);
  const ids = rows.map((r) => r.run.id);
  const counts = ids.length
    ? await db
        .select({ runId: indicatorValues.runId, n: count() })
        .from(indicatorValues)
        .where(inArray(indicatorValues.runId, ids))
        .groupBy(indicatorValues.runId)
    : [];
  const byRun = new Map(counts.map((c) => [c.runId, c.n]));
  return { total: total.n, rows: rows.map((r) => ({ ...r, valueCount: byRun.get(r.run.id) ?? 0 })) };
}
