import { z } from 'zod';
import { PageQuery } from '../core/envelope.js';
import { tooLong, trimmedText } from '../core/fields.js';

/** sys_log.log_type: 1 sign-in and sign-out, 2 operations. */
export const LOG_TYPE = { login: 1, operation: 2 } as const;
export const LOG_TYPE_LABEL: Record<number, string> = { 1: '登录日志', 2: '操作日志' };

export const LOG_OUTCOMES = ['success', 'failure'] as const;
export type LogOutcome = (typeof LOG_OUTCOMES)[number];
export const LOG_OUTCOME_LABEL: Record<LogOutcome, string> = { success: '成功', failure: '失败' };

/** Sort fields the log list accepts; anything else is a 400. */
export const LOG_SORTABLE = ['createTime', 'username', 'costTime', 'ip'] as const;

/** The most rows one export writes; narrow the filters for more. */
export const LOG_EXPORT_MAX_ROWS = 50_000;

/** Rows older than this many days may be purged by the scheduled job (spec: at least 180 kept). */
export const LOG_KEEP_DAYS = 180;

/** `YYYY-MM-DD` or `YYYY-MM-DD HH:mm[:ss]`, read as Beijing time; a bare end date includes that whole day. */
const LogTime = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?$/, '时间格式应为 YYYY-MM-DD HH:mm:ss')
  .optional();

const text = (max: number) => trimmedText(max, tooLong(max));

export const LogFilters = z.object({
  logType: z.coerce
    .number({ error: '请选择日志类型' })
    .int()
    .refine((v) => v === 1 || v === 2, '日志类型只能是 1（登录）或 2（操作）'),
  /** Matches the account or the name, in part. */
  username: text(64),
  /** Matches the log content, in part. */
  keyWord: text(100),
  operateType: text(32),
  outcome: z.enum(LOG_OUTCOMES, { error: '结果只能是 success 或 failure' }).optional(),
  createTime_begin: LogTime,
  createTime_end: LogTime,
});
export type LogFilters = z.infer<typeof LogFilters>;

export const LogListQuery = PageQuery.extend(LogFilters.shape);
export type LogListQuery = z.infer<typeof LogListQuery>;

export const LogExportInput = LogFilters.extend({
  sort: PageQuery.shape.sort,
  order: PageQuery.shape.order,
});
export type LogExportInput = z.infer<typeof LogExportInput>;

export type LogItem = {
  id: string;
  logType: number;
  logContent: string;
  operateType: string | null;
  target: string | null;
  username: string | null;
  realname: string | null;
  ip: string | null;
  outcome: string;
  /** The request behind an operation, e.g. `POST /dtwave-om/sys/role/add`. */
  request: string | null;
  /** Milliseconds the request took, when measured. */
  costTime: number | null;
  createTime: string;
};

/** The dashboard's visit figures, from successful sign-ins (today is Beijing time). */
export type LoginInfo = { todayVisitCount: number; todayIp: number; totalVisitCount: number };

/** One day of the last seven: sign-ins and distinct addresses; `date` is `YYYY-MM-DD`. */
export type VisitInfo = { date: string; visit: number; ip: number };
