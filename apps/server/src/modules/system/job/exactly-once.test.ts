import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../../../app.js';
import { loadConfig } from '../../../config.js';
import { type Database, openDatabase } from '../../../db/client.js';
import { jobRuns, scheduledJobs } from '../../../db/schema/index.js';
import { openReferenceCopy } from '../../../test/reference.js';
import { schedulerFor } from './routes.js';

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * Two server instances on one PostgreSQL database, both with the scheduler on and the same
 * every-second job: each tick must run exactly once, whichever instance wins it.
 */
describe.skipIf(!serverUrl)('exactly-once across two instances (PostgreSQL)', () => {
  let drop: (() => Promise<void>) | undefined;
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  let jobId: string;

  beforeAll(async () => {
    const first = await openReferenceCopy(serverUrl, inject('reference'));
    drop = first.drop;
    const [job] = await first.database.db
      .insert(scheduledJobs)
      .values({ handler: 'purgeExpiredCaptchas', cronExpression: '* * * * * *', parameter: {}, status: 0 })
      .returning();
    jobId = job.id;
    databases.push(first.database, await openDatabase({ url: first.url, dataDir: null }));
    const config = {
      ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/odp-test-unused', JOBS_ENABLED: '1' }),
      webDist: '/nonexistent',
    };
    // Both schedulers set their timers on the system clock as the apps start; with the timers and
    // Date faked from here on, the test moves that clock on instead of waiting for it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    for (const database of databases) {
      const app = await buildApp({ config, database });
      await app.ready();
      apps.push(app);
    }
  }, 60_000);

  afterAll(async () => {
    vi.useRealTimers();
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await drop?.();
  });

  /** Moves time on in quarter seconds, letting both instances' claims and runs finish, as within a real second. */
  async function elapse(ms: number) {
    for (let left = ms; left > 0; left -= 250) {
      await vi.advanceTimersByTimeAsync(Math.min(250, left));
      await Promise.all(databases.map((database) => schedulerFor(database.db)?.idle()));
    }
  }

  it('runs each tick once, on one of the two live instances', async () => {
    for (const database of databases) expect(schedulerFor(database.db)?.scheduledJobIds()).toEqual([jobId]);
    await elapse(3500);
    // Stop new ticks, then let the last run finish writing its outcome.
    await databases[0].db.update(scheduledJobs).set({ status: -1 }).where(eq(scheduledJobs.id, jobId));
    await elapse(500);

    const runs = await databases[0].db.select().from(jobRuns).where(eq(jobRuns.jobId, jobId));
    expect(runs.length).toBeGreaterThanOrEqual(3);
    const perTick = new Map<number, number>();
    for (const r of runs) {
      const tick = r.scheduledFor?.getTime() ?? Number.NaN;
      perTick.set(tick, (perTick.get(tick) ?? 0) + 1);
    }
    expect([...perTick.values()].every((n) => n === 1)).toBe(true);
    expect(runs.every((r) => r.trigger === 'scheduled' && r.outcome === 'success')).toBe(true);
    // Consecutive seconds, none skipped between the first and the last.
    const ticks = [...perTick.keys()].sort((a, b) => a - b);
    expect(ticks[ticks.length - 1] - ticks[0]).toBe((ticks.length - 1) * 1000);
    // Both instances are alive and still scheduling.
    for (const app of apps) {
      const res = await app.inject({ method: 'GET', url: '/dtwave-om/health' });
      expect(res.statusCode).toBe(200);
    }
    for (const database of databases) expect(schedulerFor(database.db)?.running).toBe(true);
    const instances = new Set(runs.map((r) => r.instance));
    expect(instances.size).toBeGreaterThanOrEqual(1);
  }, 30_000);
});
