import type { FacetCounts, MarketPage } from '@odp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../db/schema/index.js';
import { createDepart } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { createMarketEntry } from './testing.js';
import { viewCounterFor } from './views.js';

let ctx: TestContext;
let dept: Awaited<ReturnType<typeof createDepart>>;

beforeAll(async () => {
  ctx = await createTestApp();
  dept = await createDepart(ctx.db, { departName: '缓存测试局' });
});
afterAll(() => ctx.close());

const search = async (body: Record<string, unknown>) =>
  (await call<MarketPage>(ctx, 'POST', '/api/resourceMarket/page', { body })).body.result.total;
const page = async (body: Record<string, unknown>) =>
  (await call<MarketPage>(ctx, 'POST', '/api/resourceMarket/page', { body })).body.result.records;
const facets = async (body: Record<string, unknown>) =>
  (await call<FacetCounts>(ctx, 'POST', '/api/resourceMarket/getCatalogAmount', { body })).body.result;

describe('keyword totals and facet counts kept per catalogue version', () => {
  it('answer again from the cache, and change as soon as the catalogue does, whoever changed it', async () => {
    const word = `缓存词${Date.now().toString(36)}`;
    const first = await createMarketEntry(ctx.db, dept.orgCode, { catalogName: `${word}一`, dataFormat: 'api' });
    const query = { catalogName: word };
    expect(await search(query)).toBe(1);
    expect(await search(query)).toBe(1);
    expect((await facets(query)).dataFormat).toEqual({ api: 1 });

    // A second matching entry, written straight to the database as another instance would.
    await createMarketEntry(ctx.db, dept.orgCode, { catalogName: `${word}二`, dataFormat: 'table' });
    expect(await search(query)).toBe(2);
    expect((await facets(query)).dataFormat).toEqual({ api: 1, table: 1 });
    expect(await search({ ...query, dataFormat: 'table' })).toBe(1);

    // Off shelf: gone from the totals, the facets and the ranked page at once.
    await ctx.db.update(catalogues).set({ shelfStatus: 4 }).where(eq(catalogues.id, first.id));
    expect(await search(query)).toBe(1);
    expect((await facets(query)).dataFormat).toEqual({ table: 1 });
    expect((await page(query)).map((r) => r.id)).not.toContain(first.id);
  });

  it('keeps the order of a ranked page but reads its cards fresh', async () => {
    const word = `排序词${Date.now().toString(36)}`;
    const entry = await createMarketEntry(ctx.db, dept.orgCode, { catalogName: `${word}甲`, viewNum: 3 });
    expect((await page({ catalogName: word })).map((r) => [r.id, r.viewNum])).toEqual([[entry.id, 3]]);
    await call(ctx, 'GET', '/api/resourceMarket/detail', { query: { id: entry.id } });
    await viewCounterFor(ctx.db).flush();
    expect((await page({ catalogName: word }))[0].viewNum).toBe(4);
    const newer = await createMarketEntry(ctx.db, dept.orgCode, { catalogName: `${word}乙` });
    expect((await page({ catalogName: word })).map((r) => r.id).sort()).toEqual([entry.id, newer.id].sort());
    // The default page (newest first), once kept, shows a newly published entry at once.
    expect((await page({})).length).toBeGreaterThan(0);
    const newest = await createMarketEntry(ctx.db, dept.orgCode, { releaseTime: new Date(Date.now() + 60_000) });
    expect((await page({}))[0].id).toBe(newest.id);
  });
});
