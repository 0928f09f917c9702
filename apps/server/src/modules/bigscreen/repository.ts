import {
  CatalogStatus,
  OpenApplyStatus,
  ORG_TYPE,
  ShareStatus,
  ShelfStatus,
  TaskStatus,
  UPDATE_STATUS,
} from '@odp/contracts';
import { and, desc, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  catalogueDownloads,
  catalogues,
  datastoreSyncLogs,
  departs,
  openApplies,
  openCallDaily,
  roles,
  shareApplies,
  userRoles,
  users,
  workflowTasks,
} from '../../db/schema/index.js';
import { updateStatusSql } from '../collection/update-status.js';
import { isPublicSql } from '../market/repository.js';
import { feedTitle } from './feed.js';

/**
 * The big screen's own statements: what no other module already counts. Each is one aggregate (or a
 * short top list) run by the refresh job, never by a viewer.
 */

const c = catalogues;
const int = (expression: ReturnType<typeof sql>) => sql<number>`(${expression})::bigint`.mapWith(Number);
const cityMonth = (column: AnyPgColumn) => sql<string>`to_char(${column} at time zone 'Asia/Shanghai', 'YYYY-MM')`;

/** 注册用户: live, enabled accounts holding the registered role. */
export async function registeredUsers(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: int(sql`count(distinct ${users.id})`) })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(roles.roleCode, 'registered'), isNull(users.deletedAt), eq(users.status, 1)));
  return row.n;
}

/** Successful updates (table syncs and Excel 数据上报) per city month since `since`. */
export function updatesByMonth(db: Executor, since: Date) {
  const month = cityMonth(datastoreSyncLogs.finishedAt);
  return db
    .select({ month, n: int(sql`count(*)`) })
    .from(datastoreSyncLogs)
    .where(and(eq(datastoreSyncLogs.outcome, 'ok'), gte(datastoreSyncLogs.finishedAt, since)))
    .groupBy(month);
}

/** Downloads of public entries per city month since `since`. */
export function downloadsByMonth(db: Executor, since: Date) {
  const month = cityMonth(catalogueDownloads.createdAt);
  return db
    .select({ month, n: int(sql`count(*)`) })
    .from(catalogueDownloads)
    .innerJoin(c, eq(c.id, catalogueDownloads.catalogId))
    .where(and(isPublicSql, gte(catalogueDownloads.createdAt, since)))
    .groupBy(month);
}

/**
 * Successful open-API data calls of public entries per month since `sinceDay` (a city date), from the
 * daily counts (`open_call_daily`), the same source as 开放统计's 接口调用 — never the call log itself.
 */
export function callsByMonth(db: Executor, sinceDay: string) {
  const month = sql<string>`to_char(${openCallDaily.day}, 'YYYY-MM')`;
  return db
    .select({ month, n: int(sql`coalesce(sum(${openCallDaily.calls}), 0)`) })
    .from(c)
    .innerJoin(openCallDaily, eq(openCallDaily.catalogId, c.id))
    .where(and(isPublicSql, sql`${c.callNum} > 0`, gte(openCallDaily.day, sinceDay)))
    .groupBy(month);
}

/**
 * Published entries per department by 更新状态 (the timeliness reports' rule, `updateStatusSql`): on
 * time is 已更新, i.e. the last update is within the entry's update frequency.
 */
export function onTimeByDepartment(db: Executor, now: Date) {
  const status = updateStatusSql(c.updateFrequency, c.dataUpdateTime, now);
  return db
    .select({
      orgCode: c.orgCode,
      published: int(sql`count(*)`),
      onTime: int(sql`count(*) filter (where ${status} = ${UPDATE_STATUS.updated})`),
      due: int(sql`count(*) filter (where ${status} = ${UPDATE_STATUS.due})`),
      overdue: int(sql`count(*) filter (where ${status} = ${UPDATE_STATUS.overdue})`),
    })
    .from(c)
    .where(eq(c.shelfStatus, ShelfStatus.on))
    .groupBy(c.orgCode);
}

/** Live departments and districts with their parent, to place each department in its district. */
export function departTree(db: Executor) {
  return db
    .select({
      id: departs.id,
      parentId: departs.parentId,
      orgCode: departs.orgCode,
      name: departs.departName,
      orgType: departs.orgType,
      sortNo: departs.sortNo,
    })
    .from(departs)
    .where(isNull(departs.deletedAt))
    .orderBy(departs.sortNo, departs.departName);
}

export const DISTRICT = ORG_TYPE.district;

const hotColumns = {
  id: c.id,
  name: c.catalogName,
  departName: sql<string>`coalesce(${departs.departName}, ${c.orgCode})`,
};

/** The most viewed public entries (views and downloads together; kept counters, an index-sized read). */
export function hotDatasets(db: Executor, limit: number) {
  const heat = sql<number>`(${c.viewNum} + ${c.downloadNum})`.mapWith(Number);
  return db
    .select({ ...hotColumns, value: heat })
    .from(c)
    .leftJoin(departs, eq(departs.orgCode, c.orgCode))
    .where(isPublicSql)
    .orderBy(desc(heat), desc(c.id))
    .limit(limit);
}

/** The most called public APIs (partial index data_catalog_public_call_idx). */
export function hotApis(db: Executor, limit: number) {
  return db
    .select({ ...hotColumns, value: sql<number>`${c.callNum}`.mapWith(Number) })
    .from(c)
    .leftJoin(departs, eq(departs.orgCode, c.orgCode))
    .where(and(isPublicSql, sql`${c.callNum} > 0`))
    .orderBy(desc(c.callNum), desc(c.id))
    .limit(limit);
}

/** The newest releases (public entries by first release), for the feed's first lines. */
export function recentReleases(db: Executor, limit: number) {
  return db
    .select({ ...hotColumns, at: c.releaseTime })
    .from(c)
    .leftJoin(departs, eq(departs.orgCode, c.orgCode))
    .where(and(isPublicSql, sql`${c.releaseTime} is not null`))
    .orderBy(desc(c.releaseTime))
    .limit(limit);
}

/** The newest submitted open applications: the dataset and its department, never the applicant. */
export function recentOpenApplies(db: Executor, limit: number) {
  return db
    .select({ title: feedTitle, departName: hotColumns.departName, at: openApplies.submittedAt })
    .from(openApplies)
    .innerJoin(c, eq(c.id, openApplies.catalogId))
    .leftJoin(departs, eq(departs.orgCode, c.orgCode))
    .where(and(ne(openApplies.status, OpenApplyStatus.draft), sql`${openApplies.submittedAt} is not null`))
    .orderBy(desc(openApplies.submittedAt))
    .limit(limit);
}

/** The newest submitted share applications: the dataset and the applying department. */
export function recentShareApplies(db: Executor, limit: number) {
  return db
    .select({
      title: feedTitle,
      departName: sql<string>`coalesce(${departs.departName}, ${shareApplies.applyOrgCode})`,
      at: shareApplies.submittedAt,
    })
    .from(shareApplies)
    .innerJoin(c, eq(c.id, shareApplies.catalogId))
    .leftJoin(departs, eq(departs.orgCode, shareApplies.applyOrgCode))
    .where(and(ne(shareApplies.status, ShareStatus.draft), sql`${shareApplies.submittedAt} is not null`))
    .orderBy(desc(shareApplies.submittedAt))
    .limit(limit);
}

// --- 生产管理 -----------------------------------------------------------------------------

const shelfIs = (s: number) => sql`${c.shelfStatus} = ${s}`;
const catalogIs = (s: number) => sql`${c.catalogStatus} = ${s}`;

/** Entries per department by 编目状态 and (approved ones) 上架状态; deleted entries count nowhere. */
export function catalogueWork(db: Executor) {
  const approved = catalogIs(CatalogStatus.approved);
  const approvedAnd = (s: number) => int(sql`count(*) filter (where ${approved} and ${shelfIs(s)})`);
  return db
    .select({
      orgCode: c.orgCode,
      draft: int(sql`count(*) filter (where ${catalogIs(CatalogStatus.draft)})`),
      pending: int(sql`count(*) filter (where ${catalogIs(CatalogStatus.pending)})`),
      approved: int(sql`count(*) filter (where ${approved})`),
      rejected: int(sql`count(*) filter (where ${catalogIs(CatalogStatus.rejected)})`),
      none: approvedAnd(ShelfStatus.off),
      upPending: approvedAnd(ShelfStatus.upPending),
      on: approvedAnd(ShelfStatus.on),
      offPending: approvedAnd(ShelfStatus.downPending),
      off: approvedAnd(ShelfStatus.down),
    })
    .from(c)
    .where(ne(c.shelfStatus, ShelfStatus.deleted))
    .groupBy(c.orgCode);
}

/** Share applications per data department: awaiting the department's or the bureau's decision, and in use. */
export function shareWork(db: Executor) {
  return db
    .select({
      orgCode: shareApplies.sourceOrgCode,
      pending: int(
        sql`count(*) filter (where ${inArray(shareApplies.status, [ShareStatus.source, ShareStatus.bureau])})`,
      ),
      inUse: int(sql`count(*) filter (where ${shareApplies.status} = ${ShareStatus.inUse})`),
    })
    .from(shareApplies)
    .groupBy(shareApplies.sourceOrgCode);
}

/** Open review tasks per owning department, and those flagged or past due at `now`. */
export function taskWork(db: Executor, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  return db
    .select({
      orgCode: workflowTasks.ownerOrgCode,
      open: int(sql`count(*)`),
      overdue: int(
        sql`count(*) filter (where ${workflowTasks.overdueAt} is not null or ${workflowTasks.dueAt} < ${at})`,
      ),
    })
    .from(workflowTasks)
    .where(and(eq(workflowTasks.status, TaskStatus.open), sql`${workflowTasks.ownerOrgCode} is not null`))
    .groupBy(workflowTasks.ownerOrgCode);
}
