import type { JobCreateInput, JobListQuery, JobRecord, JobStatus, JobUpdateInput } from '@odp/contracts';
import { desc, eq } from 'drizzle-orm';
import { scheduledJobs } from '../../../db/schema/index.js';
import type { ResourceSpec } from '../../../platform/resource/resource.js';
import { parseCron } from './cron.js';
import { findHandler } from './registry.js';
import { type JobRow, latestRuns, presentRun } from './repository.js';

const titleOf = (handler: string) => findHandler(handler)?.title ?? handler;

/** The next tick of a 运行中 job, for the list; null when stopped or the stored expression is broken. */
function nextRunOf(job: JobRow): string | null {
  if (job.status !== 0) return null;
  const parsed = parseCron(job.cronExpression);
  if (!parsed.ok) return null;
  const next = parsed.cron.nextRun();
  parsed.cron.stop();
  return next?.toISOString() ?? null;
}

/**
 * The plain list and writes of 定时任务. Inputs reach `toInsert`/`toUpdate` already checked and with
 * the handler's defaults applied (service.ts), so these only map fields.
 */
export const jobResource: ResourceSpec<JobRow, JobRecord, JobCreateInput, JobUpdateInput, JobListQuery> = {
  label: '定时任务',
  table: scheduledJobs,
  id: scheduledJobs.id,
  filters: (q) => [
    q.handler ? eq(scheduledJobs.handler, q.handler) : undefined,
    q.status !== undefined ? eq(scheduledJobs.status, q.status) : undefined,
  ],
  sortable: {
    handler: scheduledJobs.handler,
    status: scheduledJobs.status,
    createTime: scheduledJobs.createdAt,
    updateTime: scheduledJobs.updatedAt,
  },
  defaultOrder: desc(scheduledJobs.createdAt),
  present: async (db, rows) => {
    const last = await latestRuns(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((j) => {
      const run = last.get(j.id);
      return {
        id: j.id,
        handler: j.handler,
        handlerTitle: titleOf(j.handler),
        handlerKnown: Boolean(findHandler(j.handler)),
        cronExpression: j.cronExpression,
        parameter: (j.parameter ?? {}) as Record<string, unknown>,
        description: j.description,
        status: (j.status === 0 ? 0 : -1) as JobStatus,
        createdBy: j.createdBy,
        createTime: j.createdAt.toISOString(),
        updateTime: j.updatedAt.toISOString(),
        nextRunTime: nextRunOf(j),
        lastRun: run ? presentRun(run) : null,
      };
    });
  },
  toInsert: (input, actor) => ({
    handler: input.handler,
    cronExpression: input.cronExpression,
    parameter: input.parameter,
    description: input.description,
    status: input.status,
    createdBy: actor.username,
  }),
  toUpdate: (input) => ({
    handler: input.handler,
    cronExpression: input.cronExpression,
    parameter: input.parameter,
    description: input.description,
    status: input.status,
    updatedAt: new Date(),
  }),
  describe: (j) => `${titleOf(j.handler)}（${j.cronExpression}）`,
};
