import {
  OpsMessages as M,
  type OpsRetryInput,
  type OpsRun,
  type OpsRunQuery,
  type OpsSourceInfo,
  type OpsTask,
  type OpsTaskAction,
  type OpsTaskQuery,
  type Page,
  toPage,
} from '@odp/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth/actor.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { installedModules } from '../../platform/module-registry.js';
import type { OpsRunRow, OpsSource, OpsTaskRow } from '../../platform/operations/source.js';
import { findRun, findTask, runPage, taskPage } from './repository.js';

const sources = () => [...installedModules().opsSources.values()];

function sourceOf(kind: string): OpsSource {
  const source = installedModules().opsSources.get(kind);
  if (!source) throw badRequest(M.unknownKind);
  return source;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const allows = (s: OpsSource, task: OpsTaskRow, action: 'run' | 'pause' | 'resume') =>
  Boolean(s[action]) && (s.allows ? s.allows(task, action) : true);

function presentTask(source: OpsSource, t: OpsTaskRow, now: Date): OpsTask {
  const finished = t.lastStartedAt && t.lastFinishedAt ? t.lastFinishedAt.getTime() - t.lastStartedAt.getTime() : null;
  return {
    key: `${source.kind}:${t.id}`,
    kind: source.kind,
    kindLabel: source.label,
    id: t.id,
    name: t.name,
    departName: t.departName,
    schedule: t.schedule,
    status: t.status,
    lastStartedAt: iso(t.lastStartedAt),
    lastFinishedAt: iso(t.lastFinishedAt),
    lastOutcome: t.lastOutcome,
    lastDurationMs: finished,
    lastMessage: t.lastMessage,
    nextRunAt: iso(t.nextRunAt ?? source.nextRun?.(t, now) ?? null),
    canRun: allows(source, t, 'run'),
    canPause: allows(source, t, 'pause'),
    canResume: allows(source, t, 'resume'),
  };
}

function presentRun(source: OpsSource, r: OpsRunRow): OpsRun {
  return {
    key: `${source.kind}:${r.id}`,
    kind: source.kind,
    kindLabel: source.label,
    id: r.id,
    taskId: r.taskId,
    taskName: r.taskName,
    trigger: r.trigger,
    startedAt: r.startedAt.toISOString(),
    finishedAt: iso(r.finishedAt),
    durationMs: r.finishedAt ? r.finishedAt.getTime() - r.startedAt.getTime() : null,
    outcome: r.outcome,
    message: r.message,
    canRetry: r.outcome === 'failure' && Boolean(source.retry),
  };
}

/**
 * 任务运维: reads every declared kind of background task through one statement and hands 立即执行,
 * 暂停, 恢复 and 重试 to the kind's own services, which log and check as they always do.
 */
export function operationsService(config: Config) {
  return {
    kinds(): OpsSourceInfo[] {
      return sources().map((s) => ({ kind: s.kind, label: s.label }));
    },

    async tasks(db: Db, q: OpsTaskQuery, now = new Date()): Promise<Page<OpsTask>> {
      if (q.kind) sourceOf(q.kind);
      const { total, rows } = await taskPage(db, sources(), q);
      return toPage(
        rows.map(({ kind, row }) => presentTask(sourceOf(kind), row, now)),
        total,
        q,
      );
    },

    async runs(db: Db, q: OpsRunQuery): Promise<Page<OpsRun>> {
      if (q.kind) sourceOf(q.kind);
      const { total, rows } = await runPage(db, sources(), q);
      return toPage(
        rows.map(({ kind, row }) => presentRun(sourceOf(kind), row)),
        total,
        q,
      );
    },

    /** 立即执行 / 暂停 / 恢复; answers the task as it is afterwards, with the run's message for 立即执行. */
    async act(db: Db, actor: Actor, input: OpsTaskAction): Promise<{ task: OpsTask | null; message: string }> {
      const source = sourceOf(input.kind);
      const task = await findTask(db, source, input.id);
      if (!task) throw notFound(M.taskNotFound);
      const label = { run: '立即执行', pause: '暂停', resume: '恢复' }[input.action];
      if (!allows(source, task, input.action)) throw badRequest(M.cannot(label));
      const ctx = { db, actor, config };
      let message = `已${label}`;
      if (input.action === 'run') message = (await source.run?.(ctx, task.id)) ?? message;
      else if (input.action === 'pause') await source.pause?.(ctx, task.id);
      else await source.resume?.(ctx, task.id);
      const after = await findTask(db, source, input.id);
      return { task: after ? presentTask(source, after, new Date()) : null, message };
    },

    /** 重试 of a failed run: the kind runs the task again as that run did. */
    async retry(db: Db, actor: Actor, input: OpsRetryInput): Promise<{ message: string }> {
      const source = sourceOf(input.kind);
      const run = await findRun(db, source, input.runId);
      if (!run) throw notFound(M.runNotFound);
      if (run.outcome !== 'failure') throw badRequest(M.retryOnlyFailed);
      if (!source.retry) throw badRequest(M.cannot('重试'));
      return { message: await source.retry({ db, actor, config }, run) };
    },
  };
}
