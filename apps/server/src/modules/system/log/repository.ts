import type { LOG_SORTABLE, LogFilters, LogItem } from '@odp/contracts';
import { and, count, countDistinct, desc, eq, gte, ilike, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client.js';
import { logs } from '../../../db/schema/index.js';
import { LogType } from '../../../platform/audit/log.js';
import { badRequest } from '../../../platform/http/errors.js';
import { containing } from '../../../platform/resource/like.js';

type LogRow = typeof logs.$inferSelect;

/** Sort fields of the log list (contracts LOG_SORTABLE) mapped to columns. */
export const LOG_SORT_COLUMNS: Record<(typeof LOG_SORTABLE)[number], AnyPgColumn> = {
  createTime: logs.createdAt,
  username: logs.username,
  costTime: logs.costTime,
  ip: logs.ip,
};
export const LOG_DEFAULT_ORDER = desc(logs.createdAt);

/** The content the sign-in service writes for a successful sign-in; sign-outs and failures are not visits. */
const SIGN_IN_CONTENT = '登录成功';
/** Visit days are Beijing days, whatever the server's zone. */
const CITY_ZONE = 'Asia/Shanghai';

/** A filter time as an instant: no zone means Beijing time; a bare end date runs to the end of that day. */
function instant(value: string, field: string): { at: Date; dateOnly: boolean } {
  const dateOnly = value.length === 10;
  const at = new Date(`${dateOnly ? `${value}T00:00:00` : value.replace(' ', 'T')}+08:00`);
  if (Number.isNaN(at.getTime())) throw badRequest(`时间不正确（字段 ${field}）`);
  return { at, dateOnly };
}

/** The WHERE clause of the log list and its export; every value is bound, never spliced. */
export function logWhere(q: LogFilters): SQL | undefined {
  const begin = q.createTime_begin ? instant(q.createTime_begin, 'createTime_begin') : null;
  const end = q.createTime_end ? instant(q.createTime_end, 'createTime_end') : null;
  const endAt = end?.dateOnly ? new Date(end.at.getTime() + 86_400_000) : end?.at;
  if (begin && endAt && begin.at >= endAt) throw badRequest('开始时间不能晚于结束时间');
  return and(
    eq(logs.logType, q.logType),
    q.username
      ? or(ilike(logs.username, containing(q.username)), ilike(logs.realname, containing(q.username)))
      : undefined,
    q.keyWord ? ilike(logs.logContent, containing(q.keyWord)) : undefined,
    q.operateType ? eq(logs.operateType, q.operateType) : undefined,
    q.outcome ? eq(logs.outcome, q.outcome) : undefined,
    begin ? gte(logs.createdAt, begin.at) : undefined,
    endAt ? (end?.dateOnly ? lt(logs.createdAt, endAt) : lte(logs.createdAt, endAt)) : undefined,
  );
}

export function selectLogs(db: Executor, where: SQL | undefined, order: SQL | AnyPgColumn, limit: number, offset = 0) {
  return db.select().from(logs).where(where).orderBy(order, desc(logs.id)).limit(limit).offset(offset);
}

export async function countLogs(db: Executor, where: SQL | undefined) {
  const [row] = await db.select({ n: count() }).from(logs).where(where);
  return row.n;
}

export function presentLog(r: LogRow): LogItem {
  return {
    id: r.id,
    logType: r.logType,
    logContent: r.logContent,
    operateType: r.operateType,
    target: r.target,
    username: r.username,
    realname: r.realname,
    ip: r.ip,
    outcome: r.outcome,
    request: r.method && r.requestUrl ? `${r.method} ${r.requestUrl}` : null,
    costTime: r.costTime,
    createTime: r.createdAt.toISOString(),
  };
}

const signIns = and(eq(logs.logType, LogType.login), eq(logs.outcome, 'success'), eq(logs.logContent, SIGN_IN_CONTENT));
// The zone is a constant spliced as a literal: a bound parameter would differ between the select list and
// GROUP BY ($1 vs $2), and PostgreSQL would refuse the grouping.
const cityDay = sql<string>`to_char(${logs.createdAt} at time zone ${sql.raw(`'${CITY_ZONE}'`)}, 'YYYY-MM-DD')`;

/** Sign-ins and distinct addresses since `since`, per Beijing day. */
export async function visitsByDay(db: Executor, since: Date) {
  const rows = await db
    .select({ date: cityDay, visit: count(), ip: countDistinct(logs.ip) })
    .from(logs)
    .where(and(signIns, gte(logs.createdAt, since)))
    .groupBy(cityDay);
  return rows.map((r) => ({ date: r.date, visit: Number(r.visit), ip: Number(r.ip) }));
}

export async function totalVisits(db: Executor) {
  const [row] = await db.select({ n: count() }).from(logs).where(signIns);
  return row.n;
}

/** Deletes log rows created before `before`; returns how many went. */
export async function deleteLogsBefore(db: Executor, before: Date) {
  const gone = await db.delete(logs).where(lt(logs.createdAt, before)).returning({ id: logs.id });
  return gone.length;
}
