import type { Tenant } from '@odp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../../../db/schema/index.js';
import { signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestApp();
  token = (await signedIn(ctx)).token;
  await ctx.db.insert(tenants).values([
    { id: 7001, name: '滨江市东湖区' },
    { id: 7002, name: '停用租户', status: 0 },
  ]);
});
afterAll(() => ctx.close());

describe('GET /sys/tenant/queryList', () => {
  it('needs a signed-in user', async () => {
    expect((await call(ctx, 'GET', '/sys/tenant/queryList', { query: { ids: '0' } })).status).toBe(401);
  });

  it('answers the enabled tenants among the ids, leaving out unknown ones', async () => {
    const res = await call<Tenant[]>(ctx, 'GET', '/sys/tenant/queryList', {
      token,
      query: { ids: '7001, 0,9999,7002,0' },
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual([
      { id: 0, name: '滨江市' },
      { id: 7001, name: '滨江市东湖区' },
    ]);
  });

  it('refuses ids that are not integers, empty, or too many', async () => {
    const cases: [string | undefined, RegExp][] = [
      ['1,abc', /租户编号必须是整数/],
      ['1;drop table sys_tenant', /租户编号必须是整数/],
      ['-1', /租户编号必须是整数/],
      ['', /请指定租户/],
      [undefined, /请指定租户/],
      [Array.from({ length: 51 }, (_, i) => i).join(','), /一次最多查询 50 个租户/],
    ];
    for (const [ids, message] of cases) {
      const res = await call(ctx, 'GET', '/sys/tenant/queryList', { token, query: ids === undefined ? {} : { ids } });
      expect(res.status, ids).toBe(400);
      expect(res.body.message, ids).toMatch(message);
    }
    expect(await ctx.db.$count(tenants)).toBe(3);
  });
});
