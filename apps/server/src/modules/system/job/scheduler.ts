import type { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import { schedule, tickOf } from './cron.js';
import { claimSlot, findJob, selectRunningJobs } from './repository.js';
import type { Runner } from './runner.js';

/**
 * How often every instance re-reads the job table, so that changes made through another instance
 * (add, edit, pause, resume, delete) take effect here within this time. Changes made through this
 * instance apply at once (`refresh`). Polling rather than LISTEN: PGlite has a single connection
 * and the table is tiny, so a periodic read is the simplest thing that works on both drivers.
 */
export const RELOAD_INTERVAL_MS = 30_000;

export type SchedulerDeps = {
  db: Db;
  runner: Runner;
  log: FastifyBaseLogger;
  reloadIntervalMs?: number;
};

type Entry = { expression: string; cron: Cron };

/**
 * Keeps one croner timer per 运行中 job. Each tick claims its slot in the run table first (exactly
 * one instance wins, see `claimSlot`), and only the winner runs the handler.
 */
export function createScheduler(deps: SchedulerDeps) {
  const timers = new Map<string, Entry>();
  let reloader: NodeJS.Timeout | undefined;
  let stopped = true;

  async function fire(jobId: string, entry: Entry) {
    if (stopped) return;
    const scheduledFor = tickOf(entry.cron, new Date());
    try {
      const runId = await claimSlot(deps.db, {
        jobId,
        cronExpression: entry.expression,
        scheduledFor,
        instance: deps.runner.instance,
      });
      if (!runId) return; // another instance has this tick, or the job was stopped or changed meanwhile
      const job = await findJob(deps.db, jobId);
      if (job) await deps.runner.runClaimed(job, runId);
    } catch (e) {
      deps.log.error({ err: e, job: jobId }, 'job tick failed');
    }
  }

  function unschedule(jobId: string) {
    timers.get(jobId)?.cron.stop();
    timers.delete(jobId);
  }

  function ensure(jobId: string, expression: string) {
    const current = timers.get(jobId);
    if (current?.expression === expression) return;
    unschedule(jobId);
    try {
      const entry = { expression } as Entry;
      entry.cron = schedule(expression, () => fire(jobId, entry));
      timers.set(jobId, entry);
    } catch (e) {
      // Stored before validation existed or edited in the database by hand: skip it, keep the others.
      deps.log.error({ err: e, job: jobId, cron: expression }, 'cannot schedule job');
    }
  }

  async function reloadAll() {
    if (stopped) return;
    try {
      const running = await selectRunningJobs(deps.db);
      if (stopped) return;
      const ids = new Set(running.map((j) => j.id));
      for (const id of [...timers.keys()]) if (!ids.has(id)) unschedule(id);
      for (const j of running) ensure(j.id, j.cronExpression);
    } catch (e) {
      deps.log.error({ err: e }, 'could not reload scheduled jobs');
    }
  }

  return {
    async start() {
      if (!stopped) return;
      stopped = false;
      await reloadAll();
      reloader = setInterval(() => void reloadAll(), deps.reloadIntervalMs ?? RELOAD_INTERVAL_MS);
      reloader.unref();
    },

    /** Stops every timer; runs in flight are the runner's to drain. */
    stop() {
      stopped = true;
      clearInterval(reloader);
      for (const id of [...timers.keys()]) unschedule(id);
    },

    /** Applies one job's current row at once after a change through this instance. */
    async refresh(jobId: string) {
      if (stopped) return;
      const job = await findJob(deps.db, jobId);
      if (job && job.status === 0) ensure(job.id, job.cronExpression);
      else unschedule(jobId);
    },

    /** Drops one job's timer in this instance without reading the database. */
    forget(jobId: string) {
      unschedule(jobId);
    },

    /** Job ids with a live timer in this instance (for tests and diagnostics). */
    scheduledJobIds(): string[] {
      return [...timers.keys()];
    },

    get running() {
      return !stopped;
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
