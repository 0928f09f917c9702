import { randomBytes } from 'node:crypto';
import {
  type JobHandlerInfo,
  type JobNextRuns,
  type JobRecord,
  type JobRunRecord,
  LOG_KEEP_DAYS,
  type Page,
  Perm,
} from '@odp/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRuns, logs, scheduledJobs } from '../../../db/schema/index.js';
import { signedInWith } from '../../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { schedulerFor } from './routes.js';

let ctx: TestContext;
/** list + edit + execute */
let adminToken: string;
/** list only */
let readerToken: string;
/** signed in without any job permission */
let plainToken: string;

const uniq = () => randomBytes(4).toString('hex');

beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = (await signedInWith(ctx, [Perm.jobList, Perm.jobEdit, Perm.jobRun])).token;
  readerToken = (await signedInWith(ctx, [Perm.jobList])).token;
  plainToken = (await signedInWith(ctx, [])).token;
});
afterAll(() => ctx.close());

async function insertJob(overrides: Partial<typeof scheduledJobs.$inferInsert> = {}) {
  const [job] = await ctx.db
    .insert(scheduledJobs)
    .values({
      handler: 'purgeExpiredCaptchas',
      cronExpression: '0 */10 * * * *',
      parameter: {},
      status: -1,
      description: `测试任务${uniq()}`,
      ...overrides,
    })
    .returning();
  return job;
}

const jobCount = async () => (await ctx.db.select({ n: count() }).from(scheduledJobs))[0].n;
const opLogs = (target: string, operateType: string) =>
  ctx.db
    .select()
    .from(logs)
    .where(and(eq(logs.target, target), eq(logs.operateType, operateType)));

describe('GET /sys/quartzJob/handlers', () => {
  it('needs a token and the list permission', async () => {
    expect((await call(ctx, 'GET', '/sys/quartzJob/handlers')).status).toBe(401);
    expect((await call(ctx, 'GET', '/sys/quartzJob/handlers', { token: plainToken })).status).toBe(403);
  });

  it('lists the registry with titles and default parameters', async () => {
    const res = await call<JobHandlerInfo[]>(ctx, 'GET', '/sys/quartzJob/handlers', { token: readerToken });
    expect(res.status).toBe(200);
    const byName = new Map(res.body.result.map((h) => [h.name, h]));
    expect([...byName.keys()].sort()).toEqual(
      [
        'achievementLinkCheck',
        'bigScreenRefresh',
        'cleanTemporaryUploads',
        'computeIndicators',
        'markOverdueCatalogues',
        'openApiHousekeeping',
        'openApplyExpiry',
        'openApplyReports',
        'publishScheduledContent',
        'purgeExpiredCaptchas',
        'purgeExpiredSessions',
        'purgeOldLogs',
        'releaseExpiredShares',
        'runExchangeTasks',
        'syncMountedTables',
        'workflowDeadlines',
      ].sort(),
    );
    expect(byName.get('purgeOldLogs')?.defaultParameter).toEqual({ days: LOG_KEEP_DAYS });
    expect(byName.get('purgeOldLogs')?.title).toBe('清理过期日志');
  });
});

describe('GET /sys/quartzJob/nextRuns', () => {
  it('needs a token and the list permission', async () => {
    const query = { cron: '* * * * *' };
    expect((await call(ctx, 'GET', '/sys/quartzJob/nextRuns', { query })).status).toBe(401);
    expect((await call(ctx, 'GET', '/sys/quartzJob/nextRuns', { token: plainToken, query })).status).toBe(403);
  });

  it('gives the next five times of a 5- or 6-field expression', async () => {
    const five = await call<JobNextRuns>(ctx, 'GET', '/sys/quartzJob/nextRuns', {
      token: readerToken,
      query: { cron: '10 3 * * *' },
    });
    expect(five.status).toBe(200);
    expect(five.body.result.times).toHaveLength(5);
    // 03:10 Beijing is 19:10 UTC, a day apart.
    for (const t of five.body.result.times) expect(t).toMatch(/T19:10:00\.000Z$/);
    const six = await call<JobNextRuns>(ctx, 'GET', '/sys/quartzJob/nextRuns', {
      token: readerToken,
      query: { cron: '*/15 * * * * *' },
    });
    const [a, b] = six.body.result.times.map((t) => Date.parse(t));
    expect(b - a).toBe(15_000);
  });

  it('refuses a bad expression with a Chinese reason', async () => {
    for (const cron of ['61 * * * *', '* * * *', 'a b c d e', '0 0 30 2 *', '* * * * * * *']) {
      const res = await call(ctx, 'GET', '/sys/quartzJob/nextRuns', { token: readerToken, query: { cron } });
      expect(res.status, cron).toBe(400);
      expect(res.body.message).toMatch(/^Cron 表达式不正确：/);
    }
    const res = await call(ctx, 'GET', '/sys/quartzJob/nextRuns', {
      token: readerToken,
      query: { cron: '61 * * * *' },
    });
    expect(res.body.message).toContain('分的取值 61 超出范围');
  });
});

describe('POST /sys/quartzJob/add', () => {
  const body = {
    handler: 'purgeOldLogs',
    cronExpression: '0 10 3 * * *',
    parameter: { days: 200 },
    description: '测试',
  };

  it('needs a token and the edit permission', async () => {
    const before = await jobCount();
    expect((await call(ctx, 'POST', '/sys/quartzJob/add', { body })).status).toBe(401);
    expect((await call(ctx, 'POST', '/sys/quartzJob/add', { token: readerToken, body })).status).toBe(403);
    expect(await jobCount()).toBe(before);
  });

  it('stores the job with the parameter defaults applied and logs it', async () => {
    const res = await call<JobRecord>(ctx, 'POST', '/sys/quartzJob/add', {
      token: adminToken,
      body: { handler: 'purgeOldLogs', cronExpression: ' 0 10 3 * * * ', parameter: null, description: '日志' },
    });
    expect(res.status).toBe(200);
    const job = res.body.result;
    expect(job).toMatchObject({
      handler: 'purgeOldLogs',
      handlerTitle: '清理过期日志',
      cronExpression: '0 10 3 * * *',
      parameter: { days: LOG_KEEP_DAYS },
      status: -1,
      nextRunTime: null,
      lastRun: null,
    });
    const [row] = await ctx.db.select().from(scheduledJobs).where(eq(scheduledJobs.id, job.id));
    expect(row.parameter).toEqual({ days: LOG_KEEP_DAYS });
    expect(await opLogs(job.id, 'add')).toHaveLength(1);
  });

  it('a job added as 运行中 shows its next run time', async () => {
    const res = await call<JobRecord>(ctx, 'POST', '/sys/quartzJob/add', {
      token: adminToken,
      body: { ...body, status: 0 },
    });
    expect(res.status).toBe(200);
    expect(res.body.result.status).toBe(0);
    expect(res.body.result.nextRunTime).toMatch(/T19:10:00\.000Z$/);
    // The harness leaves the timers off (JOBS_ENABLED=0): nothing runs behind the tests' backs.
    expect(schedulerFor(ctx.db)?.running).toBe(false);
  });

  it.each([
    [{ ...body, handler: 'java.lang.Runtime' }, '任务类型 java.lang.Runtime 不存在'],
    [{ ...body, handler: 'constructor' }, '任务类型 constructor 不存在'],
    [{ ...body, cronExpression: '0 25 * * *' }, 'Cron 表达式不正确：时的取值 25 超出范围'],
    [{ ...body, cronExpression: 'every day' }, 'Cron 表达式不正确：'],
    [{ ...body, parameter: { days: 30 } }, '任务参数不正确：days：不能小于 180'],
    [{ ...body, parameter: { days: 'many' } }, '任务参数不正确：days：'],
    [{ ...body, parameter: { keep: 200 } }, '任务参数不正确：不支持的参数 keep'],
    [{ ...body, parameter: [1, 2] }, '任务参数须为 JSON 对象'],
  ])('refuses %j with a 400 and writes nothing', async (input, message) => {
    const before = await jobCount();
    const res = await call(ctx, 'POST', '/sys/quartzJob/add', { token: adminToken, body: input });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(await jobCount()).toBe(before);
  });
});

describe('GET /sys/quartzJob/list', () => {
  it('needs a token and the list permission', async () => {
    expect((await call(ctx, 'GET', '/sys/quartzJob/list')).status).toBe(401);
    expect((await call(ctx, 'GET', '/sys/quartzJob/list', { token: plainToken })).status).toBe(403);
  });

  it('pages and filters by handler and status, with the last run', async () => {
    const running = await insertJob({ handler: 'purgeExpiredSessions', status: 0, parameter: { days: 7 } });
    const stopped = await insertJob({ handler: 'purgeExpiredSessions', status: -1, parameter: { days: 7 } });
    await ctx.db.insert(jobRuns).values({
      jobId: running.id,
      trigger: 'manual',
      outcome: 'success',
      message: '较早',
      startedAt: new Date(Date.now() - 60_000),
    });
    await ctx.db.insert(jobRuns).values({ jobId: running.id, trigger: 'manual', outcome: 'failure', message: '最新' });

    const res = await call<Page<JobRecord>>(ctx, 'GET', '/sys/quartzJob/list', {
      token: readerToken,
      query: { handler: 'purgeExpiredSessions', status: '0', pageNo: '1', pageSize: '50' },
    });
    expect(res.status).toBe(200);
    const ids = res.body.result.records.map((r) => r.id);
    expect(ids).toContain(running.id);
    expect(ids).not.toContain(stopped.id);
    const item = res.body.result.records.find((r) => r.id === running.id);
    expect(item?.lastRun).toMatchObject({ outcome: 'failure', message: '最新' });
    expect(item?.handlerTitle).toBe('清理失效会话');
    expect(item?.nextRunTime).not.toBeNull();

    const paged = await call<Page<JobRecord>>(ctx, 'GET', '/sys/quartzJob/list', {
      token: readerToken,
      query: { pageNo: '1', pageSize: '1', sort: 'createTime', order: 'asc' },
    });
    expect(paged.body.result.records).toHaveLength(1);
    expect(paged.body.result.total).toBeGreaterThanOrEqual(2);
  });

  it('refuses an unknown sort field', async () => {
    const res = await call(ctx, 'GET', '/sys/quartzJob/list', { token: readerToken, query: { sort: 'parameter' } });
    expect(res.status).toBe(400);
  });
});

describe('PUT /sys/quartzJob/edit', () => {
  it('needs a token and the edit permission', async () => {
    const job = await insertJob();
    const body = { id: job.id, handler: 'purgeExpiredCaptchas', cronExpression: '0 * * * *' };
    expect((await call(ctx, 'PUT', '/sys/quartzJob/edit', { body })).status).toBe(401);
    expect((await call(ctx, 'PUT', '/sys/quartzJob/edit', { token: readerToken, body })).status).toBe(403);
    const [row] = await ctx.db.select().from(scheduledJobs).where(eq(scheduledJobs.id, job.id));
    expect(row.cronExpression).toBe('0 */10 * * * *');
  });

  it('changes handler, expression and parameter and logs it', async () => {
    const job = await insertJob();
    const res = await call<JobRecord>(ctx, 'PUT', '/sys/quartzJob/edit', {
      token: adminToken,
      body: {
        id: job.id,
        handler: 'cleanTemporaryUploads',
        cronExpression: '0 4 * * *',
        parameter: { hours: 48 },
        description: '改过',
        status: -1,
      },
    });
    expect(res.status).toBe(200);
    const [row] = await ctx.db.select().from(scheduledJobs).where(eq(scheduledJobs.id, job.id));
    expect(row).toMatchObject({
      handler: 'cleanTemporaryUploads',
      cronExpression: '0 4 * * *',
      parameter: { hours: 48 },
      description: '改过',
    });
    expect(await opLogs(job.id, 'edit')).toHaveLength(1);
  });

  it('refuses a bad parameter for the new handler and leaves the row', async () => {
    const job = await insertJob();
    const res = await call(ctx, 'PUT', '/sys/quartzJob/edit', {
      token: adminToken,
      body: { id: job.id, handler: 'cleanTemporaryUploads', cronExpression: '0 4 * * *', parameter: { hours: 0 } },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('任务参数不正确：hours：不能小于 1');
    const [row] = await ctx.db.select().from(scheduledJobs).where(eq(scheduledJobs.id, job.id));
    expect(row.handler).toBe('purgeExpiredCaptchas');
  });

  it('404s for an unknown id', async () => {
    const res = await call(ctx, 'PUT', '/sys/quartzJob/edit', {
      token: adminToken,
      body: {
        id: '00000000-0000-4000-8000-000000000000',
        handler: 'purgeExpiredCaptchas',
        cronExpression: '* * * * *',
      },
    });
    expect(res.status).toBe(404);
  });
});

describe('POST /sys/quartzJob/pause and resume', () => {
  it('need a token and the edit permission', async () => {
    const job = await insertJob();
    const query = { id: job.id };
    for (const path of ['/sys/quartzJob/pause', '/sys/quartzJob/resume']) {
      expect((await call(ctx, 'POST', path, { body: query })).status).toBe(401);
      expect((await call(ctx, 'POST', path, { token: readerToken, body: query })).status).toBe(403);
    }
    const [row] = await ctx.db.select().from(scheduledJobs).where(eq(scheduledJobs.id, job.id));
    expect(row.status).toBe(-1);
  });

  it('switch the status and log it', async () => {
    const job = await insertJob();
    const resumed = await call<JobRecord>(ctx, 'POST', '/sys/quartzJob/resume', {
      token: adminToken,
      body: { id: job.id },
    });
    expect(resumed.status).toBe(200);
    expect(resumed.body.result.status).toBe(0);
    expect((await ctx.db.select().from(scheduledJobs).where(eq(scheduledJobs.id, job.id)))[0].status).toBe(0);
    const paused = await call<JobRecord>(ctx, 'POST', '/sys/quartzJob/pause', {
      token: adminToken,
      body: { id: job.id },
    });
    expect(paused.body.result.status).toBe(-1);
    expect((await ctx.db.select().from(scheduledJobs).where(eq(scheduledJobs.id, job.id)))[0].status).toBe(-1);
    expect(await opLogs(job.id, 'jobResume')).toHaveLength(1);
    expect(await opLogs(job.id, 'jobPause')).toHaveLength(1);
  });

  it('400 for a malformed id, 404 for an unknown one', async () => {
    expect((await call(ctx, 'POST', '/sys/quartzJob/pause', { token: adminToken, body: { id: 'x' } })).status).toBe(
      400,
    );
    const res = await call(ctx, 'POST', '/sys/quartzJob/resume', {
      token: adminToken,
      body: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('定时任务不存在或已删除');
  });
});

describe('POST /sys/quartzJob/execute', () => {
  it('needs a token and the execute permission', async () => {
    const job = await insertJob();
    expect((await call(ctx, 'POST', '/sys/quartzJob/execute', { body: { id: job.id } })).status).toBe(401);
    const editorOnly = (await signedInWith(ctx, [Perm.jobList, Perm.jobEdit])).token;
    expect(
      (await call(ctx, 'POST', '/sys/quartzJob/execute', { token: editorOnly, body: { id: job.id } })).status,
    ).toBe(403);
    expect(await ctx.db.select().from(jobRuns).where(eq(jobRuns.jobId, job.id))).toHaveLength(0);
  });

  it('runs the handler now and records the run', async () => {
    const job = await insertJob();
    const res = await call<JobRunRecord>(ctx, 'POST', '/sys/quartzJob/execute', {
      token: adminToken,
      body: { id: job.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('执行成功');
    expect(res.body.result).toMatchObject({ jobId: job.id, trigger: 'manual', outcome: 'success', scheduledFor: null });
    expect(res.body.result.message).toMatch(/^已删除 \d+ 条过期验证码$/);
    expect(res.body.result.endTime).not.toBeNull();
    const rows = await ctx.db.select().from(jobRuns).where(eq(jobRuns.jobId, job.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].outcome).toBe('success');
    expect(await opLogs(job.id, 'jobExecute')).toHaveLength(1);
  });

  it('records a failing handler as failure without breaking the server', async () => {
    // A handler name no longer in the registry (stored by an older version) fails its run cleanly.
    const job = await insertJob({ handler: 'refreshStatistics' });
    const res = await call<JobRunRecord>(ctx, 'POST', '/sys/quartzJob/execute', {
      token: adminToken,
      body: { id: job.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('执行失败');
    expect(res.body.result).toMatchObject({ outcome: 'failure', message: '任务类型 refreshStatistics 不存在' });
    const stored = await call(ctx, 'POST', '/sys/quartzJob/execute', {
      token: adminToken,
      body: { id: (await insertJob({ parameter: { bogus: 1 } })).id },
    });
    expect(stored.body.result).toMatchObject({ outcome: 'failure' });
    expect((await call(ctx, 'GET', '/health')).status).toBe(200);
  });
});

describe('GET /sys/quartzJob/runs', () => {
  it('needs a token and the list permission', async () => {
    const job = await insertJob();
    expect((await call(ctx, 'GET', '/sys/quartzJob/runs', { query: { jobId: job.id } })).status).toBe(401);
    expect(
      (await call(ctx, 'GET', '/sys/quartzJob/runs', { token: plainToken, query: { jobId: job.id } })).status,
    ).toBe(403);
  });

  it('pages the history of one job, newest first', async () => {
    const job = await insertJob();
    const other = await insertJob();
    for (let i = 0; i < 3; i++) {
      await ctx.db.insert(jobRuns).values({
        jobId: job.id,
        trigger: 'scheduled',
        scheduledFor: new Date(Date.UTC(2026, 0, 1, 0, i)),
        startedAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
        outcome: 'success',
        message: `第${i}次`,
        instance: 'test',
      });
    }
    await ctx.db.insert(jobRuns).values({ jobId: other.id, trigger: 'manual' });
    const res = await call<Page<JobRunRecord>>(ctx, 'GET', '/sys/quartzJob/runs', {
      token: readerToken,
      query: { jobId: job.id, pageNo: '1', pageSize: '2' },
    });
    expect(res.status).toBe(200);
    expect(res.body.result.total).toBe(3);
    expect(res.body.result.records.map((r) => r.message)).toEqual(['第2次', '第1次']);
    expect(res.body.result.records[0]).toMatchObject({ trigger: 'scheduled', instance: 'test', outcome: 'success' });
  });

  it('400 without a job id', async () => {
    expect((await call(ctx, 'GET', '/sys/quartzJob/runs', { token: readerToken })).status).toBe(400);
  });
});

describe('DELETE /sys/quartzJob/delete', () => {
  it('needs a token and the edit permission', async () => {
    const job = await insertJob();
    expect((await call(ctx, 'DELETE', '/sys/quartzJob/delete', { query: { id: job.id } })).status).toBe(401);
    expect(
      (await call(ctx, 'DELETE', '/sys/quartzJob/delete', { token: readerToken, query: { id: job.id } })).status,
    ).toBe(403);
    expect(await ctx.db.select().from(scheduledJobs).where(eq(scheduledJobs.id, job.id))).toHaveLength(1);
  });

  it('deletes a running job with its history and logs it', async () => {
    const job = await insertJob({ status: 0 });
    await ctx.db.insert(jobRuns).values({ jobId: job.id, trigger: 'manual', outcome: 'success' });
    const res = await call(ctx, 'DELETE', '/sys/quartzJob/delete', { token: adminToken, query: { id: job.id } });
    expect(res.status).toBe(200);
    expect(await ctx.db.select().from(scheduledJobs).where(eq(scheduledJobs.id, job.id))).toHaveLength(0);
    expect(await ctx.db.select().from(jobRuns).where(eq(jobRuns.jobId, job.id))).toHaveLength(0);
    expect(await opLogs(job.id, 'delete')).toHaveLength(1);
  });

  it('404s for an unknown id', async () => {
    const res = await call(ctx, 'DELETE', '/sys/quartzJob/delete', {
      token: adminToken,
      query: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(res.status).toBe(404);
  });
});
