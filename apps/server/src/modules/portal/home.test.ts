import {
  type IndexNum,
  type KeyAreaCount,
  type MarketCard,
  type Page,
  SEARCH_TYPES,
  type SearchTab,
} from '@odp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installedModules } from '../../platform/module-registry.js';
import { createDepart } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { createStorage, saveCatalogueFile } from '../files/service.js';
import { createMarketEntry } from '../market/testing.js';

let ctx: TestContext;
let orgCode: string;
const day = 86_400_000;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  orgCode = (await createDepart(ctx.db)).orgCode;
  const mk = async (name: string, o: Parameters<typeof createMarketEntry>[2] = {}) => {
    ids[name] = (await createMarketEntry(ctx.db, orgCode, { catalogName: name, ...o })).id;
  };
  await mk('旧的公交站点', { releaseTime: new Date(Date.now() - 3 * day), dataUpdateTime: new Date(), downloadNum: 7 });
  await mk('新的空气质量日报', { releaseTime: new Date(Date.now() - day), keyAreasType: '9', dataFormat: 'api' });
  await mk('医院床位库表', {
    releaseTime: new Date(Date.now() - 2 * day),
    keyAreasType: '2',
    dataFormat: 'table',
    downloadNum: 3,
  });
  await mk('不公开的公交线路', { openType: '3', downloadNum: 99 });
  await mk('已下架的公交线路', { shelfStatus: 4, downloadNum: 98 });
  await saveCatalogueFile(ctx.db, createStorage('/tmp/odp-test-unused'), {
    catalogId: ids.旧的公交站点,
    fileName: '站点.csv',
    bytes: Buffer.from('站点\n甲\n乙\n丙\n'),
  });
  await saveCatalogueFile(ctx.db, createStorage('/tmp/odp-test-unused'), {
    catalogId: ids.不公开的公交线路,
    fileName: '线路.csv',
    bytes: Buffer.from('线路\n1路\n'),
  });
  await ctx.app.inject({
    method: 'GET',
    url: `${ctx.base}/api/file/downloadOpen`,
    query: { catalogId: ids.旧的公交站点, fileName: '站点.csv' },
  });
});
afterAll(() => ctx.close());

describe('home page', () => {
  it('counts public entries, their rows and downloads', async () => {
    const res = await call<IndexNum>(ctx, 'GET', '/api/IndexPage/indexNum');
    expect(res.body.result).toMatchObject({ catalogNum: 3, apiNum: 1, tableNum: 1, dataNum: 3, callNum: 11 });
  });

  it('lists the 21 key areas with public counts', async () => {
    const res = await call<KeyAreaCount[]>(ctx, 'GET', '/api/IndexPage/keyAreas');
    expect(res.body.result).toHaveLength(21);
    expect(res.body.result[0]).toEqual({ value: '1', label: '信用服务', count: 0 });
    expect(res.body.result.find((a) => a.value === '6')).toEqual({ value: '6', label: '交通运输', count: 1 });
    expect(res.body.result.find((a) => a.value === '9')?.count).toBe(1);
  });

  it('lists the newest, the latest updated and the most downloaded public entries', async () => {
    const recent = await call<Page<MarketCard>>(ctx, 'GET', '/api/IndexPage/recentOpenDataPage', {
      query: { pageSize: '2' },
    });
    expect(recent.body.result.total).toBe(3);
    expect(recent.body.result.records.map((r) => r.catalogName)).toEqual(['新的空气质量日报', '医院床位库表']);
    const updated = await call<Page<MarketCard>>(ctx, 'GET', '/api/IndexPage/recentOpenDataPage', {
      query: { pageSize: '1', orderBy: 'dataUpdateTime' },
    });
    expect(updated.body.result.records[0].catalogName).toBe('旧的公交站点');
    const ranking = await call<Page<MarketCard>>(ctx, 'GET', '/api/IndexPage/dataDownloadPage', {
      query: { pageSize: '5' },
    });
    expect(ranking.body.result.records.map((r) => [r.catalogName, r.downloadNum])).toEqual([
      ['旧的公交站点', 8],
      ['医院床位库表', 3],
      ['新的空气质量日报', 0],
    ]);
    const bad = await call(ctx, 'GET', '/api/IndexPage/recentOpenDataPage', { query: { orderBy: 'id; drop' } });
    expect(bad.status).toBe(400);
  });
});

describe('GET /api/search/site', () => {
  it('answers tabs per type and a highlighted page of public entries only', async () => {
    const res = await call<{ tabs: SearchTab[]; page: Page<MarketCard> & { totalCapped: boolean } }>(
      ctx,
      'GET',
      '/api/search/site',
      { query: { search: '公交' } },
    );
    expect(res.status).toBe(200);
    expect(res.body.result.tabs.slice(0, 2)).toEqual([
      { type: 'catalogue', label: '数据目录', total: 1, totalCapped: false },
      { type: 'matters', label: '事项主线目录', total: 0, totalCapped: false },
    ]);
    // Every other tab is a type in SEARCH_TYPES' order with a module behind it.
    expect(res.body.result.tabs.map((t) => t.type)).toEqual(
      SEARCH_TYPES.filter((t) => installedModules().searchTabs.has(t)),
    );
    expect(res.body.result.page.records.map((r) => r.highlight.catalogName)).toEqual(['旧的<em>公交</em>站点']);
    expect((await call(ctx, 'GET', '/api/search/site', { query: { search: ' ' } })).status).toBe(400);
    expect((await call(ctx, 'GET', '/api/search/site', { query: { search: '公交', type: 'news' } })).status).toBe(400);
  });
});
