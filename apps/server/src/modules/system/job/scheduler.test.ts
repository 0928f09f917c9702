import { Perm } from '@odp/contracts';
import { Cron } from 'croner';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRuns, permissions, rolePermissions, roles, scheduledJobs, userRoles } from '../../../db/schema/index.js';
import { createStorage } from '../../../platform/storage/storage.js';
import { createUser, login } from '../../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { tickOf } from './cron.js';
import { claimSlot } from './repository.js';
import { schedulerFor } from './routes.js';
import { createRunner } from './runner.js';
import { createScheduler } from './scheduler.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

describe("another instance's changes (periodic re-read)", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('picks up a job started or stopped in the table without being told', async () => {
    const log = ctx.app.log;
    const runner = createRunner({
      db: ctx.db,
      storage: createStorage('/tmp/odp-test-unused'),
      sessionIdleMs: 60_000,
      log,
    });
    const scheduler = createScheduler({ db: ctx.db, runner, log, reloadIntervalMs: 200 });
    await scheduler.start();
    try {
      // Written directly, as another instance would: this scheduler only learns of it by re-reading.
      const [job] = await ctx.db
        .insert(scheduledJobs)
        .values({ handler: 'purgeExpiredCaptchas', cronExpression: '* * * * * *', parameter: {}, status: 0 })
        .returning();
      await sleep(400);
      expect(scheduler.scheduledJobIds()).toEqual([job.id]);
      await sleep(1500);
      const runs = await ctx.db.select().from(jobRuns).where(eq(jobRuns.jobId, job.id));
      expect(runs.length).toBeGreaterThanOrEqual(1);
      expect(runs[0].instance).toBe(runner.instance);

      await ctx.db.update(scheduledJobs).set({ status: -1 }).where(eq(scheduledJobs.id, job.id));
      await sleep(400);
      expect(scheduler.scheduledJobIds()).toEqual([]);
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
    await sleep(2600);
    const runs = await scheduledRuns(id);
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(new Set(runs.map((r) => r.scheduledFor?.getTime())).size).toBe(runs.length);
    for (const r of runs) expect(r.scheduledFor?.getMilliseconds()).toBe(0);
    await sleep(300);
    expect((await scheduledRuns(id)).filter((r) => r.outcome === 'success').length).toBeGreaterThanOrEqual(2);

    expect((await call(ctx, 'POST', '/sys/quartzJob/pause', { token, body: { id } })).status).toBe(200);
    expect(schedulerFor(ctx.db)?.scheduledJobIds()).not.toContain(id);
    await sleep(300);
    const afterPause = (await scheduledRuns(id)).length;
    await sleep(1500);
    expect((await scheduledRuns(id)).length).toBe(afterPause);

    expect((await call(ctx, 'POST', '/sys/quartzJob/resume', { token, body: { id } })).status).toBe(200);
    await sleep(1600);
    expect((await scheduledRuns(id)).length).toBeGreaterThan(afterPause);

    // An edit to a rarely firing expression takes effect at once.
    const edited = await call(ctx, 'PUT', '/sys/quartzJob/edit', {
      token,
      body: { id, handler: 'purgeExpiredCaptchas', cronExpression: '0 0 1 1 *', status: 0 },
    });
    expect(edited.status).toBe(200);
    await sleep(300);
    const afterEdit = (await scheduledRuns(id)).length;
    await sleep(1500);
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
    await sleep(2300);
    const runs = await scheduledRuns(job.id);
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect(runs.find((r) => r.outcome === 'failure')?.message).toBe('任务类型 noSuchHandler 不存在');
    await ctx.db.update(scheduledJobs).set({ status: -1 }).where(eq(scheduledJobs.id, job.id));
    await schedulerFor(ctx.db)?.refresh(job.id);
    expect((await call(ctx, 'GET', '/health')).status).toBe(200);
  });
});
