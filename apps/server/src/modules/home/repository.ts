import { ShareStatus, ShelfStatus, TaskStatus } from '@odp/contracts';
import { and, count, desc, eq, gt, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  catalogueFiles,
  catalogues,
  departs,
  exchangeRuns,
  exchangeTasks,
  openCallLogs,
  openGrants,
  shareApplies as sa,
  workflowTasks,
} from '../../db/schema/index.js';
import { containing } from '../../platform/resource/like.js';

/**
 * Every statement of the home page: each is one aggregate over the rows in the caller's scope
 * (`scope` is the department filter the service built, undefined for the whole city), so no request
 * loads rows to count them.
 */

const int = (expression: SQL) => sql<number>`(${expression})::bigint`.mapWith(Number);
const countWhere = (condition: SQL) => int(sql`count(*) filter (where ${condition})`);

/** A timestamp's month in the city (UTC+8) as `YYYY-MM`; the zone is a literal, so the select list and GROUP BY match. */
const cityMonth = (column: AnyPgColumn) => sql<string>`to_char(${column} at time zone 'Asia/Shanghai', 'YYYY-MM')`;

const DATA_CALLS = ['rows', 'service'];
const BATCH_FORMATS = ['table', 'file'];

// --- share applications -------------------------------------------------------------------

/** Applications in `scope` (a side of them: the data's department or the applying one) by state. */
export async function shareStateCounts(db: Executor, scope: SQL | undefined) {
  const [row] = await db
    .select({
      sharingApproval: countWhere(inArray(sa.status, [ShareStatus.source, ShareStatus.bureau])),
      using: countWhere(eq(sa.status, ShareStatus.inUse)),
      historySharing: countWhere(eq(sa.status, ShareStatus.released)),
    })
    .from(sa)
    .where(scope);
  return row;
}

/** Entries of applications in `scope` that have a share grant live at `now`, with their format and rows. */
export async function sharedEntryFigures(db: Executor, scope: SQL | undefined, now: Date) {
  const shared = db
    .selectDistinct({ catalogId: sa.catalogId })
    .from(sa)
    .innerJoin(openGrants, eq(openGrants.shareApplyId, sa.id))
    .where(
      and(
        scope,
        isNull(openGrants.revokedAt),
        lte(openGrants.startsAt, now),
        or(isNull(openGrants.endsAt), gt(openGrants.endsAt, now)),
      ),
    )
    .as('shared');
  const batch = inArray(catalogues.dataFormat, BATCH_FORMATS);
  const [row] = await db
    .select({
      directories: int(sql`count(*)`),
      batch: countWhere(batch),
      interfaces: countWhere(eq(catalogues.dataFormat, 'api')),
      rows: int(sql`coalesce(sum(${catalogues.totalNum}) filter (where ${batch}), 0)`),
    })
    .from(shared)
    .innerJoin(catalogues, eq(catalogues.id, shared.catalogId));
  return row;
}

/** Calls with a share application's key on the entry it was granted. */
const shareCalls = and(eq(openCallLogs.appId, sa.appId), eq(openCallLogs.catalogId, sa.catalogId));
const dataCall = inArray(openCallLogs.kind, DATA_CALLS);

/** Data calls made with the keys of applications in `scope`: all of them and those answered below 400. */
export async function shareCallFigures(db: Executor, scope: SQL | undefined) {
  const [row] = await db
    .select({ calls: int(sql`count(*)`), succeeded: countWhere(sql`${openCallLogs.status} < 400`) })
    .from(sa)
    .innerJoin(openCallLogs, shareCalls)
    .where(and(scope, dataCall));
  return row;
}

/** Per month since `since`: those calls, and the rows their successful row calls returned. */
export async function shareCallsByMonth(db: Executor, scope: SQL | undefined, since: Date) {
  const month = cityMonth(openCallLogs.at);
  return db
    .select({
      month,
      calls: int(sql`count(*)`),
      rows: int(
        sql`coalesce(sum(${openCallLogs.rows}) filter (where ${openCallLogs.status} < 400 and ${openCallLogs.kind} = 'rows'), 0)`,
      ),
    })
    .from(sa)
    .innerJoin(openCallLogs, shareCalls)
    .where(and(scope, dataCall, gte(openCallLogs.at, since)))
    .groupBy(month);
}

/** Per month since `since`: rows the successful exchange runs of applications in `scope` copied. */
export async function exchangeRowsByMonth(db: Executor, scope: SQL | undefined, since: Date) {
  const month = cityMonth(exchangeRuns.finishedAt);
  return db
    .select({ month, rows: int(sql`coalesce(sum(${exchangeRuns.rows}), 0)`) })
    .from(sa)
    .innerJoin(exchangeTasks, eq(exchangeTasks.shareApplyId, sa.id))
    .innerJoin(exchangeRuns, eq(exchangeRuns.taskId, exchangeTasks.id))
    .where(and(scope, eq(exchangeRuns.outcome, '1'), gte(exchangeRuns.finishedAt, since)))
    .groupBy(month);
}

// --- the catalogue ------------------------------------------------------------------------

const onShelf = eq(catalogues.shelfStatus, ShelfStatus.on);
const isTable = eq(catalogues.dataFormat, 'table');
const isApi = eq(catalogues.dataFormat, 'api');

/** Entries on shelf in `scope`: all, 库表 and 接口. */
export async function publishedCounts(db: Executor, scope: SQL | undefined) {
  const [row] = await db
    .select({ total: int(sql`count(*)`), tables: countWhere(isTable), interfaces: countWhere(isApi) })
    .from(catalogues)
    .where(and(onShelf, scope));
  return row;
}

/**
 * Entries in `scope` (deleted ones aside): all, those holding data in the datastore (a live data
 * file, or a current copy named by the mount: a synced table or Excel 数据上报), and their rows.
 */
export async function collectionCounts(db: Executor, scope: SQL | undefined) {
  const liveDataFile = sql`exists (select 1 from ${catalogueFiles} where ${catalogueFiles.catalogId} = ${catalogues.id}
    and ${catalogueFiles.kind} = 'data' and ${catalogueFiles.deletedAt} is null)`;
  const heldCopy = sql`(${catalogues.mount}->>'resourceId') is not null`;
  const [row] = await db
    .select({
      whole: int(sql`count(*)`),
      collected: countWhere(sql`(${liveDataFile} or ${heldCopy})`),
      rows: int(sql`coalesce(sum(${catalogues.totalNum}), 0)`),
    })
    .from(catalogues)
    .where(and(sql`${catalogues.shelfStatus} <> ${ShelfStatus.deleted}`, scope));
  return row;
}

/** Entries on shelf in `scope` first published since `since`, per month: all, 库表 and 接口. */
export function publishedByMonth(db: Executor, scope: SQL | undefined, since: Date) {
  const month = cityMonth(catalogues.releaseTime);
  return db
    .select({ month, total: int(sql`count(*)`), tables: countWhere(isTable), interfaces: countWhere(isApi) })
    .from(catalogues)
    .where(and(onShelf, gte(catalogues.releaseTime, since), scope))
    .groupBy(month);
}

/** 我的数据目录: entries on shelf in `scope`, with their department's name. */
export const myDataColumns = {
  id: catalogues.id,
  catalogName: catalogues.catalogName,
  sourceSystem: catalogues.sourceSystem,
  departName: departs.departName,
  releaseTime: catalogues.releaseTime,
};

export const myDataSortable: Record<string, AnyPgColumn> = {
  releaseTime: catalogues.releaseTime,
  catalogName: catalogues.catalogName,
};

export const myDataNewestFirst = sql`${catalogues.releaseTime} desc nulls last`;

export const myDataWhere = (scope: SQL | undefined, catalogName: string | undefined) =>
  and(onShelf, scope, catalogName ? ilike(catalogues.catalogName, containing(catalogName)) : undefined);

export function selectMyData(
  db: Executor,
  where: SQL | undefined,
  order: SQL | AnyPgColumn,
  limit: number,
  offset: number,
) {
  return db
    .select(myDataColumns)
    .from(catalogues)
    .leftJoin(departs, eq(departs.orgCode, catalogues.orgCode))
    .where(where)
    .orderBy(order, desc(catalogues.id))
    .limit(limit)
    .offset(offset);
}

export async function countMyData(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(catalogues).where(where);
  return Number(row.n);
}

// --- work orders ----------------------------------------------------------------------------

/** Tasks of these subject types the user submitted (a record's later reviews keep its submitter). */
export async function submittedTaskCount(db: Executor, userId: string, subjectTypes: string[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(workflowTasks)
    .where(and(eq(workflowTasks.submitterId, userId), inArray(workflowTasks.subjectType, subjectTypes)));
  return Number(row.n);
}

/** Conditions on the inbox's tasks: decided by the user (a submitter's recall is no decision), or still open. */
export const decidedBy = (userId: string) =>
  and(
    eq(workflowTasks.status, TaskStatus.done),
    eq(workflowTasks.handlerId, userId),
    sql`${workflowTasks.decision} is distinct from 'recall'`,
  );
export const openTask = eq(workflowTasks.status, TaskStatus.open);
export const notOfSubject = (subjectType: string) => sql`${workflowTasks.subjectType} <> ${subjectType}`;
