import { type AchievementDataset, type AchievementSort, AchievementStatus } from '@odp/contracts';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf, type Tx } from '../../db/client.js';
import {
  achievementCollects,
  achievementDatasets,
  achievementImages,
  achievementRatings,
  achievements,
  catalogues,
  departs,
  portalFigures,
  users,
} from '../../db/schema/index.js';
import { refreshSearchIndex } from '../../platform/search/indexer.js';
import { isPublicSql } from '../market/repository.js';
import { achievementSearch } from './search.js';

const a = achievements;
const d = achievementDatasets;
const c = catalogues;

export type AchievementRow = typeof achievements.$inferSelect;
export type AchievementInsert = typeof achievements.$inferInsert;

export const live = isNull(a.deletedAt);
export const publishedSql = and(live, eq(a.status, AchievementStatus.published)) as SQL;

export async function lockAchievement(tx: Tx, id: string): Promise<AchievementRow | null> {
  const [row] = await tx
    .select()
    .from(a)
    .where(and(eq(a.id, id), live))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function findAchievement(db: Executor, id: string): Promise<AchievementRow | null> {
  const [row] = await db
    .select()
    .from(a)
    .where(and(eq(a.id, id), live))
    .limit(1);
  return row ?? null;
}

/** Every write of a result's own columns refreshes its search vector in the same transaction. */
export async function insertAchievement(tx: Executor, values: AchievementInsert): Promise<AchievementRow> {
  const [row] = await tx.insert(a).values(values).returning();
  await refreshSearchIndex(tx, achievementSearch, [row.id]);
  return row;
}

export async function updateAchievement(tx: Executor, id: string, values: Partial<AchievementInsert>) {
  await tx.update(a).set(values).where(eq(a.id, id));
  await refreshSearchIndex(tx, achievementSearch, [id]);
}

/** Replaces the linked datasets, keeping the order given. */
export async function setDatasets(tx: Executor, id: string, catalogIds: string[]) {
  await tx.delete(d).where(eq(d.achievementId, id));
  if (catalogIds.length)
    await tx.insert(d).values(catalogIds.map((catalogId, i) => ({ achievementId: id, catalogId, sortNo: i })));
}

/** Of these entries, those a visitor can see (on shelf and open). */
export async function publicEntryIds(db: Executor, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: c.id })
    .from(c)
    .where(and(inArray(c.id, ids), isPublicSql));
  return new Set(rows.map((r) => r.id));
}

/** Another live result holding this address. */
export async function urlHolder(db: Executor, url: string, exceptId?: string): Promise<string | null> {
  const [row] = await db
    .select({ id: a.id })
    .from(a)
    .where(and(live, eq(a.url, url), exceptId ? ne(a.id, exceptId) : undefined))
    .limit(1);
  return row?.id ?? null;
}

/** The linked datasets of these results, in the order chosen; `onlyPublic` for visitors. */
export async function datasetsOf(
  db: Executor,
  ids: string[],
  onlyPublic: boolean,
): Promise<Map<string, AchievementDataset[]>> {
  const out = new Map<string, AchievementDataset[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const rows = await db
    .select({
      achievementId: d.achievementId,
      id: c.id,
      catalogName: c.catalogName,
      orgCode: c.orgCode,
      departName: sql<string>`coalesce(${departs.departName}, ${c.orgCode})`,
    })
    .from(d)
    .innerJoin(c, eq(c.id, d.catalogId))
    .leftJoin(departs, eq(departs.orgCode, c.orgCode))
    .where(and(inArray(d.achievementId, ids), onlyPublic ? isPublicSql : undefined))
    .orderBy(asc(d.sortNo));
  for (const { achievementId, ...rest } of rows) out.get(achievementId)?.push({ ...rest, orgCode: rest.orgCode ?? '' });
  return out;
}

/** Names of the holders: a department's name, or the user's real name. */
export async function ownerNames(db: Executor, rows: AchievementRow[]): Promise<Map<string, string>> {
  const orgs = [...new Set(rows.map((r) => r.orgCode).filter((x): x is string => Boolean(x)))];
  const userIds = [...new Set(rows.filter((r) => !r.orgCode).map((r) => r.ownerId))];
  const out = new Map<string, string>();
  if (orgs.length) {
    const found = await db
      .select({ code: departs.orgCode, name: departs.departName })
      .from(departs)
      .where(inArray(departs.orgCode, orgs));
    for (const f of found) if (f.code) out.set(`org:${f.code}`, f.name);
  }
  if (userIds.length) {
    const found = await db
      .select({ id: users.id, name: users.realname, username: users.username })
      .from(users)
      .where(inArray(users.id, userIds));
    for (const f of found) out.set(`user:${f.id}`, f.name || f.username);
  }
  return out;
}

export async function pageRows(
  db: Executor,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
  offset: number,
): Promise<{ rows: AchievementRow[]; total: number }> {
  const rows = await db
    .select()
    .from(a)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const [{ n }] = await db.select({ n: count() }).from(a).where(where);
  return { rows, total: n };
}

export const ORDER: Record<AchievementSort, SQL[]> = {
  new: [sql`${a.publishedAt} desc nulls last`, desc(a.id)],
  hot: [desc(a.viewNum), sql`${a.publishedAt} desc nulls last`, desc(a.id)],
  score: [desc(a.scoreAvg), desc(a.scoreNum), sql`${a.publishedAt} desc nulls last`, desc(a.id)],
};

/** Results using a public entry of this department (and its sub-departments). */
export const usesDepartment = (orgCode: string) => sql`exists (
  select 1 from ${d} join ${c} on ${c.id} = ${d.catalogId}
  where ${d.achievementId} = ${a.id} and ${isPublicSql} and ${c.orgCode} in (
    with recursive sub(id, org_code) as (
      select id, org_code from sys_depart where org_code = ${orgCode} and deleted_at is null
      union all select x.id, x.org_code from sys_depart x join sub on x.parent_id = sub.id where x.deleted_at is null
    ) select org_code from sub))`;

/** Results using a public entry of this category (and its sub-categories). */
export const usesCategory = (categoryId: string) => sql`exists (
  select 1 from ${d} join ${c} on ${c.id} = ${d.catalogId}
  where ${d.achievementId} = ${a.id} and ${isPublicSql} and ${c.categoryId} in (
    with recursive sub(id) as (
      select id from data_category where id = ${categoryId}
      union all select x.id from data_category x join sub on x.parent_id = sub.id
    ) select id from sub))`;

export const usesEntry = (catalogId: string) =>
  sql`exists (select 1 from ${d} where ${d.achievementId} = ${a.id} and ${d.catalogId} = ${catalogId})`;

export const matchesKeyword = (k: string) => {
  const like = `%${k.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  return or(
    sql`${a.applyName} ilike ${like}`,
    sql`${a.applyIntroduce} ilike ${like}`,
    sql`${a.developerName} ilike ${like}`,
  ) as SQL;
};

export async function countDatasets(db: Executor, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: d.achievementId, n: count() })
    .from(d)
    .innerJoin(c, eq(c.id, d.catalogId))
    .where(and(inArray(d.achievementId, ids), isPublicSql))
    .groupBy(d.achievementId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Published results kept in `portal_figure` (dim `ach`), moved in the transaction of each change. */
export async function addPublishedFigure(tx: Executor, delta: number) {
  if (!delta) return;
  await tx
    .insert(portalFigures)
    .values({ dim: 'ach', key: '', openEntries: Math.max(delta, 0) })
    .onConflictDoUpdate({
      target: [portalFigures.dim, portalFigures.key],
      set: { openEntries: sql`greatest(${portalFigures.openEntries} + ${delta}, 0)` },
    });
}

export async function countView(db: Executor, id: string) {
  await db
    .update(a)
    .set({ viewNum: sql`${a.viewNum} + 1` })
    .where(and(eq(a.id, id), publishedSql));
}

/** Stores the user's score and recomputes the result's average in one statement each. */
export async function rate(tx: Executor, id: string, userId: string, score: number) {
  await tx
    .insert(achievementRatings)
    .values({ achievementId: id, userId, score })
    .onConflictDoUpdate({
      target: [achievementRatings.achievementId, achievementRatings.userId],
      set: { score, updatedAt: new Date() },
    });
  await tx
    .update(a)
    .set({
      scoreSum: sql`(select coalesce(sum(score), 0) from achievement_rating where achievement_id = ${id})`,
      scoreNum: sql`(select count(*) from achievement_rating where achievement_id = ${id})`,
      scoreAvg: sql`(select coalesce(round(avg(score), 2), 0) from achievement_rating where achievement_id = ${id})`,
    })
    .where(eq(a.id, id));
}

export async function myScore(db: Executor, id: string, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ score: achievementRatings.score })
    .from(achievementRatings)
    .where(and(eq(achievementRatings.achievementId, id), eq(achievementRatings.userId, userId)));
  return row?.score ?? null;
}

export async function isCollected(db: Executor, id: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(achievementCollects)
    .where(and(eq(achievementCollects.achievementId, id), eq(achievementCollects.userId, userId)));
  return row.n > 0;
}

export async function setCollected(tx: Executor, id: string, userId: string, on: boolean) {
  const changed = on
    ? await tx.insert(achievementCollects).values({ achievementId: id, userId }).onConflictDoNothing().returning()
    : await tx
        .delete(achievementCollects)
        .where(and(eq(achievementCollects.achievementId, id), eq(achievementCollects.userId, userId)))
        .returning();
  if (changed.length)
    await tx
      .update(a)
      .set({ collectNum: sql`greatest(${a.collectNum} + ${on ? 1 : -1}, 0)` })
      .where(eq(a.id, id));
}

export async function insertImage(db: Executor, values: typeof achievementImages.$inferInsert) {
  const [row] = await db.insert(achievementImages).values(values).returning();
  return row;
}

export async function findImage(db: Executor, id: string) {
  const [row] = await db.select().from(achievementImages).where(eq(achievementImages.id, id)).limit(1);
  return row ?? null;
}

/** How many of these images the user uploaded. */
export async function countOwnImages(db: Executor, ownerId: string, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(achievementImages)
    .where(and(eq(achievementImages.ownerId, ownerId), inArray(achievementImages.id, ids)));
  return row.n;
}

/** Published results with an address, least recently checked first. */
export async function linksToCheck(db: Executor, limit: number) {
  return db
    .select({ id: a.id, url: a.url, linkBroken: a.linkBroken })
    .from(a)
    .where(and(publishedSql, isNotNull(a.url)))
    .orderBy(sql`${a.linkCheckedAt} asc nulls first`, asc(a.id))
    .limit(limit);
}

/** Published entries by name, for the form's dataset picker. */
export async function associatedData(db: Executor, name: string | undefined, ids: string[]) {
  const like = name ? `%${name.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  return db
    .select({ id: c.id, catalogName: c.catalogName, orgCode: c.orgCode })
    .from(c)
    .where(
      and(
        isPublicSql,
        ids.length ? or(inArray(c.id, ids), like ? sql`${c.catalogName} ilike ${like}` : undefined) : undefined,
        !ids.length && like ? sql`${c.catalogName} ilike ${like}` : undefined,
      ),
    )
    .orderBy(desc(c.releaseTime), asc(c.id))
    .limit(50);
}

/** A check that changed nothing: when it ran, and why it failed if it still does. */
export async function touchLinkChecked(db: Executor, id: string, failure: string | null) {
  await db.update(a).set({ linkCheckedAt: new Date(), linkError: failure }).where(eq(a.id, id));
}

/** 开放统计's 应用成果: published results counted per dimension, in one aggregate statement. */
export type PublishedFigures = {
  total: number;
  byType: Map<string, number>;
  byArea: Map<string, number>;
  byOrg: Map<string, number>;
};

/**
 * Published results: all, per type, per key area (the result's own), and per department whose catalogue
 * entries a result uses (a result using two departments' data counts for each, once).
 */
export async function publishedFigures(db: Executor): Promise<PublishedFigures> {
  const rows = await rowsOf<{ dim: string; key: string; n: number }>(
    db,
    sql`
    with pub as (
      select ${achievements.id} as id, ${achievements.applicationType} as type, ${achievements.domainId} as area
      from ${achievements}
      where ${achievements.status} = ${AchievementStatus.published} and ${achievements.deletedAt} is null
    )
    select 'all' as dim, '' as key, count(*)::int as n from pub
    union all select 'type', type, count(*)::int from pub group by type
    union all select 'area', area, count(*)::int from pub group by area
    union all
    select 'org', c.org_code, count(distinct pub.id)::int
    from pub
    join ${achievementDatasets} d on d.achievement_id = pub.id
    join ${catalogues} c on c.id = d.catalog_id
    group by c.org_code`,
  );
  const figures: PublishedFigures = { total: 0, byType: new Map(), byArea: new Map(), byOrg: new Map() };
  for (const r of rows) {
    const n = Number(r.n);
    if (r.dim === 'all') figures.total = n;
    else if (r.dim === 'type') figures.byType.set(r.key, n);
    else if (r.dim === 'area') figures.byArea.set(r.key, n);
    else if (r.dim === 'org' && r.key) figures.byOrg.set(r.key, n);
  }
  return figures;
}
