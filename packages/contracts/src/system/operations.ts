import { z } from 'zod';
import { PageQuery } from '../core/envelope.js';
import { optionalText } from '../core/fields.js';

/**
 * 任务运维 (/OPS): every background task of the platform in one list — scheduled jobs, table syncs,
 * exchange tasks, scheduled publications, indicator runs… — each kind declared by the module that owns
 * it. `kind` names the declaring source; ids are that source's own.
 */
export const OpsPerm = {
  /** 任务列表 (Work). */
  work: 'ops:work:list',
  /** 执行记录 (Examples). */
  examples: 'ops:examples:list',
  /** 立即执行, 暂停, 恢复, 重试. */
  operate: 'ops:operate',
} as const;

/** 启用 (runs by its schedule), 已暂停 (kept, not run), 已停止 (finished for good, e.g. a released grant). */
export type OpsTaskStatus = 'active' | 'paused' | 'stopped';
export const OPS_TASK_STATUS_LABEL: Record<OpsTaskStatus, string> = {
  active: '启用',
  paused: '已暂停',
  stopped: '已停止',
};

export type OpsOutcome = 'running' | 'success' | 'failure';
export const OPS_OUTCOME_LABEL: Record<OpsOutcome, string> = { running: '执行中', success: '成功', failure: '失败' };

/** scheduled: by its timer; manual: 立即执行 or an officer's own start; retry: 重试 of a failed run. */
export type OpsTrigger = 'scheduled' | 'manual' | 'retry';
export const OPS_TRIGGER_LABEL: Record<OpsTrigger, string> = { scheduled: '定时', manual: '手动', retry: '重试' };

export type OpsSourceInfo = { kind: string; label: string };

export type OpsTask = {
  /** `kind:id`, unique across kinds. */
  key: string;
  kind: string;
  kindLabel: string;
  id: string;
  name: string;
  departName: string | null;
  /** How it is scheduled, in words or as its cron expression. */
  schedule: string | null;
  status: OpsTaskStatus;
  lastStartedAt: string | null;
  lastFinishedAt: string | null;
  lastOutcome: OpsOutcome | null;
  /** Milliseconds of the last finished run. */
  lastDurationMs: number | null;
  lastMessage: string | null;
  nextRunAt: string | null;
  canRun: boolean;
  canPause: boolean;
  canResume: boolean;
};

export type OpsRun = {
  /** `kind:id`, unique across kinds. */
  key: string;
  kind: string;
  kindLabel: string;
  id: string;
  taskId: string;
  taskName: string;
  trigger: OpsTrigger;
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
  outcome: OpsOutcome;
  message: string | null;
  canRetry: boolean;
};

const kind = z.string().trim().max(32).optional();
const outcome = z.enum(['running', 'success', 'failure'], { error: '执行结果不正确' }).optional();

export const OpsTaskQuery = PageQuery.extend({
  kind,
  status: z.enum(['active', 'paused', 'stopped'], { error: '任务状态不正确' }).optional(),
  outcome,
  keyword: optionalText(100, '关键词'),
});
export type OpsTaskQuery = z.infer<typeof OpsTaskQuery>;

export const OpsRunQuery = PageQuery.extend({
  kind,
  taskId: z.string().trim().max(64).optional(),
  outcome,
  keyword: optionalText(100, '关键词'),
});
export type OpsRunQuery = z.infer<typeof OpsRunQuery>;

const required = (what: string) =>
  z
    .string({ error: `请指定${what}` })
    .trim()
    .min(1, `请指定${what}`)
    .max(64, `${what}不正确`);

export const OpsTaskAction = z.object({
  kind: required('任务类别'),
  id: required('任务'),
  action: z.enum(['run', 'pause', 'resume'], { error: '操作只能是 run、pause 或 resume' }),
});
export type OpsTaskAction = z.infer<typeof OpsTaskAction>;

export const OpsRetryInput = z.object({ kind: required('任务类别'), runId: required('执行记录') });
export type OpsRetryInput = z.infer<typeof OpsRetryInput>;

export const OpsMessages = {
  unknownKind: '任务类别不存在',
  taskNotFound: '任务不存在',
  runNotFound: '执行记录不存在',
  cannot: (what: string) => `该任务不支持${what}`,
  retryOnlyFailed: '只能重试失败的执行记录',
} as const;
