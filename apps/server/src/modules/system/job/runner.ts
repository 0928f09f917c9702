import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { JobMessages } from '@odp/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import type { Storage } from '../../../platform/storage/storage.js';
import { findHandler } from './registry.js';
import { finishRun, insertManualRun, type JobRow, type JobRunRow } from './repository.js';
import { type Clock, systemClock } from './scheduler.js';

/** A handler that runs longer than this is recorded as failed (it is asked to stop through its signal). */
export const DEFAULT_RUN_TIMEOUT_MS = 10 * 60_000;

export type RunnerDeps = {
  db: Db;
  storage: Storage;
  config: Config;
  log: FastifyBaseLogger;
  timeoutMs?: number;
  clock?: Clock;
};

/** A name for this server instance in the run history: host, process and a per-app suffix. */
export function instanceName(): string {
  return `${hostname().slice(0, 40)}-${process.pid}-${randomBytes(3).toString('hex')}`;
}

const reason = (e: unknown) => (e instanceof Error ? e.message : String(e)) || '未知错误';

/**
 * Runs handlers and records their outcome on the run row. Never throws: a failing handler is a
 * 'failure' with its message, and a failure to record it is logged, so that a job cannot bring the
 * process down. Tracks runs in flight so that closing the app waits for them before the database goes.
 */
export function createRunner(deps: RunnerDeps) {
  const clock = deps.clock ?? systemClock;
  const instance = instanceName();
  const timeoutMs = deps.timeoutMs ?? DEFAULT_RUN_TIMEOUT_MS;
  const inFlight = new Set<Promise<unknown>>();
  const controllers = new Set<AbortController>();

  async function invoke(job: JobRow): Promise<{ outcome: 'success' | 'failure'; message: string }> {
    const handler = findHandler(job.handler);
    if (!handler) return { outcome: 'failure', message: JobMessages.unknownHandler(job.handler) };
    const controller = new AbortController();
    controllers.add(controller);
    let cancelTimeout: (() => void) | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        cancelTimeout = clock.setTimer(() => {
          controller.abort();
          reject(new Error(JobMessages.timeout(Math.round(timeoutMs / 1000))));
        }, timeoutMs);
      });
      const work = handler.run(
        {
          db: deps.db,
          storage: deps.storage,
          config: deps.config,
          now: clock.now(),
          signal: controller.signal,
        },
        job.parameter,
      );
      // The handler may still settle after a timeout; its rejection must not go unhandled.
      work.catch(() => undefined);
      return { outcome: 'success', message: await Promise.race([work, timeout]) };
    } catch (e) {
      return { outcome: 'failure', message: reason(e) };
    } finally {
      cancelTimeout?.();
      controllers.delete(controller);
    }
  }

  async function complete(job: JobRow, runId: string): Promise<JobRunRow | null> {
    const result = await invoke(job);
    if (result.outcome === 'failure')
      deps.log.warn({ job: job.id, handler: job.handler, err: result.message }, 'job failed');
    try {
      return await finishRun(deps.db, runId, result.outcome, result.message);
    } catch (e) {
      deps.log.error({ err: e, job: job.id, run: runId }, 'could not record job outcome');
      return null;
    }
  }

  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work);
    work.finally(() => inFlight.delete(work)).catch(() => undefined);
    return work;
  }

  return {
    instance,

    /** Runs a claimed scheduled tick; the run row exists already (see `claimSlot`). */
    runClaimed(job: JobRow, runId: string): Promise<JobRunRow | null> {
      return track(complete(job, runId));
    },

    /** 立即执行: a run row with trigger 'manual', run now, the finished row returned. */
    runManual(job: JobRow): Promise<JobRunRow> {
      return track(
        (async () => {
          const run = await insertManualRun(deps.db, job.id, instance);
          return (await complete(job, run.id)) ?? run;
        })(),
      );
    },

    /** Asks running handlers to stop and waits (bounded by their timeouts) until their outcome is written. */
    async drain(): Promise<void> {
      for (const c of controllers) c.abort();
      await Promise.allSettled([...inFlight]);
    },
  };
}

export type Runner = ReturnType<typeof createRunner>;
