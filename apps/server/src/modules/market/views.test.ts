import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../db/schema/index.js';
import { createDepart } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { createMarketEntry } from './testing.js';
import { viewCounterFor } from './views.js';

describe('view counting in batches', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  const stored = async (id: string) =>
    (await ctx.db.select({ n: catalogues.viewNum }).from(catalogues).where(eq(catalogues.id, id)))[0].n;

  it('keeps views in memory until a flush writes them all in one go, then counts on from there', async () => {
    const org = await createDepart(ctx.db, { departName: '访问计数测试局' });
    const a = await createMarketEntry(ctx.db, org.orgCode, { viewNum: 3 });
    const b = await createMarketEntry(ctx.db, org.orgCode, {});
    const views = viewCounterFor(ctx.db);
    views.count(a.id);
    views.count(a.id);
    views.count(b.id);
    expect(views.pendingFor(a.id)).toBe(2);
    expect(await stored(a.id)).toBe(3);
    await views.flush();
    expect([await stored(a.id), await stored(b.id)]).toEqual([5, 1]);
    expect(views.pendingFor(a.id)).toBe(0);
    views.count(b.id);
    await views.flush();
    expect(await stored(b.id)).toBe(2);
  });

  it('shows a visitor the views still waiting to be written', async () => {
    const org = await createDepart(ctx.db, { departName: '访问显示测试局' });
    const entry = await createMarketEntry(ctx.db, org.orgCode, { viewNum: 7 });
    const first = await ctx.app.inject({ method: 'GET', url: `/dtwave-om/api/resourceMarket/detail?id=${entry.id}` });
    const second = await ctx.app.inject({ method: 'GET', url: `/dtwave-om/api/resourceMarket/detail?id=${entry.id}` });
    expect([first.json().result.viewNum, second.json().result.viewNum]).toEqual([8, 9]);
    await viewCounterFor(ctx.db).flush();
    expect(await stored(entry.id)).toBe(9);
  });
});
