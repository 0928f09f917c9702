import {
  CATALOGUE_MACHINE,
  CataloguePerm,
  HOME_TREND_MONTHS,
  type HomeCataloging,
  type HomeCollection,
  type HomeDataService,
  type HomeDataStatistics,
  type HomeShareFigures,
  type HomeShareServices,
  type HomeToDo,
  type HomeWorkOrder,
  type MyDataItem,
  type MyDataPageQuery,
  type Page,
  SHARE_MACHINE,
} from '@odp/contracts';
import { and, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { shareApplies } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';
import { departmentFilter } from '../../platform/auth/scope.js';
import { cityDate, dayStart } from '../../platform/city-days.js';
import { installedModules } from '../../platform/module-registry.js';
import { orderBy, paginate } from '../../platform/resource/paging.js';
import { scopeFilter as catalogueScope } from '../catalogue/scope.js';
import { countWorkOrders, inboxOf, liveEntry } from '../catalogue/workorder/repository.js';
import { pendingWorkOrderCount } from '../catalogue/workorder/service.js';
import { countCentre } from '../news/repository.js';
import {
  collectionCounts,
  countMyData,
  decidedBy,
  exchangeRowsByMonth,
  myDataNewestFirst,
  myDataSortable,
  myDataWhere,
  notOfSubject,
  openTask,
  publishedByMonth,
  publishedCounts,
  selectMyData,
  shareCallFigures,
  shareCallsByMonth,
  sharedEntryFigures,
  shareStateCounts,
  submittedTaskCount,
} from './repository.js';

/**
 * The back-office home page's figures. Sharing is seen from one side of the application (the data's
 * department, or the applying one) and the catalogue by the entry's department; the holders of each
 * domain's all-departments permission (share:bureauReview, catalog:review) see the whole city, a user
 * without a department nothing.
 */

/** Applications for the caller department's data (the data's department, 数源部门). */
const providing = (actor: Actor) =>
  departmentFilter(actor, {
    column: shareApplies.sourceOrgCode,
    allDepartmentsPermission: SHARE_MACHINE.allDepartmentsPermission,
  });

/** Applications the caller's department made. */
const using = (actor: Actor) =>
  departmentFilter(actor, {
    column: shareApplies.applyOrgCode,
    allDepartmentsPermission: SHARE_MACHINE.allDepartmentsPermission,
  });

export const myProvideService = (db: Db, actor: Actor): Promise<HomeShareServices> =>
  shareStateCounts(db, providing(actor));
export const myUseService = (db: Db, actor: Actor): Promise<HomeShareServices> => shareStateCounts(db, using(actor));

/** One decimal of a percentage; null without calls. */
export const successRate = (succeeded: number, calls: number) =>
  calls === 0 ? null : Math.round((succeeded * 1000) / calls) / 10;

/** 数据共享: what the caller department's data gave through sharing. */
export async function dataApply(db: Db, actor: Actor, now = new Date()): Promise<HomeShareFigures> {
  const scope = providing(actor);
  const entries = await sharedEntryFigures(db, scope, now);
  const calls = await shareCallFigures(db, scope);
  return {
    sharedDataDirectory: entries.directories,
    sharedBatchData: entries.batch,
    sharedServiceInterface: entries.interfaces,
    sharedDataVolume: entries.rows,
    interfaceAmount: calls.calls,
    interfaceSuccessRate: successRate(calls.succeeded, calls.calls),
  };
}

// --- work orders and messages ----------------------------------------------------------------

/**
 * The 工单 inbox's tasks the actor deals with and matching `where`. The catalogue's reviews belong to
 * its reviewers (the inbox's own permission); anyone else deals only with the other subjects' tasks
 * the inbox lets them see (their department's share and open-application reviews).
 */
function inboxCount(db: Db, actor: Actor, where: SQL | undefined) {
  const reviewsCatalogue = actor.perms.has(CataloguePerm.workOrder);
  return countWorkOrders(
    db,
    and(where, reviewsCatalogue ? undefined : notOfSubject(CATALOGUE_MACHINE.subject)),
    inboxOf(actor),
  );
}

/** The subjects whose tasks are work orders: the catalogue's and those other modules list in the inbox. */
const workOrderSubjects = () => [CATALOGUE_MACHINE.subject, ...installedModules().workOrderSources.keys()];

const unreadMessages = (db: Db, actor: Actor) => countCentre(db, actor.userId, { unreadOnly: true });

/** Read messages of the message centre: all of them less the unread. */
async function readMessages(db: Db, actor: Actor) {
  const all = await countCentre(db, actor.userId, { unreadOnly: false });
  return all - (await unreadMessages(db, actor));
}

export async function toDo(db: Db, actor: Actor): Promise<HomeToDo> {
  return {
    allWorkTotal: await submittedTaskCount(db, actor.userId, workOrderSubjects()),
    handleTotal: await inboxCount(db, actor, decidedBy(actor.userId)),
    readTotal: await readMessages(db, actor),
  };
}

export async function workOrder(db: Db, actor: Actor): Promise<HomeWorkOrder> {
  const workTotal = actor.perms.has(CataloguePerm.workOrder)
    ? await pendingWorkOrderCount(db, actor)
    : await inboxCount(db, actor, and(openTask, liveEntry));
  return { workTotal, totalMessages: await unreadMessages(db, actor) };
}

// --- the catalogue ------------------------------------------------------------------------------

export async function dataCataloging(db: Db, actor: Actor): Promise<HomeCataloging> {
  const row = await publishedCounts(db, catalogueScope(actor));
  return { catalogTotal: row.total, tableTotal: row.tables, interfaceTotal: row.interfaces };
}

export async function dataCollection(db: Db, actor: Actor): Promise<HomeCollection> {
  const row = await collectionCounts(db, catalogueScope(actor));
  return { uploadTotal: row.collected, wholeTotal: row.whole, collection: row.rows };
}

/** 我的数据目录: the department's entries on shelf (every department's for reviewers), newest first. */
export async function myDataPage(db: Db, actor: Actor, query: MyDataPageQuery): Promise<Page<MyDataItem>> {
  const where = myDataWhere(catalogueScope(actor), query.catalogName);
  const order = orderBy(query, myDataSortable, myDataNewestFirst);
  const page = await paginate(
    query,
    (limit, offset) => selectMyData(db, where, order, limit, offset),
    () => countMyData(db, where),
  );
  return {
    ...page,
    records: page.records.map((r) => ({ ...r, releaseTime: r.releaseTime?.toISOString() ?? null })),
  };
}

// --- the charts ----------------------------------------------------------------------------------

/** The last `n` months of the city, oldest first, and the instant the first one began. */
export function lastMonths(now: Date, n = HOME_TREND_MONTHS): { months: string[]; since: Date } {
  const [year, month] = cityDate(now).split('-').map(Number);
  const months = Array.from({ length: n }, (_, i) =>
    new Date(Date.UTC(year, month - 1 - (n - 1 - i), 1)).toISOString().slice(0, 7),
  );
  return { months, since: dayStart(`${months[0]}-01`) };
}

/** Values by month in the months' order, 0 for a month without rows. */
function series<R extends { month: string }>(months: string[], rows: R[], value: (r: R) => number): number[] {
  const byMonth = new Map(rows.map((r) => [r.month, value(r)]));
  return months.map((m) => byMonth.get(m) ?? 0);
}

export async function dataService(db: Db, actor: Actor, now = new Date()): Promise<HomeDataService> {
  const { months, since } = lastMonths(now);
  const rows = await publishedByMonth(db, catalogueScope(actor), since);
  return {
    yearMonthList: months,
    apiServiceNumList: series(months, rows, (r) => r.interfaces),
    tableServiceNumList: series(months, rows, (r) => r.tables),
    dataDirectoryNumList: series(months, rows, (r) => r.total),
  };
}

export async function dataStatistics(db: Db, actor: Actor, now = new Date()): Promise<HomeDataStatistics> {
  const { months, since } = lastMonths(now);
  const scope = providing(actor);
  const calls = await shareCallsByMonth(db, scope, since);
  const exchanged = await exchangeRowsByMonth(db, scope, since);
  const exchangedRows = series(months, exchanged, (r) => r.rows);
  return {
    yearMonthList: months,
    apiTotalNumList: series(months, calls, (r) => r.calls),
    tableTotalNumList: series(months, calls, (r) => r.rows).map((n, i) => n + exchangedRows[i]),
  };
}
