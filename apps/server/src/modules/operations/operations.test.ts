import { randomBytes } from 'node:crypto';
import { ContentPerm, OpsPerm, type OpsRun, type OpsSourceInfo, type OpsTask, type Page, Perm } from '@odp/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentItems, datastoreSyncLogs, indicatorRuns, jobRuns, logs, scheduledJobs } from '../../db/schema/index.js';
import { createCatalogue } from '../../test/catalogue.js';
import { createDepart, signedInWith } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
/** view + operate, and what the kinds' own services ask (content publishing, the job service's checks) */
let operator: string;
let viewer: string;
let outsider: string;
const uniq = () => randomBytes(4).toString('hex');

beforeAll(async () => {
  ctx = await createTestApp();
  operator = (
    await signedInWith(ctx, [OpsPerm.work, OpsPerm.examples, OpsPerm.operate, Perm.jobRun, ContentPerm.publish])
  ).token;
  viewer = (await signedInWith(ctx, [OpsPerm.work, OpsPerm.examples])).token;
  outsider = (await signedInWith(ctx, [])).token;
});
afterAll(() => ctx.close());

const tasks = (token: string, query: Record<string, string> = {}) =>
  call<Page<OpsTask>>(ctx, 'GET', '/api/ops/work/list', { token, query: { pageSize: '200', ...query } });
const runs = (token: string, query: Record<string, string> = {}) =>
  call<Page<OpsRun>>(ctx, 'GET', '/api/ops/examples/list', { token, query: { pageSize: '200', ...query } });
const act = (token: string, body: Record<string, unknown>) =>
  call<{ task: OpsTask | null; message: string }>(ctx, 'POST', '/api/ops/work/action', { token, body });
const retry = (token: string, body: Record<string, unknown>) =>
  call<{ message: string }>(ctx, 'POST', '/api/ops/examples/retry', { token, body });

async function insertJob(description: string, status = -1) {
  const [job] = await ctx.db
    .insert(scheduledJobs)
    .values({ handler: 'purgeExpiredCaptchas', cronExpression: '0 0 3 * * *', parameter: {}, status, description })
    .returning();
  return job;
}

describe('任务运维 access', () => {
  it('needs the view permission to read and the operate permission to act', async () => {
    expect((await call(ctx, 'GET', '/api/ops/work/list')).status).toBe(401);
    expect((await tasks(outsider)).status).toBe(403);
    expect((await runs(outsider)).status).toBe(403);
    expect((await call(ctx, 'GET', '/api/ops/kinds', { token: outsider })).status).toBe(403);
    const job = await insertJob(`只读${uniq()}`);
    expect((await act(viewer, { kind: 'job', id: job.id, action: 'run' })).status).toBe(403);
    expect((await retry(viewer, { kind: 'job', runId: job.id })).status).toBe(403);
    expect(await ctx.db.select().from(jobRuns).where(eq(jobRuns.jobId, job.id))).toHaveLength(0);
  });

  it('names every kind the modules declare', async () => {
    const res = await call<OpsSourceInfo[]>(ctx, 'GET', '/api/ops/kinds', { token: viewer });
    expect(res.body.result.map((k) => k.kind)).toEqual(
      expect.arrayContaining(['job', 'tableSync', 'exchange', 'contentSchedule']),
    );
  });

  it('refuses an unknown kind, an unknown task and bad input with Chinese reasons', async () => {
    expect((await tasks(viewer, { kind: 'nope' })).body.message).toBe('任务类别不存在');
    const missing = await act(operator, { kind: 'job', id: '00000000-0000-4000-8000-000000000000', action: 'run' });
    expect([missing.status, missing.body.message]).toEqual([404, '任务不存在']);
    const bad = await act(operator, { kind: 'job', id: 'x', action: 'explode' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('操作只能是');
    expect((await tasks(viewer, { outcome: 'maybe' })).status).toBe(400);
  });
});

describe('scheduled jobs in 任务运维', () => {
  it('lists a job with its schedule and next run, pauses and resumes it through the job service', async () => {
    const job = await insertJob(`运维测试任务${uniq()}`, 0);
    const listed = (await tasks(viewer, { kind: 'job', keyword: '清理过期验证码' })).body.result;
    const task = listed.records.find((t) => t.id === job.id);
    if (!task) throw new Error('the job is not listed under its handler’s title');
    expect(task.name).toBe('清理过期验证码');
    expect(task).toMatchObject({ kind: 'job', kindLabel: '定时任务', status: 'active', schedule: '0 0 3 * * *' });
    expect(task.canPause && !task.canResume && task.canRun).toBe(true);
    // 03:00 in UTC+8 is 19:00 UTC.
    expect(new Date(task.nextRunAt ?? '').getUTCHours()).toBe(19);

    const paused = await act(operator, { kind: 'job', id: job.id, action: 'pause' });
    expect(paused.body.result.task).toMatchObject({ status: 'paused', nextRunAt: null, canResume: true });
    const [row] = await ctx.db.select().from(scheduledJobs).where(eq(scheduledJobs.id, job.id));
    expect(row.status).toBe(-1);
    expect((await act(operator, { kind: 'job', id: job.id, action: 'pause' })).body.message).toBe('该任务不支持暂停');
    const resumed = await act(operator, { kind: 'job', id: job.id, action: 'resume' });
    expect(resumed.body.result.task?.status).toBe('active');
    const logged = await ctx.db
      .select()
      .from(logs)
      .where(and(eq(logs.target, job.id), eq(logs.operateType, 'jobPause')));
    expect(logged).toHaveLength(1);
  });

  it('runs a job now: the run appears in 执行记录 with its outcome and duration, and on the task', async () => {
    const job = await insertJob(`立即执行测试${uniq()}`);
    const ran = await act(operator, { kind: 'job', id: job.id, action: 'run' });
    expect(ran.status).toBe(200);
    expect(ran.body.result.task).toMatchObject({ lastOutcome: 'success', status: 'paused' });
    expect(ran.body.result.task?.lastDurationMs).toBeGreaterThanOrEqual(0);
    const history = (await runs(viewer, { kind: 'job', taskId: job.id })).body.result;
    expect(history.records).toHaveLength(1);
    expect(history.records[0]).toMatchObject({
      taskName: '清理过期验证码',
      trigger: 'manual',
      outcome: 'success',
      canRetry: false,
    });
  });

  it('retries a failed run only: the task runs again as a new run', async () => {
    const job = await insertJob(`重试测试${uniq()}`);
    const [failed] = await ctx.db
      .insert(jobRuns)
      .values({ jobId: job.id, trigger: 'scheduled', outcome: 'failure', message: '连接超时', finishedAt: new Date() })
      .returning();
    const listed = (await runs(viewer, { taskId: job.id, outcome: 'failure' })).body.result.records;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: failed.id, trigger: 'scheduled', canRetry: true, message: '连接超时' });

    expect((await retry(operator, { kind: 'job', runId: failed.id })).status).toBe(200);
    const after = (await runs(viewer, { taskId: job.id })).body.result.records;
    expect(after.map((r) => r.outcome).sort()).toEqual(['failure', 'success']);
    const succeeded = after.find((r) => r.outcome === 'success');
    expect(succeeded?.trigger).toBe('manual');
    const again = await retry(operator, { kind: 'job', runId: succeeded?.id });
    expect([again.status, again.body.message]).toEqual([400, '只能重试失败的执行记录']);
  });
});

describe('table syncs and scheduled publications in 任务运维', () => {
  it('lists a mounted table and records a failed sync; 重试 syncs again and fails again honestly', async () => {
    const depart = await createDepart(ctx.db);
    const entry = await createCatalogue(ctx.db, { orgCode: depart.orgCode, catalogName: `挂载运维${uniq()}` });
    const { catalogues } = await import('../../db/schema/index.js');
    await ctx.db
      .update(catalogues)
      .set({ mount: { dataSourceId: '00000000-0000-4000-8000-000000000001', tableName: 'ods_gone', syncMode: 'full' } })
      .where(eq(catalogues.id, entry.id));
    const [task] = (await tasks(viewer, { kind: 'tableSync', keyword: entry.catalogName })).body.result.records;
    expect(task).toMatchObject({ id: entry.id, departName: depart.departName, status: 'active', canPause: false });
    expect(task.schedule).toMatch(/^按更新频率：/);

    const ran = await act(operator, { kind: 'tableSync', id: entry.id, action: 'run' });
    expect(ran.status).toBeGreaterThanOrEqual(400);
    const [failed] = (await runs(viewer, { kind: 'tableSync', taskId: entry.id })).body.result.records;
    expect(failed).toMatchObject({ outcome: 'failure', trigger: 'manual', canRetry: true });
    await retry(operator, { kind: 'tableSync', runId: failed.id });
    const logsOf = await ctx.db.select().from(datastoreSyncLogs).where(eq(datastoreSyncLogs.catalogId, entry.id));
    expect(logsOf.map((l) => l.outcome)).toEqual(['failed', 'failed']);
  });

  it('lists an item waiting for its appointed time and publishes it at once through the publish machine', async () => {
    const at = new Date(Date.now() + 86_400_000);
    const title = `预约运维${uniq()}`;
    const [item] = await ctx.db
      .insert(contentItems)
      .values({ kind: 'information', type: '1', title, body: '<p>内容</p>', status: '2', appointTime: at })
      .returning();
    const [task] = (await tasks(viewer, { kind: 'contentSchedule', keyword: title })).body.result.records;
    expect(task).toMatchObject({ id: item.id, nextRunAt: at.toISOString(), canRun: true, canPause: false });
    const ran = await act(operator, { kind: 'contentSchedule', id: item.id, action: 'run' });
    expect(ran.status).toBe(200);
    expect(ran.body.result.task).toBeNull();
    const [row] = await ctx.db.select().from(contentItems).where(eq(contentItems.id, item.id));
    expect(row.status).toBe('3');
  });

  describe('indicator computations in 任务运维', () => {
    it('lists one task per period type, computes the current month now, and retries a failed run for its period', async () => {
      const listed = (await tasks(viewer, { kind: 'indicator' })).body.result.records;
      expect(listed.map((t) => t.name).sort()).toEqual(['季度指标计算', '年度指标计算', '月度指标计算'].sort());
      const ran = await act(operator, { kind: 'indicator', id: 'month', action: 'run' });
      expect(ran.status).toBe(200);
      expect(ran.body.result.message).toMatch(/^计算得到 \d+ 个指标值$/);
      expect(ran.body.result.task?.lastOutcome).toBe('success');

      const [failed] = await ctx.db
        .insert(indicatorRuns)
        .values({
          trigger: 'schedule',
          periodType: 'year',
          periodKey: '2025',
          status: 'failed',
          startedAt: new Date('2026-01-01T18:30:00Z'),
          finishedAt: new Date('2026-01-01T18:30:01Z'),
          message: '数据库连接中断',
        })
        .returning();
      const [row] = (await runs(viewer, { kind: 'indicator', outcome: 'failure' })).body.result.records.filter(
        (r) => r.id === failed.id,
      );
      expect(row).toMatchObject({ taskName: '年度指标计算（2025）', trigger: 'scheduled', canRetry: true });
      expect((await retry(operator, { kind: 'indicator', runId: failed.id })).status).toBe(200);
      const [again] = await ctx.db.select().from(indicatorRuns).where(eq(indicatorRuns.retryOf, failed.id));
      expect(again).toMatchObject({ trigger: 'retry', periodType: 'year', periodKey: '2025', status: 'success' });
    });
  });
});
