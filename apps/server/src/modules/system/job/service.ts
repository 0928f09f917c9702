import {
  JOB_STATUS,
  type JobCreateInput,
  type JobHandlerInfo,
  JobMessages,
  type JobRecord,
  type JobRunRecord,
  type JobUpdateInput,
} from '@odp/contracts';
import type { Db } from '../../../db/client.js';
import { logOperation } from '../../../platform/audit/log.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { resourceService } from '../../../platform/resource/resource.js';
import { nextRunTimes, parseCron } from './cron.js';
import { findHandler, listHandlers } from './registry.js';
import { findJob, presentRun, setJobStatus } from './repository.js';
import { jobResource } from './resource.js';
import type { Runner } from './runner.js';
import type { Scheduler } from './scheduler.js';

const resource = resourceService(jobResource);

export const listJobs = resource.list;

/** What the form offers: every registered handler with its default parameter. */
export function handlerInfos(): JobHandlerInfo[] {
  return listHandlers().map((h) => ({
    name: h.name,
    title: h.title,
    description: h.description,
    parameterHelp: h.parameterHelp,
    defaultParameter: h.defaults(),
  }));
}

export function nextRuns(cron: string, n = 5): string[] {
  const result = nextRunTimes(cron, n);
  if (!result.ok) throw badRequest(JobMessages.badCron(result.error), { field: 'cronExpression' });
  return result.times.map((t) => t.toISOString());
}

/**
 * The registry knows the handler, croner accepts the expression and the handler's schema the
 * parameter; returns the input with the parameter's defaults applied, which is what is stored.
 */
function checked<T extends JobCreateInput>(input: T): T {
  const handler = findHandler(input.handler);
  if (!handler) throw badRequest(JobMessages.unknownHandler(input.handler), { field: 'handler' });
  const cron = parseCron(input.cronExpression);
  if (!cron.ok) throw badRequest(JobMessages.badCron(cron.error), { field: 'cronExpression' });
  cron.cron.stop();
  const parameter = handler.parse(input.parameter);
  if (!parameter.ok) throw badRequest(JobMessages.badParameter(parameter.error), { field: 'parameter' });
  return { ...input, cronExpression: input.cronExpression.trim(), parameter: parameter.value };
}

/** The job operations that also move this instance's timers. */
export function jobService(scheduler: Scheduler, runner: Runner) {
  async function requireJob(db: Db, id: string) {
    const job = await findJob(db, id);
    if (!job) throw notFound(JobMessages.notFound);
    return job;
  }

  async function changeStatus(db: Db, actor: Actor, id: string, status: number): Promise<JobRecord> {
    await db.transaction(async (tx) => {
      const job = await findJob(tx, id);
      if (!job) throw notFound(JobMessages.notFound);
      await setJobStatus(tx, id, status);
      const title = findHandler(job.handler)?.title ?? job.handler;
      await logOperation(tx, actor, {
        content: `${status === JOB_STATUS.running ? '启动' : '停止'}定时任务：${title}（${job.cronExpression}）`,
        operateType: status === JOB_STATUS.running ? 'jobResume' : 'jobPause',
        target: id,
      });
    });
    await scheduler.refresh(id);
    return resource.get(db, actor, id);
  }

  return {
    async create(db: Db, actor: Actor, input: JobCreateInput): Promise<JobRecord> {
      const job = await resource.create(db, actor, checked(input));
      await scheduler.refresh(job.id);
      return job;
    },

    async update(db: Db, actor: Actor, input: JobUpdateInput): Promise<JobRecord> {
      const job = await resource.update(db, actor, checked(input));
      await scheduler.refresh(job.id);
      return job;
    },

    /**
     * Stops this instance's timer first, so that no tick starts here while the row goes; other
     * instances can no longer claim a tick once the row is gone (see `claimSlot`). Runs go with it.
     */
    async remove(db: Db, actor: Actor, id: string): Promise<void> {
      await requireJob(db, id);
      scheduler.forget(id);
      try {
        await resource.remove(db, actor, [id]);
      } catch (e) {
        await scheduler.refresh(id);
        throw e;
      }
    },

    pause: (db: Db, actor: Actor, id: string) => changeStatus(db, actor, id, JOB_STATUS.stopped),
    resume: (db: Db, actor: Actor, id: string) => changeStatus(db, actor, id, JOB_STATUS.running),

    /** 立即执行: runs whatever the status, waits for the outcome and returns the run. */
    async execute(db: Db, actor: Actor, id: string): Promise<JobRunRecord> {
      const job = await requireJob(db, id);
      const title = findHandler(job.handler)?.title ?? job.handler;
      const run = await runner.runManual(job);
      await logOperation(db, actor, {
        content: `立即执行定时任务：${title}（${run.outcome === 'success' ? '成功' : '失败'}：${run.message ?? ''}）`,
        operateType: 'jobExecute',
        target: id,
        outcome: run.outcome === 'success' ? 'success' : 'failure',
      });
      return presentRun(run);
    },
  };
}

export type JobService = ReturnType<typeof jobService>;
