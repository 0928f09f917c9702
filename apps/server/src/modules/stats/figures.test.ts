import type { FacetCounts, IndexNum, KeyAreaCount, MarketDetail, OpenStatTable } from '@odp/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { catalogues } from '../../db/schema/index.js';
import { createDepart } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { createStorage, saveCatalogueFile } from '../files/service.js';
import { createMarketEntry } from '../market/testing.js';
import { viewCounterFor } from '../market/views.js';

let ctx: TestContext;
let a: Awaited<ReturnType<typeof createDepart>>;
let b: Awaited<ReturnType<typeof createDepart>>;

/** Every page's version of the public figures, read through the public routes. */
async function published() {
  const index = (await call<IndexNum>(ctx, 'GET', '/api/IndexPage/indexNum')).body.result;
  const byDepartment = (await call<OpenStatTable>(ctx, 'GET', '/api/openstat/byDepartment')).body.result;
  const byKeyArea = (await call<OpenStatTable>(ctx, 'GET', '/api/openstat/byKeyArea')).body.result;
  const areas = (await call<KeyAreaCount[]>(ctx, 'GET', '/api/IndexPage/keyAreas')).body.result;
  const facets = (await call<FacetCounts>(ctx, 'POST', '/api/resourceMarket/getCatalogAmount', { body: {} })).body
    .result;
  return { index, byDepartment, byKeyArea, areas, facets };
}

/** The same figures counted from the entries themselves, as the ground truth. */
async function counted() {
  const [row] = await rowsOf<{ open: number; api: number; rows: string; downloads: string; entries: number }>(
    ctx.db,
    sql`select
      count(*) filter (where shelf_status = 2 and open_type in ('1','2'))::int as open,
      count(*) filter (where shelf_status = 2 and open_type in ('1','2') and data_format = 'api')::int as api,
      coalesce(sum(total_num) filter (where shelf_status = 2 and open_type in ('1','2')), 0) as rows,
      coalesce(sum(download_num) filter (where shelf_status = 2 and open_type in ('1','2')), 0) as downloads,
      count(*) filter (where catalog_status = 2 and shelf_status <> 9)::int as entries
    from data_catalog`,
  );
  return { ...row, rows: Number(row.rows), downloads: Number(row.downloads) };
}

const sum = (values: Record<string, number>) => Object.values(values).reduce((s, n) => s + n, 0);

async function expectOneDefinition() {
  const truth = await counted();
  const p = await published();
  // 数据目录 on the home page is 开放目录数 of 开放统计, by department and by key area alike.
  expect(p.index.catalogNum).toBe(truth.open);
  expect(p.byDepartment.totals.openEntries).toBe(truth.open);
  expect(p.byKeyArea.totals.openEntries).toBe(truth.open);
  expect(p.areas.reduce((s, x) => s + x.count, 0)).toBe(truth.open);
  expect(sum(p.facets.openType)).toBe(truth.open);
  expect(sum(p.facets.orgCode)).toBe(truth.open);
  expect(p.index.apiNum).toBe(truth.api);
  expect(p.facets.dataFormat.api ?? 0).toBe(truth.api);
  // 数据量 and 调用量 are the rows and downloads of the statistics.
  expect(p.index.dataNum).toBe(truth.rows);
  expect(p.byDepartment.totals.rows).toBe(truth.rows);
  expect(p.index.callNum).toBe(truth.downloads);
  expect(p.byDepartment.totals.downloads).toBe(truth.downloads);
  expect(p.byDepartment.totals.entries).toBe(truth.entries);
  expect(p.byKeyArea.totals).toEqual(p.byDepartment.totals);
  return p;
}

beforeAll(async () => {
  ctx = await createTestApp();
  a = await createDepart(ctx.db, { departName: '口径测试局' });
  b = await createDepart(ctx.db, { departName: '口径测试区' });
});
afterAll(() => ctx.close());

describe('one definition of each public figure', () => {
  it('home, key areas, facets and 开放统计 give the same numbers, through every change', async () => {
    const storage = createStorage('/tmp/odp-test-unused');
    const open = await createMarketEntry(ctx.db, a.orgCode, { keyAreasType: '6', downloadNum: 4, totalNum: 10 });
    await createMarketEntry(ctx.db, a.orgCode, { keyAreasType: '2', openType: '2', openCondition: '申请' });
    const api = await createMarketEntry(ctx.db, b.orgCode, { keyAreasType: '6', dataFormat: 'api', downloadNum: 1 });
    await createMarketEntry(ctx.db, b.orgCode, { keyAreasType: '3', openType: '3' });
    await createMarketEntry(ctx.db, b.orgCode, { catalogStatus: 0, shelfStatus: 0 });
    const before = await expectOneDefinition();

    // Files, views, going off shelf, deletion and a change of key area all move the figures at once.
    await saveCatalogueFile(ctx.db, storage, {
      catalogId: open.id,
      fileName: 'a.csv',
      bytes: Buffer.from('x\n1\n2\n'),
    });
    const viewed = await call<MarketDetail>(ctx, 'GET', '/api/resourceMarket/detail', { query: { id: open.id } });
    expect(viewed.status).toBe(200);
    // Views are written in batches (market/views.ts): the batch goes in, its figures follow.
    await viewCounterFor(ctx.db).flush();
    await ctx.db.update(catalogues).set({ shelfStatus: 4 }).where(eq(catalogues.id, api.id));
    await ctx.db.update(catalogues).set({ keyAreasType: '7' }).where(eq(catalogues.id, open.id));
    const after = await expectOneDefinition();

    expect(after.index.catalogNum).toBe(before.index.catalogNum - 1);
    expect(after.byDepartment.totals.files).toBe(before.byDepartment.totals.files + 1);
    expect(after.byDepartment.totals.views).toBe(before.byDepartment.totals.views + 1);
    expect(after.byKeyArea.rows.find((r) => r.key === '7')?.openEntries).toBe(
      (before.byKeyArea.rows.find((r) => r.key === '7')?.openEntries ?? 0) + 1,
    );

    await ctx.db.update(catalogues).set({ shelfStatus: 9 }).where(eq(catalogues.id, open.id));
    const deleted = await expectOneDefinition();
    expect(deleted.byDepartment.totals.files).toBe(before.byDepartment.totals.files);
  });
});
