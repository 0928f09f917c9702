import {
  type Page,
  SHARE_MACHINE,
  SHARE_STATUS_LABEL,
  type ShareListItem,
  type SharePageQuery,
  type ShareReleaseReason,
  ShareStatus,
} from '@odp/contracts';
import { and, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { shareApplies as sa } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';
import { seesAllDepartments } from '../../platform/auth/scope.js';
import { dayEnd, dayStart, isRealDate } from '../../platform/city-days.js';
import { badRequest } from '../../platform/http/errors.js';
import { containing } from '../../platform/resource/like.js';
import { paginate } from '../../platform/resource/paging.js';
import { callsOfShare, countSharePage, listColumns, type SharePageRow, selectSharePage } from './repository.js';
import { rowActions } from './service.js';

const { draft, source, bureau, inUse, rejected, released } = ShareStatus;

/** The states each list (queryType) shows; 我的数据 keeps the department's drafts too, to go on with. */
const STATES: Record<number, string[]> = {
  1: [draft, inUse, released],
  2: [source, bureau],
  3: [inUse],
  4: [released],
  5: [rejected],
};

/** The date each list's time filter and default order go by: 开通, 发起, 开通, 释放, 驳回. */
const DATE_OF: Record<number, AnyPgColumn> = {
  1: sa.openedAt,
  2: sa.submittedAt,
  3: sa.openedAt,
  4: sa.releasedAt,
  5: sa.rejectedAt,
};

const SORTABLE: Record<string, SQL | AnyPgColumn> = {
  launchDate: sa.submittedAt,
  openDate: sa.openedAt,
  shareOffDate: sa.releasedAt,
  rejectDate: sa.rejectedAt,
  applyTitle: sa.title,
  createTime: sa.createdAt,
  totalNumber: callsOfShare,
};

/**
 * Whose applications a list shows: 我的数据 the caller department's own; 审批中 its own and those
 * waiting on it as the data's department; the other lists its own and those for its data. The bureau
 * sees every department's.
 */
function sideOf(actor: Actor, queryType: number): SQL | undefined {
  if (seesAllDepartments(actor, SHARE_MACHINE.allDepartmentsPermission)) return undefined;
  if (!actor.orgCode) return sql`false`;
  const own = eq(sa.applyOrgCode, actor.orgCode);
  const forItsData = eq(sa.sourceOrgCode, actor.orgCode);
  if (queryType === 1) return own;
  if (queryType === 2) return or(own, and(forItsData, eq(sa.status, source)));
  return or(own, forItsData);
}

function dateRange(column: AnyPgColumn, from: string | null | undefined, to: string | null | undefined) {
  for (const d of [from, to]) if (d && !isRealDate(d)) throw badRequest(`日期 ${d} 无效`);
  return [from ? gte(column, dayStart(from)) : undefined, to ? lt(column, dayEnd(to)) : undefined];
}

function orderOf(q: SharePageQuery): SQL[] {
  const newestFirst = [sql`${DATE_OF[q.queryType]} desc nulls last`, sql`${sa.createdAt} desc`, sql`${sa.id} desc`];
  if (!q.sort) return newestFirst;
  const by = Object.hasOwn(SORTABLE, q.sort) ? SORTABLE[q.sort] : undefined;
  if (!by) throw badRequest(`不支持按 ${q.sort} 排序`);
  return [q.order === 'asc' ? sql`${by} asc nulls last` : sql`${by} desc nulls last`, ...newestFirst];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function whereOf(actor: Actor, q: SharePageQuery): SQL | undefined {
  return and(
    inArray(sa.status, STATES[q.queryType]),
    sideOf(actor, q.queryType),
    q.applyTitle ? ilike(sa.title, containing(q.applyTitle)) : undefined,
    q.catalogName ? ilike(listColumns.catalogName, containing(q.catalogName)) : undefined,
    q.useAppSystem
      ? UUID.test(q.useAppSystem)
        ? eq(sa.useAppSystemId, q.useAppSystem)
        : ilike(listColumns.appName, containing(q.useAppSystem))
      : undefined,
    q.applyDept ? eq(sa.applyOrgCode, q.applyDept) : undefined,
    q.shareType ? eq(listColumns.dataFormat, q.shareType) : undefined,
    q.myDataStatus ? eq(sa.status, q.myDataStatus) : undefined,
    q.shareOffStatus ? eq(sa.releaseReason, q.shareOffStatus) : undefined,
    ...dateRange(DATE_OF[q.queryType], q.startDate, q.endDate),
  );
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

function present(r: SharePageRow, actions: ShareListItem['actions']): ShareListItem {
  const { row } = r;
  const status = row.status as ShareStatus;
  const decided = row.grantedItems !== null;
  return {
    applyId: row.id,
    processCode: row.processCode,
    applyTitle: row.title,
    catalogId: row.catalogId,
    catalogName: r.catalogName,
    useAppSystem: r.useAppSystemName,
    applyDeptName: r.applyDeptName,
    sourceDeptName: r.sourceDeptName,
    shareType: r.dataFormat,
    status,
    statusLabel: SHARE_STATUS_LABEL[status] ?? status,
    launchDate: iso(row.submittedAt),
    openDate: iso(row.openedAt),
    shareOffDate: iso(row.releasedAt),
    shareOffStatus: (row.releaseReason as ShareReleaseReason | null) ?? null,
    rejectDate: iso(row.rejectedAt),
    message: row.rejectReason,
    totalNumber: Number(r.totalNumber ?? 0),
    // What was granted once the data's department decided, else what was applied for.
    startTime: decided ? row.grantedStartTime : row.startTime,
    endTime: decided ? row.grantedEndTime : row.endTime,
    ifForever: decided ? Boolean(row.grantedForever) : row.forever,
    actions,
  };
}

/** `/api/shareData/page`: one of the five lists, filtered, sorted (newest first by default) and paged. */
export async function sharePage(db: Db, actor: Actor, q: SharePageQuery): Promise<Page<ShareListItem>> {
  const where = whereOf(actor, q);
  const page = await paginate(
    q,
    (limit, offset) => selectSharePage(db, where, orderOf(q), limit, offset),
    () => countSharePage(db, where),
  );
  const actionsOf = await rowActions(db, actor);
  return { ...page, records: page.records.map((r) => present(r, actionsOf(r.row, r.shareType))) };
}
