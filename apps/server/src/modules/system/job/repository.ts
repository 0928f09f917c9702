import type { JobOutcome, JobRunListQuery, JobRunRecord, JobTrigger, Page } from '@odp/contracts';
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client.js';
import { jobRuns, scheduledJobs } from '../../../db/schema/index.js';
import { paginate } from '../../../platform/resource/paging.js';

export type JobRow = typeof scheduledJobs.$inferSelect;
export type JobRunRow = typeof jobRuns.$inferSelect;

export async function findJob(db: Executor, id: string): Promise<JobRow | null> {
  const [row] = await db.select().from(scheduledJobs).where(eq(scheduledJobs.id, id)).limit(1);
  return row ?? null;
}

/** The jobs to schedule: status 0 (运行中). */
export async function selectRunningJobs(db: Executor): Promise<Pick<JobRow, 'id' | 'cronExpression'>[]> {
  return db
    .select({ id: scheduledJobs.id, cronExpression: scheduledJobs.cronExpression })
    .from(scheduledJobs)
    .where(eq(scheduledJobs.status, 0));
}

export async function setJobStatus(db: Executor, id: string, status: number): Promise<JobRow | null> {
  const [row] = await db
    .update(scheduledJobs)
    .set({ status, updatedAt: new Date() })
    .where(eq(scheduledJobs.id, id))
    .returning();
  return row ?? null;
}

/**
 * Claims one cron tick of a job for this instance by inserting its run row. The partial unique index
 * on (job_id, scheduled_for) lets exactly one instance's insert succeed; the others get no row back
 * and skip the tick. The insert only happens while the job is still 运行中 with the same expression,
 * so an instance that has not yet re-read a paused or edited job cannot run it.
 */
export async function claimSlot(
  db: Db,
  slot: { jobId: string; cronExpression: string; scheduledFor: Date; instance: string },
): Promise<string | null> {
  const tick = `${slot.jobId}@${slot.scheduledFor.toISOString()}`;
  return db.transaction(async (tx) => {
    // Instances firing the same tick mostly meet here: the loser of the advisory lock gives up at once
    // instead of queueing on the index. The insert below is still what guarantees a single run.
    const locked = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtextextended(${tick}, 0)) as locked`,
    )) as unknown as { rows: { locked: boolean }[] };
    if (!locked.rows[0]?.locked) return null;
    const result = (await tx.execute(sql`
      insert into ${jobRuns} (job_id, trigger, scheduled_for, instance)
      select j.id, 'scheduled', ${slot.scheduledFor.toISOString()}::timestamptz, ${slot.instance}
      from ${scheduledJobs} j
      where j.id = ${slot.jobId} and j.status = 0 and j.cron_expression = ${slot.cronExpression}
      on conflict do nothing
      returning id::text as id
    `)) as unknown as { rows: { id: string }[] };
    return result.rows[0]?.id ?? null;
  });
}

export async function insertManualRun(db: Executor, jobId: string, instance: string): Promise<JobRunRow> {
  const [row] = await db.insert(jobRuns).values({ jobId, trigger: 'manual', instance }).returning();
  return row;
}

export async function finishRun(
  db: Executor,
  runId: string,
  outcome: Exclude<JobOutcome, 'running'>,
  message: string,
): Promise<JobRunRow | null> {
  const [row] = await db
    .update(jobRuns)
    .set({ outcome, message: message.slice(0, 4000), finishedAt: new Date() })
    .where(eq(jobRuns.id, runId))
    .returning();
  return row ?? null;
}

export function presentRun(r: JobRunRow): JobRunRecord {
  return {
    id: r.id,
    jobId: r.jobId,
    trigger: r.trigger as JobTrigger,
    scheduledFor: r.scheduledFor?.toISOString() ?? null,
    startTime: r.startedAt.toISOString(),
    endTime: r.finishedAt?.toISOString() ?? null,
    outcome: r.outcome as JobOutcome,
    message: r.message,
    instance: r.instance,
  };
}

/** The latest run of each job, read for a page of jobs at once. */
export async function latestRuns(db: Executor, jobIds: string[]): Promise<Map<string, JobRunRow>> {
  if (jobIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([jobRuns.jobId])
    .from(jobRuns)
    .where(inArray(jobRuns.jobId, jobIds))
    .orderBy(jobRuns.jobId, desc(jobRuns.startedAt));
  return new Map(rows.map((r) => [r.jobId, r]));
}

/** Run history of one job, newest first. */
export async function listRuns(db: Db, query: JobRunListQuery): Promise<Page<JobRunRecord>> {
  const where = eq(jobRuns.jobId, query.jobId);
  return paginate(
    query,
    async (limit, offset) =>
      (
        await db
          .select()
          .from(jobRuns)
          .where(where)
          .orderBy(desc(jobRuns.startedAt), desc(jobRuns.id))
          .limit(limit)
          .offset(offset)
      ).map(presentRun),
    async () => (await db.select({ n: count() }).from(jobRuns).where(where))[0].n,
  );
}
