import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  HomeCataloging,
  HomeCollection,
  HomeDataService,
  HomeDataStatistics,
  HomeShareFigures,
  HomeShareServices,
  HomeToDo,
  HomeWorkOrder,
  MyDataItem,
  NoticeListResult,
  Page,
  ShareDetail,
} from '@odp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueFiles, dataSources, exchangeRuns, exchangeTasks, openCallLogs } from '../../db/schema/index.js';
import { dayStart } from '../../platform/city-days.js';
import { signedIn } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { createMarketEntry } from '../market/testing.js';
import { flushCallLogs } from '../openapi/call-log.js';
import { setOpenQuota } from '../openapi/testing.js';
import { applyForm, decide, inUse, shareEntry, shareWorld, statusOf, submitted } from '../share/testing.js';
import { lastMonths, successRate } from './service.js';

let ctx: TestContext;
let world: Awaited<ReturnType<typeof shareWorld>>;
let citizen: { token: string };
const dataDir = mkdtempSync(path.join(tmpdir(), 'odp-home-'));
const { months } = lastMonths(new Date());
/** The middle of one of the charts' months, as an instant. */
const midMonth = (i: number) => dayStart(`${months[i]}-15`);

type Entry = { id: string; catalogName: string };
const entries: Record<string, Entry> = {};

const get = <T>(token: string | undefined, url: string, query?: Record<string, string>) =>
  call<T>(ctx, 'GET', url, { token, query });
const result = async <T>(token: string, url: string, query?: Record<string, string>) => {
  const res = await get<T>(token, url, query);
  expect(res.status, `${url}: ${res.body.message}`).toBe(200);
  return res.body.result;
};

const PROVIDE = '/api/shareData/getMyProvideService';
const USE = '/api/shareData/getMyUseService';
const APPLY = '/api/shareData/getDataApply';
const TODO = '/api/workcatalog/getToDo';
const WORK = '/api/workcatalog/getWorkOrder';
const CATALOGING = '/api/cataLog/getDataCataloging';
const COLLECTION = '/api/cataLog/getDataCollection';
const SERVICE = '/api/IndexPage/getDataService';
const STATISTICS = '/api/IndexPage/getDataStatistics';
const MY_DATA = '/api/IndexPage/myDataPage';
const ROUTES = [PROVIDE, USE, APPLY, TODO, WORK, CATALOGING, COLLECTION, SERVICE, STATISTICS, MY_DATA];

const services = (sharingApproval: number, using: number, historySharing: number): HomeShareServices => ({
  sharingApproval,
  using,
  historySharing,
});

/**
 * Department A (the applicant's) asks department B (the source officer's) for five entries: two in
 * use (a table and an interface), one waiting at B, one at the bureau, one released. A third
 * department asks A for one entry, waiting at A. Calls and an exchange run are made with the first
 * grant's key, some in earlier months.
 */
beforeAll(async () => {
  ctx = await createTestApp({ dataDir });
  await setOpenQuota(ctx.db, 'granted.second', '1000');
  world = await shareWorld(ctx);
  citizen = await signedIn(ctx, { roles: ['registered'] });
  const a = world.applyDept.orgCode;
  const b = world.sourceDept.orgCode;

  for (const name of ['B1', 'B2', 'B3', 'B4'])
    entries[name] = await shareEntry(ctx.db, b, { catalogName: `乙${name}` });
  entries.BApi = await createMarketEntry(ctx.db, b, {
    catalogName: '乙接口',
    dataFormat: 'api',
    shareType: '20',
    openType: '2',
  });

  // A's catalogue: a mounted table and an uploaded file now, an interface months ago, a table before
  // the charts' year, a draft, and a deleted entry with a file.
  entries.A = await shareEntry(ctx.db, a, { catalogName: '甲库表' });
  entries.A2 = await createMarketEntry(ctx.db, a, { catalogName: '甲文件', dataFormat: 'file', totalNum: 10 });
  entries.A3 = await createMarketEntry(ctx.db, a, {
    catalogName: '甲接口',
    dataFormat: 'api',
    releaseTime: midMonth(8),
  });
  entries.A4 = await createMarketEntry(ctx.db, a, {
    catalogName: '甲旧库表',
    dataFormat: 'table',
    releaseTime: new Date(Date.now() - 430 * 86_400_000),
  });
  await createMarketEntry(ctx.db, a, {
    catalogName: '甲草稿',
    catalogStatus: 0,
    shelfStatus: 0,
    releaseTime: null,
  });
  const deleted = await createMarketEntry(ctx.db, a, { catalogName: '甲已删除', shelfStatus: 9, totalNum: 5 });
  for (const entry of [entries.A2, deleted]) {
    await ctx.db.insert(catalogueFiles).values({
      catalogId: entry.id,
      kind: 'data',
      fileName: 'data.csv',
      storedName: `${entry.id}.csv`,
      mimeType: 'text/csv',
      size: 10,
      sha256: '0'.repeat(64),
      rowCount: entry === deleted ? 5 : 10,
    });
  }

  const form = (entry: Entry) =>
    applyForm(entry.id, {
      title: `申请${entry.catalogName}`,
      ...(entry === entries.BApi ? { items: [{ name: '名称' }] } : {}),
    });
  const app1 = await inUse(ctx, world, form(entries.B1));
  await inUse(ctx, world, form(entries.BApi));
  await submitted(ctx, world.applicant.token, form(entries.B2));
  const app4 = await inUse(ctx, world, form(entries.B3));
  const released = await call(ctx, 'POST', '/api/shareData/releaseData', {
    token: world.applicant.token,
    query: { applyId: app4 },
  });
  expect(released.status).toBe(200);
  const app6 = await submitted(ctx, world.applicant.token, form(entries.B4));
  expect((await decide(ctx, world.sourceOfficer.token, app6, 'approve')).status).toBe(200);
  await submitted(ctx, world.otherOfficer.token, applyForm(entries.A.id));

  // Two rows calls and a refused one with the grant's key now.
  const detail = await result<ShareDetail>(world.applicant.token, '/api/share/detail', { applyId: app1 });
  const rows = (query: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `${ctx.base}/open/api/v1/datasets/${entries.B1.id}/rows?${query}`,
      headers: { 'x-app-key': detail.appKey ?? '', 'x-access-token': world.applicant.token },
    });
  expect((await rows('limit=2')).statusCode).toBe(200);
  expect((await rows('limit=2')).statusCode).toBe(200);
  expect((await rows('limit=0')).statusCode).toBe(400);
  await flushCallLogs();

  // Earlier months: a call with the key, an exchange run; and calls that are no share's.
  const { appId } = await statusOf(ctx.db, app1);
  const logged = (at: Date, values: Partial<typeof openCallLogs.$inferInsert>) =>
    ctx.db.insert(openCallLogs).values({
      at,
      appId: null,
      catalogId: entries.B1.id,
      kind: 'rows',
      status: 200,
      latencyMs: 5,
      rows: 5,
      ip: '127.0.0.1',
      ...values,
    });
  await logged(midMonth(9), { appId });
  await logged(midMonth(9), {});
  await logged(midMonth(9), { appId, catalogId: entries.A.id });
  await logged(midMonth(9), { appId, kind: 'meta' });
  const [source] = await ctx.db
    .insert(dataSources)
    .values({
      dataName: '甲前置库',
      databaseType: 'postgresql',
      host: '10.0.0.1',
      port: 5432,
      databaseName: 'front',
      userName: 'front',
      passwordEnc: 'v1:a:b:c',
      orgCode: a,
    })
    .returning();
  const [task] = await ctx.db
    .insert(exchangeTasks)
    .values({
      shareApplyId: app1,
      targetSourceId: source.id,
      targetTable: 'people',
      autoCreate: true,
      fieldMappings: [{ source: '编号', target: 'id' }],
      conveyType: '1',
      importRuleType: '1',
      orgCode: a,
    })
    .returning();
  await ctx.db.insert(exchangeRuns).values([
    { taskId: task.id, startedAt: midMonth(10), finishedAt: midMonth(10), rows: 7, outcome: '1' },
    { taskId: task.id, startedAt: midMonth(10), finishedAt: midMonth(10), rows: 9, outcome: '0' },
  ]);
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('who may ask', () => {
  it('answers 401 without a session', async () => {
    for (const url of ROUTES) expect((await get(undefined, url)).status, url).toBe(401);
  });

  it('gives a signed-in user without a department no department’s figures', async () => {
    for (const token of [citizen.token, world.noDepart.token]) {
      expect(await result(token, PROVIDE)).toEqual(services(0, 0, 0));
      expect(await result(token, USE)).toEqual(services(0, 0, 0));
      expect(await result<HomeShareFigures>(token, APPLY)).toMatchObject({
        sharedDataDirectory: 0,
        interfaceAmount: 0,
        interfaceSuccessRate: null,
      });
      expect(await result(token, CATALOGING)).toEqual({ catalogTotal: 0, tableTotal: 0, interfaceTotal: 0 });
      expect(await result(token, COLLECTION)).toEqual({ uploadTotal: 0, wholeTotal: 0, collection: 0 });
      expect((await result<Page<MyDataItem>>(token, MY_DATA)).total).toBe(0);
    }
  });
});

describe('我提供的服务 and 我使用的服务', () => {
  it('counts the applications for the department’s data and those it made, by state', async () => {
    expect(await result(world.sourceOfficer.token, PROVIDE)).toEqual(services(2, 2, 1));
    expect(await result(world.sourceOfficer.token, USE)).toEqual(services(0, 0, 0));
    expect(await result(world.applicant.token, USE)).toEqual(services(2, 2, 1));
    expect(await result(world.applicant.token, PROVIDE)).toEqual(services(1, 0, 0));
    expect(await result(world.otherOfficer.token, USE)).toEqual(services(1, 0, 0));
    expect(await result(world.otherOfficer.token, PROVIDE)).toEqual(services(0, 0, 0));
  });

  it('gives the bureau the whole city', async () => {
    for (const token of [world.reviewer.token, world.admin.token]) {
      expect(await result(token, PROVIDE)).toEqual(services(3, 2, 1));
      expect(await result(token, USE)).toEqual(services(3, 2, 1));
    }
  });

  it('leaves drafts out', async () => {
    const draft = await call(ctx, 'POST', '/api/share/save', {
      token: world.colleague.token,
      body: applyForm(entries.B1.id, { title: '草稿申请' }),
    });
    expect(draft.status).toBe(200);
    expect(await result(world.applicant.token, USE)).toEqual(services(2, 2, 1));
    expect(await result(world.sourceOfficer.token, PROVIDE)).toEqual(services(2, 2, 1));
  });
});

describe('数据共享', () => {
  const shared: HomeShareFigures = {
    // B1 (库表, 2 rows) and the interface; B3's grant ended when it was released.
    sharedDataDirectory: 2,
    sharedBatchData: 1,
    sharedServiceInterface: 1,
    sharedDataVolume: 2,
    // Two rows calls and a refused one now, one call months ago; not the public call, not the call on
    // another entry, not the metadata read.
    interfaceAmount: 4,
    interfaceSuccessRate: 75,
  };

  it('counts what the department’s data gave', async () => {
    expect(await result(world.sourceOfficer.token, APPLY)).toEqual(shared);
  });

  it('shows department A none of department B’s sharing', async () => {
    expect(await result(world.applicant.token, APPLY)).toEqual({
      sharedDataDirectory: 0,
      sharedBatchData: 0,
      sharedServiceInterface: 0,
      sharedDataVolume: 0,
      interfaceAmount: 0,
      interfaceSuccessRate: null,
    });
  });

  it('gives the bureau the whole city', async () => {
    expect(await result(world.reviewer.token, APPLY)).toEqual(shared);
  });

  it('rounds the success rate to one decimal', () => {
    expect(successRate(2, 3)).toBe(66.7);
    expect(successRate(3, 4)).toBe(75);
    expect(successRate(0, 0)).toBeNull();
  });
});

describe('数据统计', () => {
  it('counts the share calls and the rows delivered per month', async () => {
    const stats = await result<HomeDataStatistics>(world.sourceOfficer.token, STATISTICS);
    expect(stats.yearMonthList).toEqual(months);
    const calls = Array(12).fill(0);
    const rows = Array(12).fill(0);
    calls[11] = 3;
    rows[11] = 4;
    rows[10] = 7;
    calls[9] = 1;
    rows[9] = 5;
    expect(stats.apiTotalNumList).toEqual(calls);
    expect(stats.tableTotalNumList).toEqual(rows);
    expect(await result(world.reviewer.token, STATISTICS)).toEqual(stats);
  });

  it('shows department A none of them', async () => {
    const stats = await result<HomeDataStatistics>(world.applicant.token, STATISTICS);
    expect(stats.apiTotalNumList.every((n) => n === 0)).toBe(true);
    expect(stats.tableTotalNumList.every((n) => n === 0)).toBe(true);
  });

  it('takes the last twelve months of the city (UTC+8)', () => {
    const jan = lastMonths(new Date('2026-01-15T00:00:00Z'));
    expect(jan.months[0]).toBe('2025-02');
    expect(jan.months[11]).toBe('2026-01');
    expect(jan.since.toISOString()).toBe('2025-01-31T16:00:00.000Z');
    // 1 February 00:30 in the city is still January in UTC.
    expect(lastMonths(new Date('2026-01-31T16:30:00Z')).months[11]).toBe('2026-02');
  });
});

describe('my work', () => {
  it('counts the reviews a department officer submitted, decided and owes', async () => {
    // Five applications: three through both nodes, one at the source, one at the bureau.
    expect(await result<HomeToDo>(world.applicant.token, TODO)).toMatchObject({ allWorkTotal: 9, handleTotal: 0 });
    // The third department's application waits for department A.
    expect(await result<HomeWorkOrder>(world.applicant.token, WORK)).toMatchObject({ workTotal: 1 });
    expect(await result<HomeWorkOrder>(world.colleague.token, WORK)).toMatchObject({ workTotal: 1 });
    expect(await result<HomeToDo>(world.colleague.token, TODO)).toMatchObject({ allWorkTotal: 0, handleTotal: 0 });
    expect(await result<HomeToDo>(world.sourceOfficer.token, TODO)).toMatchObject({
      allWorkTotal: 0,
      handleTotal: 4,
    });
    expect(await result<HomeWorkOrder>(world.sourceOfficer.token, WORK)).toMatchObject({ workTotal: 1 });
    expect(await result<HomeToDo>(world.otherOfficer.token, TODO)).toMatchObject({ allWorkTotal: 1, handleTotal: 0 });
    expect(await result<HomeWorkOrder>(world.otherOfficer.token, WORK)).toMatchObject({ workTotal: 0 });
  });

  it('counts a reviewer’s inbox', async () => {
    expect(await result<HomeToDo>(world.reviewer.token, TODO)).toMatchObject({ allWorkTotal: 0, handleTotal: 3 });
    expect(await result<HomeWorkOrder>(world.reviewer.token, WORK)).toMatchObject({ workTotal: 1 });
  });

  it('counts the message centre’s read and unread messages', async () => {
    const token = world.applicant.token;
    const before = await result<HomeWorkOrder>(token, WORK);
    const read = (await result<HomeToDo>(token, TODO)).readTotal;
    const bell = await result<NoticeListResult>(token, '/sys/annountCement/listByUser');
    expect(before.totalMessages).toBe(bell.anntMsgTotal + bell.sysMsgTotal);
    expect(before.totalMessages).toBeGreaterThan(0);
    const page = await call<Page<{ id: string }>>(ctx, 'POST', '/api/news/page', {
      token,
      body: { pageNo: 1, pageSize: 1, readFlag: '0' },
    });
    const ids = page.body.result.records.map((r) => r.id);
    expect((await call(ctx, 'PUT', '/api/news/readBatch', { token, body: { ids } })).status).toBe(200);
    expect((await result<HomeWorkOrder>(token, WORK)).totalMessages).toBe(before.totalMessages - 1);
    expect((await result<HomeToDo>(token, TODO)).readTotal).toBe(read + 1);
  });
});

describe('the catalogue', () => {
  it('counts the department’s published entries', async () => {
    expect(await result(world.applicant.token, CATALOGING)).toEqual({
      catalogTotal: 4,
      tableTotal: 2,
      interfaceTotal: 1,
    });
    expect(await result(world.sourceOfficer.token, CATALOGING)).toEqual({
      catalogTotal: 5,
      tableTotal: 4,
      interfaceTotal: 1,
    });
  });

  it('counts the department’s collected entries and their rows', async () => {
    // The mounted table (2 rows) and the uploaded file (10) of six entries, the deleted one aside.
    expect(await result(world.applicant.token, COLLECTION)).toEqual({ uploadTotal: 2, wholeTotal: 5, collection: 12 });
    expect(await result(world.sourceOfficer.token, COLLECTION)).toEqual({
      uploadTotal: 4,
      wholeTotal: 5,
      collection: 8,
    });
  });

  it('gives reviewers the whole city', async () => {
    const city = await result<HomeCataloging>(world.reviewer.token, CATALOGING);
    expect(city).toEqual({ catalogTotal: 9, tableTotal: 6, interfaceTotal: 2 });
    expect(await result<HomeCollection>(world.reviewer.token, COLLECTION)).toEqual({
      uploadTotal: 6,
      wholeTotal: 10,
      collection: 20,
    });
  });

  it('charts the entries published per month', async () => {
    const service = await result<HomeDataService>(world.applicant.token, SERVICE);
    expect(service.yearMonthList).toEqual(months);
    const zeros = () => Array(12).fill(0);
    const [all, tables, apis] = [zeros(), zeros(), zeros()];
    all[11] = 2;
    tables[11] = 1;
    all[8] = 1;
    apis[8] = 1;
    expect(service).toMatchObject({ dataDirectoryNumList: all, tableServiceNumList: tables, apiServiceNumList: apis });
    const b = await result<HomeDataService>(world.sourceOfficer.token, SERVICE);
    expect(b.dataDirectoryNumList.slice(0, 11).every((n) => n === 0)).toBe(true);
    expect([b.dataDirectoryNumList[11], b.tableServiceNumList[11], b.apiServiceNumList[11]]).toEqual([5, 4, 1]);
  });

  it('pages the department’s entries on shelf, newest first', async () => {
    const page = await result<Page<MyDataItem>>(world.applicant.token, MY_DATA, { pageNo: '1', pageSize: '3' });
    expect(page.total).toBe(4);
    expect(page.records).toHaveLength(3);
    expect(page.records.map((r) => r.catalogName).slice(2)).toEqual(['甲接口']);
    expect(page.records[0]).toMatchObject({ departName: world.applyDept.departName });
    const last = await result<Page<MyDataItem>>(world.applicant.token, MY_DATA, { pageNo: '2', pageSize: '3' });
    expect(last.records.map((r) => r.catalogName)).toEqual(['甲旧库表']);
    const b = await result<Page<MyDataItem>>(world.sourceOfficer.token, MY_DATA, { pageSize: '50' });
    expect(b.records.map((r) => r.catalogName).sort()).toEqual(['乙B1', '乙B2', '乙B3', '乙B4', '乙接口']);
    expect((await result<Page<MyDataItem>>(world.reviewer.token, MY_DATA)).total).toBe(9);
  });

  it('filters by name and sorts only by the listed fields', async () => {
    const found = await result<Page<MyDataItem>>(world.applicant.token, MY_DATA, { catalogName: '接口' });
    expect(found.records.map((r) => r.catalogName)).toEqual(['甲接口']);
    const byName = await result<Page<MyDataItem>>(world.applicant.token, MY_DATA, {
      sort: 'catalogName',
      order: 'asc',
    });
    expect(byName.records).toHaveLength(4);
    expect((await get(world.applicant.token, MY_DATA, { sort: 'orgCode' })).status).toBe(400);
  });
});
