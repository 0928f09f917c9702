import {
  LOG_EXPORT_MAX_ROWS,
  LOG_KEEP_DAYS,
  LOG_OUTCOME_LABEL,
  LOG_TYPE_LABEL,
  type LogExportInput,
  type LogItem,
  type LoginInfo,
  type LogListQuery,
  type LogOutcome,
  type Page,
  type VisitInfo,
} from '@odp/contracts';
import ExcelJS from 'exceljs';
import type { Db, Executor } from '../../../db/client.js';
import { logOperation } from '../../../platform/audit/log.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { orderBy, paginate } from '../../../platform/resource/paging.js';
import { neutraliseFormula } from '../../files/cells.js';
import {
  countLogs,
  deleteLogsBefore,
  LOG_DEFAULT_ORDER,
  LOG_SORT_COLUMNS,
  logWhere,
  presentLog,
  selectLogs,
  totalVisits,
  visitsByDay,
} from './repository.js';

const DAY_MS = 86_400_000;
const BEIJING_OFFSET_MS = 8 * 3_600_000;

/** `YYYY-MM-DD` of the Beijing day `daysAgo` days before `now`. */
const cityDate = (now: Date, daysAgo = 0) =>
  new Date(now.getTime() + BEIJING_OFFSET_MS - daysAgo * DAY_MS).toISOString().slice(0, 10);
const cityMidnight = (date: string) => new Date(`${date}T00:00:00+08:00`);

export async function listLogs(db: Db, query: LogListQuery): Promise<Page<LogItem>> {
  const where = logWhere(query);
  const order = orderBy(query, LOG_SORT_COLUMNS, LOG_DEFAULT_ORDER);
  return paginate(
    query,
    async (limit, offset) => (await selectLogs(db, where, order, limit, offset)).map(presentLog),
    () => countLogs(db, where),
  );
}

const time = (iso: string) => new Date(iso).toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' });

const EXPORT_COLUMNS: { header: string; width: number; value: (l: LogItem) => string | number }[] = [
  { header: '日志类型', width: 10, value: (l) => LOG_TYPE_LABEL[l.logType] ?? String(l.logType) },
  { header: '日志内容', width: 50, value: (l) => l.logContent },
  { header: '操作类型', width: 16, value: (l) => l.operateType ?? '' },
  { header: '操作对象', width: 30, value: (l) => l.target ?? '' },
  { header: '用户账号', width: 16, value: (l) => l.username ?? '' },
  { header: '用户姓名', width: 14, value: (l) => l.realname ?? '' },
  { header: 'IP 地址', width: 16, value: (l) => l.ip ?? '' },
  { header: '请求', width: 40, value: (l) => l.request ?? '' },
  { header: '结果', width: 8, value: (l) => LOG_OUTCOME_LABEL[l.outcome as LogOutcome] ?? l.outcome },
  { header: '耗时（毫秒）', width: 12, value: (l) => l.costTime ?? '' },
  { header: '时间', width: 20, value: (l) => time(l.createTime) },
];

/** The filtered logs (at most LOG_EXPORT_MAX_ROWS) as .xlsx; text cells are neutralised against formulas. */
export async function exportLogs(db: Db, actor: Actor, input: LogExportInput): Promise<Buffer> {
  const where = logWhere(input);
  const order = orderBy(input, LOG_SORT_COLUMNS, LOG_DEFAULT_ORDER);
  const rows = (await selectLogs(db, where, order, LOG_EXPORT_MAX_ROWS)).map(presentLog);
  const wb = new ExcelJS.Workbook();
  wb.creator = '滨江市公共数据开放平台';
  const sheet = wb.addWorksheet(LOG_TYPE_LABEL[input.logType] ?? '日志');
  sheet.columns = EXPORT_COLUMNS.map((c, i) => ({ header: c.header, key: String(i), width: c.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of rows) {
    sheet.addRow(
      EXPORT_COLUMNS.map((c) => {
        const v = c.value(row);
        return typeof v === 'string' ? neutraliseFormula(v) : v;
      }),
    );
  }
  await logOperation(db, actor, {
    content: `导出${LOG_TYPE_LABEL[input.logType] ?? '日志'} ${rows.length} 条`,
    operateType: 'log:export',
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function loginInfo(db: Db, now = new Date()): Promise<LoginInfo> {
  const today = cityDate(now);
  const [[day], total] = await Promise.all([visitsByDay(db, cityMidnight(today)), totalVisits(db)]);
  return { todayVisitCount: day?.visit ?? 0, todayIp: day?.ip ?? 0, totalVisitCount: total };
}

/** The last seven Beijing days, oldest first, days without sign-ins included as zeros. */
export async function visitInfo(db: Db, now = new Date()): Promise<VisitInfo[]> {
  const dates = Array.from({ length: 7 }, (_, i) => cityDate(now, 6 - i));
  const rows = await visitsByDay(db, cityMidnight(dates[0]));
  const byDate = new Map(rows.map((r) => [r.date, r]));
  return dates.map((date) => ({ date, visit: byDate.get(date)?.visit ?? 0, ip: byDate.get(date)?.ip ?? 0 }));
}

/**
 * Deletes log rows older than `keepDays` days; the scheduled-job registry calls it. Returns the
 * number of rows deleted. The floor keeps the retention the specification asks for.
 */
export async function purgeOldLogs(db: Executor, keepDays = LOG_KEEP_DAYS, now = new Date()): Promise<number> {
  if (!Number.isInteger(keepDays) || keepDays < 1) throw new RangeError('keepDays must be a positive integer');
  return deleteLogsBefore(db, new Date(now.getTime() - keepDays * DAY_MS));
}
