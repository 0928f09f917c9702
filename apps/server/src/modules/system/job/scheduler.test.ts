import { Perm } from '@odp/contracts';
import { Cron } from 'croner';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jobRuns, permissions, rolePermissions, roles, scheduledJobs, userRoles } from '../../../db/schema/index.js';
import { createStorage } from '../../../platform/storage/storage.js';
import { createUser, login } from '../../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { manualClock } from '../../../test/manual-clock.js';
import { tickOf } from './cron.js';
import { claimSlot } from './repository.js';
import { schedulerFor } from './routes.js';
import { createRunner } from './runner.js';
import { createScheduler } from './scheduler.js';

describe('claimSlot (PGlite)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const newJob = async (status = 0) =>
    (
      await ctx.db
        .insert(scheduledJobs)
        .values({ handler: 'purgeExpiredCaptchas', cronExpression: '* * * * * *', parameter: {}, status })
        .returning()
    )[0];

  it('lets exactly one of two concurrent claims of the same tick win', async () => {
    const job = await newJob();
    const scheduledFor = new Date(Date.UTC(2026, 5, 1, 8, 0, 0));
    const slot = { jobId: job.id, cronExpression: job.cronExpression, scheduledFor };
    const results = await Promise.all([
      claimSlot(ctx.db, { ...slot, instance: 'a' }),
      claimSlot(ctx.db, { ...slot, instance: 'b' }),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const rows = await ctx.db.select().from(jobRuns).where(eq(jobRuns.jobId, job.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ trigger: 'scheduled', outcome: 'running', id: results.find(Boolean) });
    expect(rows[0].scheduledFor?.toISOString()).toBe(scheduledFor.toISOString());
    // A later claim of the same tick (an instance whose timer fired late) loses too; the next tick is free.
    expect(await claimSlot(ctx.db, { ...slot, instance: 'c' })).toBeNull();
    expect(
      await claimSlot(ctx.db, { ...slot, scheduledFor: new Date(scheduledFor.getTime() + 1000), instance: 'c' }),
    ).not.toBeNull();
  });

  it('claims nothing for a stopped job or a stale expression', async () => {
    const stopped = await newJob(-1);
    const tick = new Date(Date.UTC(2026, 5, 1, 9, 0, 0));
    expect(
      await claimSlot(ctx.db, { jobId: stopped.id, cronExpression: '* * * * * *', scheduledFor: tick, instance: 'a' }),
    ).toBeNull();
    const running = await newJob(0);
    expect(
      await claimSlot(ctx.db, { jobId: running.id, cronExpression: '0 * * * * *', scheduledFor: tick, instance: 'a' }),
    ).toBeNull();
    expect(
      await ctx.db
        .select()
        .from(jobRuns)
        .where(inArray(jobRuns.jobId, [stopped.id, running.id])),
    ).toHaveLength(0);
  });

  it('manual runs (no tick) never collide with each other', async () => {
    const job = await newJob();
    await ctx.db.insert(jobRuns).values([
      { jobId: job.id, trigger: 'manual' },
      { jobId: job.id, trigger: 'manual' },
    ]);
    expect(await ctx.db.select().from(jobRuns).where(eq(jobRuns.jobId, job.id))).toHaveLength(2);
  });
});

describe('a scheduler of its own, on a manual clock', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const standalone = (start: Date, reloadIntervalMs?: number) => {
    const clock = manualClock(start);
    const log = ctx.app.log;
    const runner = createRunner({
      db: ctx.db,
      storage: createStorage('/tmp/odp-test-unused'),
      config: ctx.app.deps.config,
      log,
      clock,
    });
    const scheduler = createScheduler({ db: ctx.db, runner, log, reloadIntervalMs, clock });
    const elapse = (ms: number) => clock.advance(ms, () => scheduler.idle());
    return { clock, runner, scheduler, elapse };
  };

  const insertJob = async (cronExpression: string) =>
    (
      await ctx.db
        .insert(scheduledJobs)
        .values({ handler: 'purgeExpiredCaptchas', cronExpression, parameter: {}, status: 0 })
        .returning()
    )[0];

  it('picks up a job started or stopped in the table without being told', async () => {
    const { runner, scheduler, elapse } = standalone(new Date('2026-06-01T00:00:00.000Z'), 200);
    await scheduler.start();
    try {
      // Written directly, as another instance would: this scheduler only learns of it by re-reading.
      const job = await insertJob('* * * * * *');
      expect(scheduler.scheduledJobIds()).toEqual([]);
      await elapse(400);
      expect(scheduler.scheduledJobIds()).toEqual([job.id]);
      await elapse(1500);
      const runs = await ctx.db.select().from(jobRuns).where(eq(jobRuns.jobId, job.id));
      expect(runs.length).toBeGreaterThanOrEqual(1);
      expect(runs[0].instance).toBe(runner.instance);

      await ctx.db.update(scheduledJobs).set({ status: -1 }).where(eq(scheduledJobs.id, job.id));
      await elapse(400);
      expect(scheduler.scheduledJobIds()).toEqual([]);
    } finally {
      scheduler.stop();
      await runner.drain();
    }
  });

  it('skips a tick that comes while the previous run in this instance is still busy', async () => {
    const { clock, runner } = standalone(new Date('2026-06-02T00:00:00.000Z'));
    let entered: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = createScheduler({
      db: ctx.db,
      runner: {
        ...runner,
        runClaimed: async (job, runId) => {
          entered();
          await released;
          return runner.runClaimed(job, runId);
        },
      },
      log: ctx.app.log,
      clock,
    });
    const job = await insertJob('* * * * * *');
    await slow.start();
    try {
      await clock.advance(1000); // the tick of 00:00:01 claims its slot, then its run hangs
      await running;
      await clock.advance(1000); // 00:00:02 finds it busy
      release();
      await slow.idle();
      await clock.advance(1000, () => slow.idle()); // 00:00:03 runs again
      const runs = await ctx.db.select().from(jobRuns).where(eq(jobRuns.jobId, job.id)).orderBy(jobRuns.scheduledFor);
      expect(runs.map((r) => [r.scheduledFor?.toISOString(), r.outcome])).toEqual([
        ['2026-06-02T00:00:01.000Z', 'success'],
        ['2026-06-02T00:00:03.000Z', 'success'],
      ]);
    } finally {
      release();
      await ctx.db.update(scheduledJobs).set({ status: -1 }).where(eq(scheduledJobs.id, job.id));
      slow.stop();
      await slow.idle();
      await runner.drain();
    }
  });

  it('fires a far tick at its second, Beijing time, and not before', async () => {
    // 23:59:00 on 31 December in Beijing; the job runs at midnight on 1 January there.
    const { runner, scheduler, elapse } = standalone(new Date('2026-12-31T15:59:00.000Z'));
    const job = await insertJob('0 0 1 1 *');
    await scheduler.start();
    try {
      expect(scheduler.scheduledJobIds()).toContain(job.id);
      await elapse(59_999);
      expect(await ctx.db.select().from(jobRuns).where(eq(jobRuns.jobId, job.id))).toHaveLength(0);
      await elapse(1);
      const runs = await ctx.db.select().from(jobRuns).where(eq(jobRuns.jobId, job.id));
      expect(runs.map((r) => [r.scheduledFor?.toISOString(), r.outcome])).toEqual([
        ['2026-12-31T16:00:00.000Z', 'success'],
      ]);
    } finally {
      scheduler.stop();
      await runner.drain();
    }
  });
});

describe('tickOf', () => {
  it('is the firing second, or the tick a late callback belongs to', () => {
    const cron = new Cron('*/10 * * * * *', { paused: true, timezone: 'Asia/Shanghai' });
    expect(tickOf(cron, new Date('2026-06-01T00:00:10.004Z')).toISOString()).toBe('2026-06-01T00:00:10.000Z');
    expect(tickOf(cron, new Date('2026-06-01T00:00:11.500Z')).toISOString()).toBe('2026-06-01T00:00:10.000Z');
    cron.stop();
  });
});

describe('the scheduler in one app (PGlite)', () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestApp({ jobsEnabled: true });
    const [role] = await ctx.db.insert(roles).values({ roleCode: 'job_sched', roleName: 'job_sched' }).returning();
    const codes = [Perm.jobList, Perm.jobEdit, Perm.jobRun];
    await ctx.db
      .insert(permissions)
      .values(codes.map((perms) => ({ name: perms, menuType: 2, perms })))
      .onConflictDoNothing();
    const perms = await ctx.db.select().from(permissions).where(inArray(permissions.perms, codes));
    await ctx.db.insert(rolePermissions).values(perms.map((p) => ({ roleId: role.id, permissionId: p.id })));
    const user = await createUser(ctx.db);
    await ctx.db.insert(userRoles).values({ userId: user.id, roleId: role.id });
    token = await login(ctx, user.username, user.password);
  });
  afterAll(() => ctx.close());

  // The app's scheduler keeps the system clock; faking the timers and Date moves that clock on.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Moves time on in quarter seconds, letting each tick's claim and run finish, as within a real second. */
  async function elapse(ms: number) {
    for (let left = ms; left > 0; left -= 250) {
      await vi.advanceTimersByTimeAsync(Math.min(250, left));
      await schedulerFor(ctx.db)?.idle();
    }
  }

  const scheduledRuns = (jobId: string) =>
    ctx.db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.jobId, jobId), isNotNull(jobRuns.scheduledFor)));

  it('runs a job added as 运行中 every second at once, stops on pause, starts again on resume', async () => {
    const added = await call<{ id: string }>(ctx, 'POST', '/sys/quartzJob/add', {
      token,
      body: { handler: 'purgeExpiredCaptchas', cronExpression: '* * * * * *', status: 0 },
    });
    expect(added.status).toBe(200);
    const id = added.body.result.id;
    expect(schedulerFor(ctx.db)?.scheduledJobIds()).toContain(id);
    await elapse(2600);
    const runs = await scheduledRuns(id);
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(new Set(runs.map((r) => r.scheduledFor?.getTime())).size).toBe(runs.length);
    for (const r of runs) expect(r.scheduledFor?.getMilliseconds()).toBe(0);
    await elapse(300);
    expect((await scheduledRuns(id)).filter((r) => r.outcome === 'success').length).toBeGreaterThanOrEqual(2);

    expect((await call(ctx, 'POST', '/sys/quartzJob/pause', { token, body: { id } })).status).toBe(200);
    expect(schedulerFor(ctx.db)?.scheduledJobIds()).not.toContain(id);
    await elapse(300);
    const afterPause = (await scheduledRuns(id)).length;
    await elapse(1500);
    expect((await scheduledRuns(id)).length).toBe(afterPause);

    expect((await call(ctx, 'POST', '/sys/quartzJob/resume', { token, body: { id } })).status).toBe(200);
    await elapse(1600);
    expect((await scheduledRuns(id)).length).toBeGreaterThan(afterPause);

    // An edit to a rarely firing expression takes effect at once.
    const edited = await call(ctx, 'PUT', '/sys/quartzJob/edit', {
      token,
      body: { id, handler: 'purgeExpiredCaptchas', cronExpression: '0 0 1 1 *', status: 0 },
    });
    expect(edited.status).toBe(200);
    await elapse(300);
    const afterEdit = (await scheduledRuns(id)).length;
    await elapse(1500);
    expect((await scheduledRuns(id)).length).toBe(afterEdit);

    expect((await call(ctx, 'DELETE', '/sys/quartzJob/delete', { token, query: { id } })).status).toBe(200);
    expect(schedulerFor(ctx.db)?.scheduledJobIds()).not.toContain(id);
  });

  it('records a failing scheduled run and keeps going', async () => {
    // Stored directly: a handler the registry does not know fails every run, the process lives on.
    const [job] = await ctx.db
      .insert(scheduledJobs)
      .values({ handler: 'noSuchHandler', cronExpression: '* * * * * *', parameter: {}, status: 0 })
      .returning();
    await schedulerFor(ctx.db)?.refresh(job.id);
    await elapse(2300);
    const runs = await scheduledRuns(job.id);
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect(runs.find((r) => r.outcome === 'failure')?.message).toBe('任务类型 noSuchHandler 不存在');
    await ctx.db.update(scheduledJobs).set({ status: -1 }).where(eq(scheduledJobs.id, job.id));
    await schedulerFor(ctx.db)?.refresh(job.id);
    expect((await call(ctx, 'GET', '/health')).status).toBe(200);
  });
});
