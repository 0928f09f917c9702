import type { IndexNum, SiteConfigMap } from '@odp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteConfig } from '../../db/schema/index.js';
import { SITE_CONFIG } from '../../db/seed/site.js';
import { createDepart } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { INDEX_COUNTERS } from './service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/IndexPage/indexNum', () => {
  it('is public and counts live departments and districts', async () => {
    const before = await call<IndexNum>(ctx, 'GET', '/api/IndexPage/indexNum');
    expect(before.status).toBe(200);
    await createDepart(ctx.db, { orgType: '1' });
    await createDepart(ctx.db, { orgType: '2' });
    await createDepart(ctx.db, { orgType: '0' });
    await createDepart(ctx.db, { orgType: '1', deletedAt: new Date() });
    const after = await call<IndexNum>(ctx, 'GET', '/api/IndexPage/indexNum');
    expect(after.body.result.departNum).toBe(before.body.result.departNum + 2);
    expect(after.body.result).toEqual({
      departNum: after.body.result.departNum,
      catalogNum: 0,
      apiNum: 0,
      tableNum: 0,
      dataNum: 0,
      callNum: 0,
      achievementNum: 0,
    });
  });

  it('has one counter per number', () => {
    expect(Object.keys(INDEX_COUNTERS).sort()).toEqual([
      'achievementNum',
      'apiNum',
      'callNum',
      'catalogNum',
      'dataNum',
      'departNum',
      'tableNum',
    ]);
  });
});

describe('GET /api/config/site', () => {
  it('is public and answers every setting by key', async () => {
    await ctx.db.insert(siteConfig).values({ key: 'testNotice', value: '测试公告栏', description: '测试' });
    const res = await call<SiteConfigMap>(ctx, 'GET', '/api/config/site');
    expect(res.status).toBe(200);
    for (const [key, [value]] of Object.entries(SITE_CONFIG)) expect(res.body.result[key], key).toBe(value);
    expect(res.body.result.testNotice).toBe('测试公告栏');
    expect(res.body.result.sponsor).toBe('滨江市大数据管理局');
  });
});
