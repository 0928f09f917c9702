import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { createDepart } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { createMarketEntry } from '../market/testing.js';
import { flushCallLogs } from './call-log.js';
import { mountRows, setOpenQuota } from './testing.js';

let ctx: TestContext;
let catalogId: string;

beforeAll(async () => {
  ctx = await createTestApp({ config: { openApiQuotas: false } });
  const dept = await createDepart(ctx.db);
  catalogId = (await createMarketEntry(ctx.db, dept.orgCode, { dataFormat: 'table', items: [{ name: '名称' }] })).id;
  await mountRows(ctx.db, catalogId, ['名称'], [['甲'], ['乙']]);
  await setOpenQuota(ctx.db, 'anonymous.day', '1');
});
afterAll(async () => {
  await setOpenQuota(ctx.db, 'anonymous.day', '2000');
  await ctx.close();
});

describe('OPEN_API_QUOTAS=0', () => {
  it('counts no call against a quota and sends no quota headers, but still logs every call', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await ctx.app.inject({ method: 'GET', url: `${ctx.base}/open/api/v1/datasets/${catalogId}/rows` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
    await flushCallLogs();
    const [logged] = await rowsOf<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from open_call_log where catalog_id = ${catalogId}`,
    );
    expect(logged.n).toBe(3);
    const [counted] = await rowsOf<{ n: number }>(ctx.db, sql`select count(*)::int as n from open_quota`);
    expect(counted.n).toBe(0);
  });
});
