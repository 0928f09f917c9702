import { z } from 'zod';
import { PageQuery } from '../core/envelope.js';
import { idOf, optionalText, trimmedText } from '../core/fields.js';

/** 定时任务状态: 0 运行中 (scheduled), -1 已停止. */
export const JOB_STATUS = { running: 0, stopped: -1 } as const;
export type JobStatus = (typeof JOB_STATUS)[keyof typeof JOB_STATUS];
export const JOB_STATUS_LABEL: Record<JobStatus, string> = { 0: '运行中', [-1]: '已停止' };

/** How a run started: by its schedule or by an administrator's 立即执行. */
export type JobTrigger = 'scheduled' | 'manual';
export const JOB_TRIGGER_LABEL: Record<JobTrigger, string> = { scheduled: '定时', manual: '手动' };

export type JobOutcome = 'running' | 'success' | 'failure';
export const JOB_OUTCOME_LABEL: Record<JobOutcome, string> = {
  running: '执行中',
  success: '成功',
  failure: '失败',
};

/** Scheduled handlers are registered in the server; the database stores only their names. */
const HandlerName = z
  .string({ error: '请选择任务类型' })
  .trim()
  .min(1, '请选择任务类型')
  .max(64, '任务类型不能超过 64 个字符');

/**
 * A 5-field (minute precision) or 6-field (with seconds) cron expression; the server checks it with
 * croner, the scheduler it runs on, so the form and the scheduler never disagree.
 */
const CronExpression = z
  .string({ error: '请输入 Cron 表达式' })
  .trim()
  .min(1, '请输入 Cron 表达式')
  .max(100, 'Cron 表达式不能超过 100 个字符');

/** The handler's parameter as JSON; its own schema (server side) checks the fields. */
const Parameter = z
  .record(z.string(), z.unknown(), { error: '任务参数须为 JSON 对象' })
  .nullable()
  .optional()
  .transform((v) => v ?? {});

const status = z.coerce
  .number()
  .int()
  .refine((v) => v === JOB_STATUS.running || v === JOB_STATUS.stopped, '状态只能是 0（运行中）或 -1（已停止）');

const JobFields = {
  handler: HandlerName,
  cronExpression: CronExpression,
  parameter: Parameter,
  description: optionalText(255, '描述'),
  status: status.default(JOB_STATUS.stopped),
};

export const JobCreateInput = z.object(JobFields);
export type JobCreateInput = z.infer<typeof JobCreateInput>;

export const JobUpdateInput = z.object({ id: idOf('任务'), ...JobFields });
export type JobUpdateInput = z.infer<typeof JobUpdateInput>;

export const JobIdQuery = z.object({ id: idOf('任务') });
export type JobIdQuery = z.infer<typeof JobIdQuery>;

export const JobListQuery = PageQuery.extend({
  handler: trimmedText(64),
  status: z.coerce
    .number()
    .int()
    .refine((v) => v === JOB_STATUS.running || v === JOB_STATUS.stopped, '状态只能是 0（运行中）或 -1（已停止）')
    .optional(),
});
export type JobListQuery = z.infer<typeof JobListQuery>;

export const JobRunListQuery = PageQuery.extend({ jobId: idOf('任务') });
export type JobRunListQuery = z.infer<typeof JobRunListQuery>;

export const JobNextRunsQuery = z.object({ cron: CronExpression });
export type JobNextRunsQuery = z.infer<typeof JobNextRunsQuery>;

export type JobRunRecord = {
  id: string;
  jobId: string;
  trigger: JobTrigger;
  /** The cron tick a scheduled run was claimed for; null for manual runs. */
  scheduledFor: string | null;
  startTime: string;
  endTime: string | null;
  outcome: JobOutcome;
  message: string | null;
  /** The server instance that ran it. */
  instance: string | null;
};

export type JobRecord = {
  id: string;
  handler: string;
  /** The handler's Chinese title, or the stored name when the server no longer knows it. */
  handlerTitle: string;
  /** False when the stored handler is not in this server's registry (it will fail to run). */
  handlerKnown: boolean;
  cronExpression: string;
  parameter: Record<string, unknown>;
  description: string | null;
  status: JobStatus;
  createdBy: string | null;
  createTime: string;
  updateTime: string;
  /** The next tick while 运行中. */
  nextRunTime: string | null;
  lastRun: JobRunRecord | null;
};

/** One entry of the server's handler registry, as the form shows it. */
export type JobHandlerInfo = {
  name: string;
  title: string;
  description: string;
  /** What each parameter field means, for the form's help text. */
  parameterHelp: string;
  defaultParameter: Record<string, unknown>;
};

export type JobNextRuns = { times: string[] };

export const JobMessages = {
  unknownHandler: (name: string) => `任务类型 ${name} 不存在`,
  badCron: (reason: string) => `Cron 表达式不正确：${reason}`,
  badParameter: (reason: string) => `任务参数不正确：${reason}`,
  notFound: '定时任务不存在或已删除',
  timeout: (seconds: number) => `执行超时（超过 ${seconds} 秒）`,
} as const;
