import { randomUUID } from 'node:crypto';
import {
  CataloguePerm,
  type HomeStatistics,
  type OpenOverview,
  StatisticPerm,
  type StatisticTable,
} from '@odp/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  achievementDatasets,
  achievements,
  catalogueDownloads,
  catalogueFiles,
  catalogueRatings,
  datastoreSyncLogs,
  interactionTickets,
  openCallDaily,
  statDaily,
  userProfiles,
  users,
} from '../../db/schema/index.js';
import { createDepart, createUser, signedIn, signedInWith } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { readXlsx } from '../files/testing.js';
import { createMarketEntry } from '../market/testing.js';
import { viewCounterFor } from '../market/views.js';
import { dailyCounterFor, normaliseTerm } from './daily.js';
import { computeOverview } from './overview.js';

let ctx: TestContext;
let a: Awaited<ReturnType<typeof createDepart>>;
let b: Awaited<ReturnType<typeof createDepart>>;
let e1: { id: string };
let officerA: string;
let reviewer: string;
let before: OpenOverview;

const DAY = 86_400_000;
const now = Date.now();
const ago = (days: number) => new Date(now - days * DAY);
const at = (iso: string) => new Date(iso);
const PERIOD = { periodType: 'month', period: '2026-03' };

const get = <T>(token: string | undefined, url: string, query?: Record<string, string>) =>
  call<T>(ctx, 'GET', url, { token, query });

async function file(catalogId: string, fileName: string, kind: string, createdAt: Date, deletedAt: Date | null = null) {
  await ctx.db.insert(catalogueFiles).values({
    catalogId,
    kind,
    fileName,
    storedName: randomUUID(),
    mimeType: 'application/octet-stream',
    size: 10,
    sha256: '0'.repeat(64),
    createdAt,
    deletedAt,
  });
}

/**
 * Department A: three public entries (a file entry with rows, an API without rows, an empty one released
 * just after the period in UTC+8), one on shelf but not open, one off shelf, and a deleted, a draft and
 * a pending one that count nowhere. Department B: one public entry. Events of 2026-03 and around it.
 */
beforeAll(async () => {
  ctx = await createTestApp();
  before = await computeOverview(ctx.db);
  a = await createDepart(ctx.db, { departName: '指标测试局' });
  b = await createDepart(ctx.db, { departName: '=指标测试区', orgType: '2' });
  const items = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `字段${i}` }));
  e1 = await createMarketEntry(ctx.db, a.orgCode, {
    totalNum: 10,
    items: items(2),
    updateFrequency: '3',
    dataUpdateTime: ago(1),
    releaseTime: at('2026-03-05T02:00:00Z'),
  });
  const e2 = await createMarketEntry(ctx.db, a.orgCode, {
    dataFormat: 'api',
    items: items(3),
    updateFrequency: '1',
    dataUpdateTime: ago(10),
    releaseTime: at('2026-02-10T02:00:00Z'),
  });
  // 2026-03-31 17:00 UTC is 1 April in the city: not released in March.
  await createMarketEntry(ctx.db, a.orgCode, { items: items(1), releaseTime: at('2026-03-31T17:00:00Z') });
  const e4 = await createMarketEntry(ctx.db, a.orgCode, {
    openType: '3',
    totalNum: 100,
    updateFrequency: '6',
    dataUpdateTime: ago(30),
    releaseTime: at('2026-03-06T02:00:00Z'),
  });
  await createMarketEntry(ctx.db, a.orgCode, { shelfStatus: 4, totalNum: 50 });
  const deleted = await createMarketEntry(ctx.db, a.orgCode, { shelfStatus: 9, totalNum: 7 });
  await createMarketEntry(ctx.db, a.orgCode, { catalogStatus: 0, shelfStatus: 0 });
  await createMarketEntry(ctx.db, a.orgCode, { catalogStatus: 1, shelfStatus: 0 });
  const eb = await createMarketEntry(ctx.db, b.orgCode, { totalNum: 4, items: items(1) });

  await file(e1.id, 'a.csv', 'data', at('2026-03-06T01:00:00Z'));
  await file(e1.id, '说明.pdf', 'doc', at('2026-03-06T01:00:00Z'));
  await file(e1.id, 'old.json', 'data', at('2026-02-20T01:00:00Z'), at('2026-03-02T01:00:00Z'));
  await file(eb.id, 'b.xlsx', 'data', at('2026-03-09T01:00:00Z'));
  const sync = (catalogId: string, outcome: string, finishedAt: Date) =>
    ctx.db.insert(datastoreSyncLogs).values({ catalogId, mode: 'full', outcome, operatorName: '系统', finishedAt });
  await sync(e4.id, 'ok', at('2026-03-11T01:00:00Z'));
  await sync(e4.id, 'failed', at('2026-03-12T01:00:00Z'));
  await sync(deleted.id, 'ok', at('2026-03-12T01:00:00Z'));

  const download = (catalogId: string, createdAt: Date) =>
    ctx.db.insert(catalogueDownloads).values({ catalogId, format: 'csv', createdAt });
  await download(e1.id, at('2026-03-05T01:00:00Z'));
  await download(e1.id, at('2026-02-28T16:30:00Z')); // 1 March 00:30 in the city
  await download(e1.id, at('2026-02-28T15:59:00Z')); // still 28 February
  await download(deleted.id, at('2026-03-05T01:00:00Z'));
  await ctx.db.insert(openCallDaily).values([
    { catalogId: e2.id, day: '2026-03-15', calls: 7, rows: 70 },
    { catalogId: e2.id, day: '2026-04-01', calls: 100, rows: 0 },
    { catalogId: deleted.id, day: '2026-03-15', calls: 50, rows: 0 },
  ]);
  await ctx.db.insert(statDaily).values([
    { day: '2026-03-10', measure: 'view', key: a.orgCode, n: 5 },
    { day: '2026-04-01', measure: 'view', key: a.orgCode, n: 9 },
  ]);

  const citizen = await createUser(ctx.db);
  const ticket = (fields: Partial<typeof interactionTickets.$inferInsert>) =>
    ctx.db.insert(interactionTickets).values({
      kind: 'consult',
      title: '测试事项',
      content: '内容',
      submitterId: citizen.id,
      status: 0,
      orgCode: a.orgCode,
      ...fields,
    });
  const replied = (onTime: boolean) => ({ status: 2, firstRepliedAt: at('2026-03-20T01:00:00Z'), replyOnTime: onTime });
  await ticket({ submittedAt: at('2026-03-02T01:00:00Z'), ...replied(true) });
  await ticket({ submittedAt: at('2026-03-03T01:00:00Z'), ...replied(false) });
  await ticket({ submittedAt: at('2026-03-04T01:00:00Z') });
  await ticket({ submittedAt: at('2026-03-04T01:00:00Z'), status: 9 });
  await ticket({ submittedAt: at('2026-03-05T01:00:00Z'), replyOrgCode: b.orgCode, ...replied(true) });
  await ticket({ submittedAt: at('2026-04-02T01:00:00Z') });

  const result = async (status: string, datasets: string[], publishedAt: Date, deletedAt: Date | null = null) => {
    const [row] = await ctx.db
      .insert(achievements)
      .values({
        applyName: `成果${randomUUID().slice(0, 8)}`,
        applicationType: '2',
        domainId: '6',
        developerType: '1',
        developerName: '测试开发者',
        onlineDate: '2026-01-01',
        applyIntroduce: '一个用于指标测试的应用成果介绍文字内容',
        logoId: randomUUID(),
        status,
        ownerId: citizen.id,
        publishedAt,
        deletedAt,
      })
      .returning();
    await ctx.db
      .insert(achievementDatasets)
      .values(datasets.map((catalogId) => ({ achievementId: row.id, catalogId })));
  };
  await result('2', [e1.id, e2.id], at('2026-03-08T01:00:00Z'));
  await result('2', [eb.id], at('2026-03-08T01:00:00Z'));
  await result('1', [e1.id], at('2026-03-08T01:00:00Z'));
  await result('2', [e1.id], at('2026-03-08T01:00:00Z'), at('2026-03-09T01:00:00Z'));

  const raters = [await createUser(ctx.db), await createUser(ctx.db)];
  await ctx.db.insert(catalogueRatings).values([
    { catalogId: e1.id, userId: raters[0].id, score: 5 },
    { catalogId: e1.id, userId: raters[1].id, score: 3 },
    { catalogId: deleted.id, userId: raters[0].id, score: 1 },
  ]);
  const gone = await createUser(ctx.db);
  await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
  await ctx.db.insert(userProfiles).values([
    { userId: raters[0].id, accountType: '1' },
    { userId: raters[1].id, accountType: '2' },
    { userId: citizen.id, accountType: '2' },
    { userId: gone.id, accountType: '1' },
  ]);

  officerA = (await signedInWith(ctx, [StatisticPerm.view, StatisticPerm.export], { departs: [a] })).token;
  reviewer = (await signedInWith(ctx, [StatisticPerm.view, StatisticPerm.export, CataloguePerm.review])).token;
});
afterAll(() => ctx.close());

const EXPECTED_A = {
  departName: '指标测试局',
  entries: 5,
  openEntries: 3,
  items: 6,
  apis: 1,
  files: 2,
  machineFiles: 1,
  openFormatFiles: 1,
  rows: 10,
  validEntries: 2,
  capacity: 20,
  onTimeEntries: 3,
  publishedEntries: 4,
  released: 1,
  updates: 2,
  downloads: 2,
  calls: 7,
  views: 5,
  received: 3,
  replied: 2,
  repliedOnTime: 1,
  results: 1,
  machineReadableRate: 50,
  openFormatRate: 50,
  onTimeRate: 75,
  replyRate: 66.7,
  onTimeReplyRate: 50,
};

describe('统计分析 per department and period', () => {
  it('computes every measure of a department from the fixtures, and nothing of what must not count', async () => {
    const res = await get<StatisticTable>(reviewer, '/api/statistic/departments', PERIOD);
    expect(res.status, res.body.message).toBe(200);
    const t = res.body.result;
    expect(t).toMatchObject({ label: '2026年3月', allDepartments: true });
    expect(t.rows.find((r) => r.orgCode === a.orgCode)).toEqual({ orgCode: a.orgCode, ...EXPECTED_A });
    expect(t.rows.find((r) => r.orgCode === b.orgCode)).toMatchObject({
      openEntries: 1,
      files: 1,
      machineFiles: 1,
      openFormatFiles: 0,
      updates: 1,
      received: 1,
      replied: 1,
      repliedOnTime: 1,
      results: 1,
      replyRate: 100,
    });
    // The city's sums include both departments (and anything else the database holds).
    expect(t.city.openEntries).toBeGreaterThanOrEqual(4);
  });

  it('counts the period in the city calendar: a quarter and a year hold the month, April is apart', async () => {
    const q = (
      await get<StatisticTable>(reviewer, '/api/statistic/departments', {
        periodType: 'quarter',
        period: '2026-Q1',
        orgCode: a.orgCode,
      })
    ).body.result;
    expect(q.label).toBe('2026年第1季度');
    expect(q.rows).toHaveLength(1);
    // February's release and the download of 28 February 23:59 join the quarter.
    expect(q.rows[0]).toMatchObject({ released: 2, downloads: 3, calls: 7, views: 5 });
    const april = (
      await get<StatisticTable>(reviewer, '/api/statistic/departments', {
        periodType: 'month',
        period: '2026-04',
        orgCode: a.orgCode,
      })
    ).body.result.rows[0];
    expect(april).toMatchObject({
      released: 1,
      downloads: 0,
      calls: 100,
      views: 9,
      received: 1,
      replied: 0,
      replyRate: 0,
    });
    const year = (
      await get<StatisticTable>(reviewer, '/api/statistic/departments', {
        periodType: 'year',
        period: '2026',
        orgCode: a.orgCode,
      })
    ).body.result.rows[0];
    expect(year).toMatchObject({ released: 3, calls: 107, views: 14, received: 4, updates: 3 });
  });

  it('limits a department officer to their own department', async () => {
    const own = await get<StatisticTable>(officerA, '/api/statistic/departments', PERIOD);
    expect(own.status).toBe(200);
    expect(own.body.result.allDepartments).toBe(false);
    expect(own.body.result.rows.map((r) => r.orgCode)).toEqual([a.orgCode]);
    expect(own.body.result.rows[0]).toMatchObject(EXPECTED_A);
    const other = await get(officerA, '/api/statistic/departments', { ...PERIOD, orgCode: b.orgCode });
    expect(other.status).toBe(403);
    expect((await get(officerA, '/api/statistic/export', { ...PERIOD, orgCode: b.orgCode })).status).toBe(403);
    // A reviewer narrows to one department.
    const onlyB = await get<StatisticTable>(reviewer, '/api/statistic/departments', { ...PERIOD, orgCode: b.orgCode });
    expect(onlyB.body.result.rows.map((r) => r.orgCode)).toEqual([b.orgCode]);
    const noDepartment = (await signedInWith(ctx, [StatisticPerm.view])).token;
    expect((await get(noDepartment, '/api/statistic/departments', PERIOD)).status).toBe(403);
    const citizen = (await signedIn(ctx, { roles: ['registered'] })).token;
    expect((await get(citizen, '/api/statistic/departments', PERIOD)).status).toBe(403);
    expect((await get(undefined, '/api/statistic/departments', PERIOD)).status).toBe(401);
    const viewOnly = (await signedInWith(ctx, [StatisticPerm.view], { departs: [a] })).token;
    expect((await get(viewOnly, '/api/statistic/export', PERIOD)).status).toBe(403);
  });

  it('answers bad periods with a 400 in Chinese', async () => {
    for (const query of [
      { periodType: 'month', period: '2026-13' },
      { periodType: 'quarter', period: '2026-03' },
      { periodType: 'year', period: '26' },
      { periodType: 'week', period: '2026' },
      { periodType: 'month', period: '1999-01' },
    ]) {
      const res = await get(reviewer, '/api/statistic/departments', query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.message).toMatch(/统计/);
    }
  });

  it('exports the table as xlsx: a department sees its row and the city average, the bureau also the sums', async () => {
    const exported = async (token: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `${ctx.base}/api/statistic/export`,
        headers: { 'x-access-token': token },
        query: PERIOD,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain(encodeURIComponent('统计分析（2026年3月）.xlsx'));
      return readXlsx(res.rawPayload);
    };
    const mine = await exported(officerA);
    expect(mine[0][0]).toBe('统计期：2026年3月（月度）');
    expect(mine[1].slice(0, 3)).toEqual(['部门', '编目总数（个）［当前］', '开放目录（个）［当前］']);
    expect(mine.map((r) => r[0])).toEqual(['统计期：2026年3月（月度）', '部门', '指标测试局', '全市平均']);
    const header = mine[1];
    const rowA = mine[2];
    const col = (title: string) => header.findIndex((h) => h.startsWith(title));
    expect(rowA[col('数据容量')]).toBe('20');
    expect(rowA[col('按时更新率')]).toBe('75');
    expect(rowA[col('回复率')]).toBe('66.7');
    expect(rowA[col('接口调用')]).toBe('7');
    const all = await exported(reviewer);
    const names = all.map((r) => r[0]);
    // A name starting with "=" is written as text, never a formula.
    expect(names).toContain("'=指标测试区");
    expect(names.slice(-2)).toEqual(['全市合计', '全市平均']);
  });

  it('gives the home its widgets: the bureau a ranking, a department its row beside the average', async () => {
    const bureau = await get<HomeStatistics>(reviewer, '/api/backgroundhome/statistics');
    expect(bureau.status).toBe(200);
    expect(bureau.body.result.scope).toBe('city');
    expect(bureau.body.result.own).toBeNull();
    expect(bureau.body.result.ranking.map((r) => r.orgCode)).toContain(a.orgCode);
    const dept = await get<HomeStatistics>(officerA, '/api/backgroundhome/statistics');
    expect(dept.body.result.scope).toBe('department');
    expect(dept.body.result.ranking).toEqual([]);
    expect(dept.body.result.own).toMatchObject({ orgCode: a.orgCode, openEntries: 3, capacity: 20, onTimeRate: 75 });
    expect(dept.body.result.average.openEntries).toBeGreaterThan(0);
  });
});

describe('开放统计 overview', () => {
  it('counts search terms per day without who searched, once per search', async () => {
    expect(normaliseTerm('  公交   线路 ')).toBe('公交 线路');
    expect(normaliseTerm('AIR Quality')).toBe('air quality');
    expect(normaliseTerm('   ')).toBeNull();
    await call(ctx, 'POST', '/api/resourceMarket/page', { body: { catalogName: '公交  线路', pageNo: 1 } });
    await call(ctx, 'POST', '/api/resourceMarket/page', { body: { catalogName: '公交 线路', pageNo: 2 } });
    await call(ctx, 'POST', '/api/resourceMarket/page', { body: { pageNo: 1 } });
    await call(ctx, 'GET', '/api/search/site', { query: { search: '公交 线路' } });
    await call(ctx, 'GET', '/api/search/site', { query: { search: '公交 线路', type: 'news' } });
    await dailyCounterFor(ctx.db).flush();
    const rows = await ctx.db
      .select()
      .from(statDaily)
      .where(and(eq(statDaily.measure, 'search'), eq(statDaily.key, '公交 线路')));
    expect(rows.map((r) => r.n)).toEqual([2]);
  });

  it('keeps detail views per department and day', async () => {
    await call(ctx, 'GET', '/api/resourceMarket/detail', { query: { id: e1.id } });
    await viewCounterFor(ctx.db).flush();
    const rows = await ctx.db
      .select()
      .from(statDaily)
      .where(and(eq(statDaily.measure, 'view'), eq(statDaily.key, a.orgCode)));
    expect(rows.reduce((n, r) => n + r.n, 0)).toBe(5 + 9 + 1);
  });

  it('answers every panel from the fixtures, as differences from the empty platform', async () => {
    const after = await computeOverview(ctx.db);
    const d = (k: keyof OpenOverview['counters']) => after.counters[k] - before.counters[k];
    expect({
      openEntries: d('openEntries'),
      rows: d('rows'),
      items: d('items'),
      apis: d('apis'),
      files: d('files'),
      results: d('results'),
      departments: d('departments'),
      districts: d('districts'),
      visits: d('visits'),
    }).toEqual({
      openEntries: 4,
      rows: 14,
      items: 7,
      apis: 1,
      files: 3,
      results: 2,
      departments: 1,
      districts: 1,
      visits: 1,
    });
    type Series = 'downloads' | 'calls' | 'updates' | 'visits';
    const month = (k: Series, m: string) => after[k][after.months.indexOf(m)] - before[k][before.months.indexOf(m)];
    expect(after.months).toHaveLength(12);
    if (after.months.includes('2026-03')) {
      expect(month('downloads', '2026-03')).toBe(2);
      expect(month('calls', '2026-03')).toBe(7);
      expect(month('updates', '2026-03')).toBe(3);
      expect(month('visits', '2026-03')).toBe(5);
    }
    expect(after.registrations.personal - before.registrations.personal).toBe(1);
    expect(after.registrations.enterprise - before.registrations.enterprise).toBe(2);
    const score = (o: OpenOverview, s: string) => o.ratings.find((r) => r.key === s)?.count ?? 0;
    expect([1, 2, 3, 4, 5].map((s) => score(after, String(s)) - score(before, String(s)))).toEqual([0, 0, 1, 0, 1]);
    expect(after.searchTerms.find((t) => t.term === '公交 线路')?.count).toBe(2);
    const ad = (k: 'validEntries' | 'capacity' | 'received' | 'replied' | 'repliedOnTime') =>
      after.assessment[k] - before.assessment[k];
    expect([ad('validEntries'), ad('capacity'), ad('received'), ad('replied'), ad('repliedOnTime')]).toEqual([
      3, 24, 5, 3, 2,
    ]);
    expect(after.assessment.resultsByType.find((t) => t.key === '2')?.count).toBe(
      (before.assessment.resultsByType.find((t) => t.key === '2')?.count ?? 0) + 2,
    );
  });

  it('serves the overview publicly', async () => {
    const res = await get<OpenOverview>(undefined, '/api/openstat/overview');
    expect(res.status).toBe(200);
    expect(res.body.result.counters.openEntries).toBeGreaterThanOrEqual(4);
  });
});
