import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { assessmentPeriods, assessmentSchemes, assessmentScores, departs, users } from '../../../db/schema/index.js';

export type SchemeRow = typeof assessmentSchemes.$inferSelect;
export type PeriodRow = typeof assessmentPeriods.$inferSelect;
export type ScoreRow = typeof assessmentScores.$inferSelect;

export async function listSchemes(db: Executor) {
  return db
    .select({ scheme: assessmentSchemes, creator: users.realname })
    .from(assessmentSchemes)
    .leftJoin(users, eq(users.id, assessmentSchemes.createdBy))
    .orderBy(desc(assessmentSchemes.createdAt));
}

export async function findScheme(db: Executor, id: string, lock = false) {
  const q = db.select().from(assessmentSchemes).where(eq(assessmentSchemes.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function schemeNameTaken(db: Executor, name: string, exceptId: string | null) {
  const conds: SQL[] = [eq(assessmentSchemes.name, name)];
  if (exceptId) conds.push(sql`${assessmentSchemes.id} <> ${exceptId}`);
  const [row] = await db
    .select({ id: assessmentSchemes.id })
    .from(assessmentSchemes)
    .where(and(...conds))
    .limit(1);
  return Boolean(row);
}

export const insertScheme = async (db: Executor, values: typeof assessmentSchemes.$inferInsert) =>
  (await db.insert(assessmentSchemes).values(values).returning())[0];
export const updateScheme = (db: Executor, id: string, set: Partial<typeof assessmentSchemes.$inferInsert>) =>
  db
    .update(assessmentSchemes)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(assessmentSchemes.id, id));
export const deleteScheme = (db: Executor, id: string) =>
  db.delete(assessmentSchemes).where(eq(assessmentSchemes.id, id));

export async function periodCount(db: Executor, schemeId: string) {
  const [row] = await db.select({ n: count() }).from(assessmentPeriods).where(eq(assessmentPeriods.schemeId, schemeId));
  return row.n;
}

export async function findPeriod(db: Executor, id: string, lock = false) {
  const q = db.select().from(assessmentPeriods).where(eq(assessmentPeriods.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function findPeriodOf(db: Executor, schemeId: string, periodKey: string) {
  const [row] = await db
    .select({ id: assessmentPeriods.id })
    .from(assessmentPeriods)
    .where(and(eq(assessmentPeriods.schemeId, schemeId), eq(assessmentPeriods.periodKey, periodKey)));
  return row ?? null;
}

export const insertPeriod = async (db: Executor, values: typeof assessmentPeriods.$inferInsert) =>
  (await db.insert(assessmentPeriods).values(values).returning())[0];
export const updatePeriod = (db: Executor, id: string, set: Partial<typeof assessmentPeriods.$inferInsert>) =>
  db.update(assessmentPeriods).set(set).where(eq(assessmentPeriods.id, id));
export const deletePeriod = (db: Executor, id: string) =>
  db.delete(assessmentPeriods).where(eq(assessmentPeriods.id, id));

export async function pagePeriods(db: Executor, q: { schemeId: string | null; offset: number; limit: number }) {
  const where = q.schemeId ? eq(assessmentPeriods.schemeId, q.schemeId) : undefined;
  const [total] = await db.select({ n: count() }).from(assessmentPeriods).where(where);
  const rows = await db
    .select({
      period: assessmentPeriods,
      schemeName: assessmentSchemes.name,
      starter: users.realname,
      departments: sql<number>`(select count(*)::int from assessment_score s where s.period_id = ${assessmentPeriods.id})`,
    })
    .from(assessmentPeriods)
    .innerJoin(assessmentSchemes, eq(assessmentSchemes.id, assessmentPeriods.schemeId))
    .leftJoin(users, eq(users.id, assessmentPeriods.startedBy))
    .where(where)
    .orderBy(desc(assessmentPeriods.startedAt), desc(assessmentPeriods.id))
    .limit(q.limit)
    .offset(q.offset);
  return { total: total.n, rows };
}

/** Scores of a period in rank order, optionally only one department's. */
export async function scoresOf(db: Executor, periodId: string, orgCode?: string | null) {
  const conds: SQL[] = [eq(assessmentScores.periodId, periodId)];
  if (orgCode !== undefined) conds.push(orgCode === null ? sql`false` : eq(assessmentScores.orgCode, orgCode));
  return db
    .select({ score: assessmentScores, departName: departs.departName, commenter: users.realname })
    .from(assessmentScores)
    .leftJoin(departs, eq(departs.orgCode, assessmentScores.orgCode))
    .leftJoin(users, eq(users.id, assessmentScores.commentBy))
    .where(and(...conds))
    .orderBy(assessmentScores.rank, assessmentScores.orgCode);
}

export async function findScore(db: Executor, id: string, lock = false) {
  const q = db.select().from(assessmentScores).where(eq(assessmentScores.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** Replaces a period's scores, keeping each department's 说明 when it is scored again. */
export async function replaceScores(
  db: Executor,
  periodId: string,
  rows: Omit<typeof assessmentScores.$inferInsert, 'periodId'>[],
) {
  const old = await db.select().from(assessmentScores).where(eq(assessmentScores.periodId, periodId));
  const kept = new Map(old.map((o) => [o.orgCode, o]));
  await db.delete(assessmentScores).where(eq(assessmentScores.periodId, periodId));
  if (!rows.length) return;
  await db.insert(assessmentScores).values(
    rows.map((r) => {
      const o = kept.get(r.orgCode);
      return {
        ...r,
        periodId,
        comment: o?.comment ?? null,
        commentBy: o?.commentBy ?? null,
        commentAt: o?.commentAt ?? null,
      };
    }),
  );
}

export const updateScore = (db: Executor, id: string, set: Partial<typeof assessmentScores.$inferInsert>) =>
  db.update(assessmentScores).set(set).where(eq(assessmentScores.id, id));

export async function schemeNames(db: Executor, ids: string[]) {
  if (!ids.length) return new Map<string, string>();
  const rows = await db
    .select({ id: assessmentSchemes.id, name: assessmentSchemes.name })
    .from(assessmentSchemes)
    .where(inArray(assessmentSchemes.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}
