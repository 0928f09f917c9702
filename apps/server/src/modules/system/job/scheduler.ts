import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import { JOB_TIMEZONE, tickOf } from './cron.js';
import { claimSlot, findJob, selectRunningJobs } from './repository.js';
import type { Runner } from './runner.js';

/**
 * How often every instance re-reads the job table, so that changes made through another instance
 * (add, edit, pause, resume, delete) take effect here within this time. Changes made through this
 * instance apply at once (`refresh`). Polling rather than LISTEN: PGlite has a single connection
 * and the table is tiny, so a periodic read is the simplest thing that works on both drivers.
 */
export const RELOAD_INTERVAL_MS = 30_000;

/**
 * The longest a tick timer waits before looking at the clock again: a wall clock set back or
 * forward, or a machine resumed from sleep, is noticed within this time, and a yearly job never
 * needs a delay beyond what a timer can hold.
 */
const MAX_TIMER_MS = 30_000;

/** Where the job code reads the time and sets its timers; tests move a clock of their own on. */
export type Clock = {
  now(): Date;
  /**
   * Calls `fn` once, `ms` from now; the function returned cancels it. With `unref` the timer does
   * not keep the process alive by itself.
   */
  setTimer(fn: () => unknown, ms: number, opts?: { unref?: boolean }): () => void;
};

/** The process's own time; looked up on every call, so that test fake timers apply to it too. */
export const systemClock: Clock = {
  now: () => new Date(),
  setTimer(fn, ms, opts) {
    const timer = setTimeout(fn, ms);
    if (opts?.unref) timer.unref();
    return () => clearTimeout(timer);
  },
};

export type SchedulerDeps = {
  db: Db;
  runner: Runner;
  log: FastifyBaseLogger;
  reloadIntervalMs?: number;
  clock?: Clock;
};

type Entry = { expression: string; cron: Cron; cancel?: () => void; busy: boolean };

/**
 * Keeps one timer per 运行中 job, set for its next cron tick (Beijing time). Each tick claims its slot
 * in the run table first (exactly one instance wins, see `claimSlot`), and only the winner runs the
 * handler. A tick that comes while the job's previous run in this instance is still busy is skipped.
 */
export function createScheduler(deps: SchedulerDeps) {
  const clock = deps.clock ?? systemClock;
  const timers = new Map<string, Entry>();
  const inFlight = new Set<Promise<unknown>>();
  let stopReloading: (() => void) | undefined;
  let stopped = true;

  function track(work: Promise<unknown>) {
    inFlight.add(work);
    work.finally(() => inFlight.delete(work)).catch(() => undefined);
  }

  async function fire(jobId: string, entry: Entry) {
    if (stopped) return;
    const scheduledFor = tickOf(entry.cron, clock.now());
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

  /** Sets the entry's timer for its next tick after now; an expression without one gets none. */
  function arm(jobId: string, entry: Entry) {
    const now = clock.now();
    const next = entry.cron.nextRun(now);
    if (!next) return;
    const due = next.getTime();
    entry.cancel = clock.setTimer(
      () => {
        if (timers.get(jobId) !== entry) return;
        // Woken early (the delay is capped) or by a clock that was set back: not yet its tick.
        const reached = clock.now().getTime() >= due;
        arm(jobId, entry);
        if (!reached || entry.busy) return;
        entry.busy = true;
        const work = fire(jobId, entry).finally(() => {
          entry.busy = false;
        });
        track(work);
      },
      Math.min(due - now.getTime(), MAX_TIMER_MS),
      { unref: true },
    );
  }

  function unschedule(jobId: string) {
    timers.get(jobId)?.cancel?.();
    timers.delete(jobId);
  }

  function ensure(jobId: string, expression: string) {
    const current = timers.get(jobId);
    if (current?.expression === expression) return;
    unschedule(jobId);
    try {
      const cron = new Cron(expression.trim(), { paused: true, timezone: JOB_TIMEZONE, mode: '5-or-6-parts' });
      const entry: Entry = { expression, cron, busy: false };
      arm(jobId, entry);
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

  function reloadEvery(ms: number) {
    stopReloading = clock.setTimer(
      () => {
        reloadEvery(ms);
        track(reloadAll());
      },
      ms,
      { unref: true },
    );
  }

  return {
    async start() {
      if (!stopped) return;
      stopped = false;
      await reloadAll();
      if (!stopped) reloadEvery(deps.reloadIntervalMs ?? RELOAD_INTERVAL_MS);
    },

    /** Stops every timer; runs in flight are the runner's to drain. */
    stop() {
      stopped = true;
      stopReloading?.();
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

    /** Resolves once every tick and re-read this instance has begun is over (for tests and diagnostics). */
    async idle(): Promise<void> {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
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
