import { randomUUID } from 'node:crypto';
import { OPEN_CALL_TREND_DAYS, type OpenCallTrend, type OpenStatTable } from '@odp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { achievementDatasets, achievements, openCallDaily } from '../../db/schema/index.js';
import { createDepart, createUser } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { createStorage, saveCatalogueFile } from '../files/service.js';
import { readXlsx } from '../files/testing.js';
import { createMarketEntry } from '../market/testing.js';
import { flushCallLogs } from '../openapi/call-log.js';
import { mountRows } from '../openapi/testing.js';

let ctx: TestContext;
let a: Awaited<ReturnType<typeof createDepart>>;
let b: Awaited<ReturnType<typeof createDepart>>;

beforeAll(async () => {
  ctx = await createTestApp();
  a = await createDepart(ctx.db, { departName: '=统计测试局' });
  b = await createDepart(ctx.db, { departName: '统计测试区' });
  const storage = createStorage('/tmp/odp-test-unused');
  const open = await createMarketEntry(ctx.db, a.orgCode, { keyAreasType: '6', viewNum: 10, downloadNum: 2 });
  await saveCatalogueFile(ctx.db, storage, { catalogId: open.id, fileName: 'a.csv', bytes: Buffer.from('x\n1\n2\n') });
  await createMarketEntry(ctx.db, a.orgCode, { keyAreasType: '6', openType: '2', openCondition: '申请', viewNum: 5 });
  // Catalogued but not public: counts as an entry, nothing else.
  const closed = await createMarketEntry(ctx.db, a.orgCode, { keyAreasType: '6', openType: '3', viewNum: 100 });
  await saveCatalogueFile(ctx.db, storage, { catalogId: closed.id, fileName: 'c.csv', bytes: Buffer.from('x\n1\n') });
  // Drafts and deleted entries count nowhere.
  await createMarketEntry(ctx.db, a.orgCode, { catalogStatus: 0, shelfStatus: 0 });
  await createMarketEntry(ctx.db, a.orgCode, { shelfStatus: 9 });
  const bEntry = await createMarketEntry(ctx.db, b.orgCode, { keyAreasType: '2', downloadNum: 1 });
  // 应用成果: three published (one using both departments' data), one pending and one deleted that count nowhere.
  const owner = await createUser(ctx.db);
  const result = async (
    status: string,
    applicationType: string,
    domainId: string,
    datasets: string[],
    deletedAt: Date | null = null,
  ) => {
    const [row] = await ctx.db
      .insert(achievements)
      .values({
        applyName: `成果${randomUUID().slice(0, 8)}`,
        applicationType,
        domainId,
        developerType: '1',
        developerName: '测试开发者',
        onlineDate: '2026-01-01',
        applyIntroduce: '一个用于统计测试的应用成果介绍文字内容',
        logoId: randomUUID(),
        status,
        ownerId: owner.id,
        deletedAt,
      })
      .returning();
    await ctx.db
      .insert(achievementDatasets)
      .values(datasets.map((catalogId) => ({ achievementId: row.id, catalogId })));
  };
  await result('2', '1', '6', [open.id, bEntry.id]);
  await result('2', '1', '2', [open.id]);
  await result('2', '4', '6', [bEntry.id]);
  await result('1', '1', '6', [open.id]);
  await result('2', '5', '6', [open.id], new Date());
});
afterAll(() => ctx.close());

describe('open statistics', () => {
  it('counts per department: entries, open entries, files, rows, downloads, views, with totals', async () => {
    const res = await call<OpenStatTable>(ctx, 'GET', '/api/openstat/byDepartment');
    expect(res.status).toBe(200);
    expect(res.body.result.rows.find((r) => r.key === a.orgCode)).toEqual({
      key: a.orgCode,
      label: '=统计测试局',
      entries: 3,
      openEntries: 2,
      files: 1,
      rows: 2,
      downloads: 2,
      views: 15,
      achievements: 2,
    });
    expect(res.body.result.rows.find((r) => r.key === b.orgCode)).toMatchObject({
      entries: 1,
      openEntries: 1,
      achievements: 2,
    });
    // A result using both departments' data counts for each, and once in the total.
    expect(res.body.result.totals).toEqual({
      entries: 4,
      openEntries: 3,
      files: 1,
      rows: 2,
      downloads: 3,
      views: 15,
      achievements: 3,
    });
    expect(res.body.result.achievementTypes).toEqual([
      { key: '1', label: '移动应用', count: 2 },
      { key: '2', label: '网站', count: 0 },
      { key: '3', label: '小程序', count: 0 },
      { key: '4', label: '分析报告', count: 1 },
      { key: '5', label: '可视化', count: 0 },
      { key: '6', label: '创新方案', count: 0 },
      { key: '9', label: '其他', count: 0 },
    ]);
  });

  it('counts per key area, all 21 areas', async () => {
    const res = await call<OpenStatTable>(ctx, 'GET', '/api/openstat/byKeyArea');
    expect(res.body.result.rows).toHaveLength(21);
    expect(res.body.result.rows.find((r) => r.key === '6')).toMatchObject({
      label: '交通运输',
      entries: 3,
      openEntries: 2,
      achievements: 2,
    });
    expect(res.body.result.rows.find((r) => r.key === '2')).toMatchObject({ achievements: 1 });
    expect(res.body.result.totals.achievements).toBe(3);
    expect(res.body.result.rows.find((r) => r.key === '1')).toMatchObject({ label: '信用服务', entries: 0 });
  });

  it('exports the table as xlsx with totals, labels neutralised', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${ctx.base}/api/openstat/export`,
      query: { dim: 'department' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''");
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual([
      '数源部门',
      '编目总数',
      '开放目录数',
      '文件数',
      '数据量（条）',
      '下载量',
      '访问量',
      '应用成果',
    ]);
    expect(rows).toContainEqual(["'=统计测试局", '3', '2', '1', '2', '2', '15', '2']);
    expect(rows[rows.length - 1]).toEqual(['合计', '4', '3', '1', '2', '3', '15', '3']);
    const byArea = await ctx.app.inject({
      method: 'GET',
      url: `${ctx.base}/api/openstat/export`,
      query: { dim: 'keyArea' },
    });
    expect((await readXlsx(byArea.rawPayload))[0][0]).toBe('重点领域');
  });
});

describe('接口调用 of 开放统计', () => {
  const DAY = 86_400_000;
  /** The Beijing day `daysAgo` days ago, as open_call_daily and the trend write it. */
  const cityDay = (daysAgo: number) => new Date(Date.now() + 8 * 3_600_000 - daysAgo * DAY).toISOString().slice(0, 10);
  const trend = async () => {
    const res = await call<OpenCallTrend>(ctx, 'GET', '/api/openstat/callTrend');
    expect(res.status).toBe(200);
    return res.body.result;
  };
  const sum = (t: OpenCallTrend) => t.days.reduce((n, d) => n + d.calls, 0);
  const callsOn = (t: OpenCallTrend, date: string) => t.days.find((d) => d.date === date)?.calls;

  it('counts the successful data calls of the open API per day, every day of the period', async () => {
    const entry = await createMarketEntry(ctx.db, a.orgCode, { dataFormat: 'table', items: [{ name: '编号' }] });
    await mountRows(ctx.db, entry.id, ['编号'], [['1'], ['2'], ['3']]);
    const before = await trend();
    const rows = (query: string) =>
      ctx.app.inject({ method: 'GET', url: `${ctx.base}/open/api/v1/datasets/${entry.id}/rows?${query}` });
    for (let i = 0; i < 3; i++) expect((await rows('limit=1')).statusCode).toBe(200);
    // A refused call and reading the metadata are not uses of the data.
    expect((await rows('limit=0')).statusCode).toBe(400);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${ctx.base}/open/api/v1/datasets/${entry.id}` })).statusCode,
    ).toBe(200);
    await flushCallLogs();
    const after = await trend();

    expect(after.days).toHaveLength(OPEN_CALL_TREND_DAYS);
    expect(after.days[OPEN_CALL_TREND_DAYS - 1].date).toBe(cityDay(0));
    expect(after.days[0].date).toBe(cityDay(OPEN_CALL_TREND_DAYS - 1));
    expect(after.total - before.total).toBe(3);
    expect(after.total).toBe(sum(after));
  });

  it('sums exactly the days of the period, of public entries only', async () => {
    const open = await createMarketEntry(ctx.db, b.orgCode, { callNum: 107 });
    const closed = await createMarketEntry(ctx.db, b.orgCode, { openType: '3', callNum: 7 });
    const before = await trend();
    await ctx.db.insert(openCallDaily).values([
      { catalogId: open.id, day: cityDay(2), calls: 5 },
      { catalogId: open.id, day: cityDay(OPEN_CALL_TREND_DAYS - 1), calls: 2 },
      // The day before the period and a dataset visitors cannot see count nowhere.
      { catalogId: open.id, day: cityDay(OPEN_CALL_TREND_DAYS), calls: 100 },
      { catalogId: closed.id, day: cityDay(2), calls: 7 },
    ]);
    const after = await trend();

    expect(after.total - before.total).toBe(7);
    expect(after.total).toBe(sum(after));
    expect(callsOn(after, cityDay(2))).toBe((callsOn(before, cityDay(2)) ?? 0) + 5);
    expect(callsOn(after, cityDay(OPEN_CALL_TREND_DAYS - 1))).toBe(
      (callsOn(before, cityDay(OPEN_CALL_TREND_DAYS - 1)) ?? 0) + 2,
    );
    expect(callsOn(after, cityDay(OPEN_CALL_TREND_DAYS))).toBeUndefined();
  });
});
