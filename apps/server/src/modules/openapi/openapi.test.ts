import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type OpenAppItem,
  OpenAppPerm,
  type OpenAppSecret,
  type OpenDatasetMeta,
  type OpenRows,
  type Page,
} from '@odp/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApps, openCallDaily, openGrants } from '../../db/schema/index.js';
import { createDepart, signedInWith } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { createMarketEntry } from '../market/testing.js';
import { flushCallLogs } from './call-log.js';
import { mountRows, setOpenQuota, signedHeaders } from './testing.js';

let ctx: TestContext;
let dept: { id: string; orgCode: string };
let alice: string;
let bob: string;
let open: { id: string };
let conditional: { id: string };
const APP_CODES = Object.values(OpenAppPerm);

const PEOPLE = [
  ['1', '张三', '13800001111', '2026-01-05', '120'],
  ['2', '李四', '13800002222', '2026-02-10', '80.5'],
  ['3', '王五', '13800003333', '2026-03-15', '300'],
  ['4', '赵六', '13800004444', '2026-04-20', '15'],
  ['5', '钱七', '13800005555', '2026-05-25', '999'],
];
const ITEMS = [
  { name: '编号', enName: 'id' },
  { name: '姓名', enName: 'name' },
  { name: '手机号', enName: 'mobile', masked: true },
  { name: '登记日期', enName: 'reg_date' },
  { name: '金额', enName: 'amount' },
];
const NAMES = ITEMS.map((i) => i.name);
const TYPES = ['numeric', 'text', 'text', 'date', 'numeric'] as const;

const dataDir = mkdtempSync(path.join(tmpdir(), 'odp-openapi-'));

beforeAll(async () => {
  ctx = await createTestApp({ dataDir });
  // Tests call faster than a visitor may: only the quota tests lower the limits.
  await setQuota('anonymous.second', '1000');
  dept = await createDepart(ctx.db);
  const a = await signedInWith(ctx, APP_CODES);
  alice = a.token;
  bob = (await signedInWith(ctx, APP_CODES)).token;
  open = await createMarketEntry(ctx.db, dept.orgCode, {
    catalogName: '开放人员名单',
    dataFormat: 'table',
    items: ITEMS,
  });
  await mountRows(ctx.db, open.id, NAMES, PEOPLE, [...TYPES]);
  conditional = await createMarketEntry(ctx.db, dept.orgCode, {
    catalogName: '有条件人员名单',
    dataFormat: 'table',
    openType: '2',
    openCondition: '须提交申请',
    items: ITEMS,
  });
  await mountRows(ctx.db, conditional.id, NAMES, PEOPLE, [...TYPES]);
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const url = (path: string) => `${ctx.base}/open/api/v1${path}`;
async function get<T>(path: string, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({ method: 'GET', url: url(path), headers });
  const json = res.headers['content-type']?.toString().includes('json') ? res.json() : null;
  return {
    status: res.statusCode,
    headers: res.headers,
    body: json as { message: string; result: T } | null,
    text: res.body,
  };
}
const createApp = async (token: string, name: string) =>
  (
    await call<OpenAppItem & OpenAppSecret>(ctx, 'POST', '/api/openApp/add', {
      token,
      body: { name, description: '测试' },
    })
  ).body.result;

const setQuota = (value: string, text: string) => setOpenQuota(ctx.db, value, text);

describe('我的应用', () => {
  it('needs a session', async () => {
    expect((await call(ctx, 'GET', '/api/openApp/list')).status).toBe(401);
    expect((await call(ctx, 'POST', '/api/openApp/add', { body: { name: 'x' } })).status).toBe(401);
  });

  it('shows the secret once and keeps it sealed', async () => {
    const created = await createApp(alice, '公交到站查询');
    expect(created.appKey).toMatch(/^ak_[0-9a-f]{32}$/);
    expect(created.secret).toMatch(/^sk_/);
    const [row] = await ctx.db.select().from(openApps).where(eq(openApps.id, created.id));
    expect(row.secretEnc).not.toContain(created.secret);
    expect(row.secretEnc).not.toContain(created.secret.slice(3, 20));
    const list = await call<Page<OpenAppItem>>(ctx, 'GET', '/api/openApp/list', { token: alice });
    expect(list.body.result.records.map((r) => r.name)).toContain('公交到站查询');
    expect(JSON.stringify(list.body)).not.toContain(created.secret);
  });

  it('refuses a missing or repeated name and writes nothing', async () => {
    const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(openApps);
    const blank = await call(ctx, 'POST', '/api/openApp/add', { token: alice, body: { name: '  ' } });
    expect(blank.status).toBe(400);
    await createApp(alice, '重名应用');
    const again = await call(ctx, 'POST', '/api/openApp/add', { token: alice, body: { name: '重名应用' } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('已有同名应用');
    const after = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(openApps);
    expect(after[0].n).toBe(before[0].n + 1);
  });

  it("keeps each user's applications to that user", async () => {
    const mine = await createApp(alice, '仅本人可见');
    const theirs = await call<Page<OpenAppItem>>(ctx, 'GET', '/api/openApp/list', { token: bob });
    expect(theirs.body.result.records.map((r) => r.id)).not.toContain(mine.id);
    const edit = await call(ctx, 'PUT', '/api/openApp/edit', { token: bob, body: { id: mine.id, name: '改名' } });
    expect(edit.status).toBe(404);
    expect((await call(ctx, 'POST', '/api/openApp/rotate', { token: bob, body: { id: mine.id } })).status).toBe(404);
    expect((await call(ctx, 'POST', '/api/openApp/revoke', { token: bob, body: { id: mine.id } })).status).toBe(404);
  });

  it('rotates the secret: the old one stops signing at once', async () => {
    const app = await createApp(alice, '轮换密钥');
    const path = `/datasets/${open.id}/rows`;
    expect((await get(path, signedHeaders(app, 'GET', url(path)))).status).toBe(200);
    const rotated = (
      await call<OpenAppSecret>(ctx, 'POST', '/api/openApp/rotate', { token: alice, body: { id: app.id } })
    ).body.result;
    expect(rotated.secret).not.toBe(app.secret);
    const old = await get(path, signedHeaders(app, 'GET', url(path)));
    expect(old.status).toBe(401);
    expect(
      (await get(path, signedHeaders({ appKey: app.appKey, secret: rotated.secret }, 'GET', url(path)))).status,
    ).toBe(200);
  });

  it('revokes: the key answers 401 from the next call', async () => {
    const app = await createApp(alice, '停用应用');
    const path = `/datasets/${open.id}/rows`;
    expect((await get(path, { 'x-app-key': app.appKey })).status).toBe(200);
    expect((await call(ctx, 'POST', '/api/openApp/revoke', { token: alice, body: { id: app.id } })).status).toBe(200);
    const after = await get(path, { 'x-app-key': app.appKey });
    expect(after.status).toBe(401);
    expect(after.body?.message).toBe('应用密钥无效或应用已停用');
    expect((await call(ctx, 'POST', '/api/openApp/rotate', { token: alice, body: { id: app.id } })).status).toBe(400);
  });
});

describe('open datasets', () => {
  it('lists public datasets and describes one', async () => {
    const list = await get<Page<{ id: string; name: string }>>('/datasets?q=人员名单&size=50');
    expect(list.status).toBe(200);
    const ids = list.body?.result.records.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([open.id, conditional.id]));
    expect(Number(list.headers['x-ratelimit-limit'])).toBeGreaterThan(0);
    const meta = await get<OpenDatasetMeta>(`/datasets/${open.id}`);
    expect(meta.body?.result.fields.map((f) => [f.key, f.type, f.masked])).toEqual([
      ['id', 'number', false],
      ['name', 'string', false],
      ['mobile', 'string', true],
      ['reg_date', 'date', false],
      ['amount', 'number', false],
    ]);
    expect(meta.body?.result.resources).toHaveLength(1);
  });

  it('answers 404 for an entry that is not public', async () => {
    const hidden = await createMarketEntry(ctx.db, dept.orgCode, { shelfStatus: 1 });
    expect((await get(`/datasets/${hidden.id}`)).status).toBe(404);
    expect((await get(`/datasets/${hidden.id}/rows`)).status).toBe(404);
  });

  it('describes a dataset in OpenAPI with a parameter per field and operator', async () => {
    const doc = await get(`/datasets/${open.id}/openapi.json`);
    expect(doc.status).toBe(200);
    const spec = JSON.parse(doc.text);
    const params = spec.paths[`/datasets/${open.id}/rows`].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['amount', 'amount.gte', 'name.like', 'limit']));
    expect(params).not.toContain('mobile');
  });
});

describe('rows', () => {
  const rows = (q = '', headers: Record<string, string> = {}) =>
    get<OpenRows>(`/datasets/${open.id}/rows${q}`, headers);

  it('answers rows anonymously for 无条件开放 data, masked items masked', async () => {
    const res = await rows();
    expect(res.status).toBe(200);
    expect(res.body?.result.total).toBe(5);
    expect(res.body?.result.rows[0]).toEqual({
      id: '1',
      name: '张三',
      mobile: '138****1111',
      reg_date: '2026-01-05',
      amount: '120',
    });
    expect(res.headers['x-ratelimit-remaining']).toBeDefined();
    expect(res.headers['x-ratelimit-reset']).toBeDefined();
  });

  it('filters by equality, range and contains, searches, picks fields and sorts', async () => {
    expect((await rows('?name=李四')).body?.result.rows.map((r) => r.id)).toEqual(['2']);
    expect((await rows('?amount.gte=100&amount.lt=500')).body?.result.rows.map((r) => r.id)).toEqual(['1', '3']);
    expect((await rows('?reg_date.gt=2026-03-01')).body?.result.rows.map((r) => r.id)).toEqual(['3', '4', '5']);
    expect((await rows(`?name.like=${encodeURIComponent('五')}`)).body?.result.rows.map((r) => r.id)).toEqual(['3']);
    expect((await rows(`?q=${encodeURIComponent('钱')}`)).body?.result.rows.map((r) => r.id)).toEqual(['5']);
    const picked = await rows('?fields=name,amount&sort=-amount&limit=2');
    expect(picked.body?.result.rows).toEqual([
      { name: '钱七', amount: '999' },
      { name: '王五', amount: '300' },
    ]);
    expect(picked.body?.result.total).toBe(5);
    const paged = await rows('?sort=id&limit=2&offset=2');
    expect(paged.body?.result.rows.map((r) => r.id)).toEqual(['3', '4']);
    const filteredTotal = await rows('?amount.gt=50&limit=1');
    expect(filteredTotal.body?.result.total).toBe(4);
  });

  it('answers CSV', async () => {
    const res = await rows('?format=csv&fields=id,name&sort=id&limit=2');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.text.replace('\uFEFF', '')).toBe('id,name\r\n1,张三\r\n2,李四\r\n');
  });

  it.each([
    ['?limit=1001', 'limit 不能超过 1000'],
    ['?offset=100001', 'offset 不能超过 100000'],
    ['?colour=red', '未知的查询参数'],
    ['?amount.gte=abc', '须为数值'],
    ['?reg_date=2026-13-45', '须为日期'],
    ['?mobile=13800001111', '已脱敏'],
    ['?sort=-mobile', '已脱敏'],
    ['?fields=id,nope', '不存在'],
    ['?format=xml', 'format 只能是 json 或 csv'],
    ['?sort=a,b,c,d', '最多'],
  ])('refuses %s with a Chinese 400', async (q, message) => {
    const res = await rows(q);
    expect(res.status).toBe(400);
    expect(res.body?.message).toContain(message);
  });

  it('does not let q reveal a masked value', async () => {
    expect((await rows('?q=13800001111')).body?.result.total).toBe(0);
  });
});

describe('有条件开放 rows and signatures', () => {
  const path = () => `/datasets/${conditional.id}/rows`;
  let app: OpenAppItem & OpenAppSecret;

  beforeAll(async () => {
    app = await createApp(alice, '获授权应用');
  });

  it('refuses callers without a granted, proven application', async () => {
    expect((await get(path())).status).toBe(401);
    const plain = await get(path(), { 'x-app-key': app.appKey });
    expect(plain.status).toBe(403);
    const signed = await get(path(), signedHeaders(app, 'GET', url(path())));
    expect(signed.status).toBe(403);
    expect(signed.body?.message).toBe('应用未获得该数据集的授权，或授权已过期');
  });

  it('answers exactly the granted items to a signed call, masked unless granted unmasked', async () => {
    const [grant] = await ctx.db
      .insert(openGrants)
      .values({ appId: app.id, catalogId: conditional.id, fields: ['编号', '手机号'] })
      .returning();
    const res = await get<OpenRows>(
      `${path()}?sort=id&limit=1`,
      signedHeaders(app, 'GET', url(`${path()}?sort=id&limit=1`)),
    );
    expect(res.status).toBe(200);
    expect(res.body?.result.rows).toEqual([{ id: '1', mobile: '138****1111' }]);
    await ctx.db.update(openGrants).set({ unmasked: true }).where(eq(openGrants.id, grant.id));
    const clear = await get<OpenRows>(
      `${path()}?mobile=13800002222`,
      signedHeaders(app, 'GET', url(`${path()}?mobile=13800002222`)),
    );
    expect(clear.body?.result.rows).toEqual([{ id: '2', mobile: '13800002222' }]);
    await ctx.db
      .update(openGrants)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(openGrants.id, grant.id));
    expect((await get(path(), signedHeaders(app, 'GET', url(path())))).status).toBe(403);
    await ctx.db.update(openGrants).set({ endsAt: null }).where(eq(openGrants.id, grant.id));
  });

  it('serves an entry not open to the public only to a signed call of an app granted it (a department share)', async () => {
    const internal = await createMarketEntry(ctx.db, dept.orgCode, {
      catalogName: '内部共享人员名单',
      dataFormat: 'table',
      openType: '3',
      items: ITEMS,
    });
    await mountRows(ctx.db, internal.id, NAMES, PEOPLE, [...TYPES]);
    const rows = `/datasets/${internal.id}/rows`;
    const signed = (p: string) => signedHeaders(app, 'GET', url(p));
    // Without a grant it does not exist, for anyone.
    expect((await get(rows)).status).toBe(404);
    expect((await get(rows, signed(rows))).status).toBe(404);
    const [grant] = await ctx.db
      .insert(openGrants)
      .values({ appId: app.id, catalogId: internal.id, fields: ['编号', '姓名'] })
      .returning();
    const granted = await get<OpenRows>(`${rows}?sort=id&limit=1`, signed(`${rows}?sort=id&limit=1`));
    expect(granted.status).toBe(200);
    expect(Object.keys(granted.body?.result.rows[0] ?? {})).toEqual(['id', 'name']);
    // A plain key proves nothing, and other callers still find nothing.
    expect((await get(rows, { 'x-app-key': app.appKey })).status).toBe(404);
    expect((await get(`/datasets/${internal.id}`)).status).toBe(404);
    // Revoked, it is gone again at once.
    await ctx.db.update(openGrants).set({ revokedAt: new Date() }).where(eq(openGrants.id, grant.id));
    expect((await get(rows, signed(rows))).status).toBe(404);
  });

  it('lets the owner call through the session (在线调试), and nobody else', async () => {
    const mine = await ctx.app.inject({
      method: 'GET',
      url: url(path()),
      headers: { 'x-app-key': app.appKey, 'x-access-token': alice },
    });
    expect(mine.statusCode).toBe(200);
    const theirs = await ctx.app.inject({
      method: 'GET',
      url: url(path()),
      headers: { 'x-app-key': app.appKey, 'x-access-token': bob },
    });
    expect(theirs.statusCode).toBe(403);
  });

  it('refuses a wrong signature, a stale timestamp, a bad nonce and a replay', async () => {
    const target = url(path());
    const good = signedHeaders(app, 'GET', target);
    expect((await get(path(), { ...good, 'x-signature': '0'.repeat(64) })).status).toBe(401);
    const otherQuery = signedHeaders(app, 'GET', `${target}?limit=1`);
    expect((await get(path(), otherQuery)).status).toBe(401);
    const stale = await get(path(), signedHeaders(app, 'GET', target, { timestamp: Date.now() - 6 * 60 * 1000 }));
    expect(stale.status).toBe(401);
    expect(stale.body?.message).toContain('5 分钟');
    expect((await get(path(), signedHeaders(app, 'GET', target, { nonce: 'short' }))).status).toBe(401);
    expect((await get(path(), { 'x-app-key': app.appKey, 'x-nonce': 'abcdefgh12' })).status).toBe(401);
    expect((await get(path(), good)).status).toBe(200);
    const replay = await get(path(), good);
    expect(replay.status).toBe(401);
    expect(replay.body?.message).toContain('X-Nonce 重复');
  });
});

describe('quotas and the call log', () => {
  it('counts a key against its tier and answers 429 with Retry-After beyond it', async () => {
    const app = await createApp(bob, '配额测试');
    await setQuota('registered.day', '3');
    try {
      const path = `/datasets/${open.id}/rows?limit=1`;
      const remaining: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await get(path, { 'x-app-key': app.appKey });
        expect(res.status).toBe(200);
        remaining.push(String(res.headers['x-ratelimit-remaining']));
      }
      expect(remaining).toEqual(['2', '1', '0']);
      const over = await get(path, { 'x-app-key': app.appKey });
      expect(over.status).toBe(429);
      expect(over.body?.message).toBe('今日调用次数已用完，请明日再试');
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.headers['x-ratelimit-remaining']).toBe('0');
    } finally {
      await setQuota('registered.day', '50000');
    }
  });

  it('lets exactly N of 4N concurrent calls through', async () => {
    const app = await createApp(bob, '并发配额');
    const n = 5;
    await setQuota('registered.day', String(n));
    await setQuota('registered.second', '1000');
    try {
      const results = await Promise.all(
        Array.from({ length: 4 * n }, () => get(`/datasets/${open.id}/rows?limit=1`, { 'x-app-key': app.appKey })),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(n);
      expect(results.filter((r) => r.status === 429)).toHaveLength(3 * n);
    } finally {
      await setQuota('registered.day', '50000');
      await setQuota('registered.second', '20');
    }
  });

  it('logs calls and counts the successful ones per dataset', async () => {
    const entry = await createMarketEntry(ctx.db, dept.orgCode, { dataFormat: 'table', items: ITEMS });
    await mountRows(ctx.db, entry.id, NAMES, PEOPLE, [...TYPES]);
    for (let i = 0; i < 3; i++) expect((await get(`/datasets/${entry.id}/rows?limit=2`)).status).toBe(200);
    expect((await get(`/datasets/${entry.id}/rows?limit=0`)).status).toBe(400);
    await flushCallLogs();
    const [day] = await ctx.db.select().from(openCallDaily).where(eq(openCallDaily.catalogId, entry.id));
    expect(day).toMatchObject({ calls: 3, rows: 6 });
    const logged = await ctx.db.execute(
      sql`select status, count(*)::int as n from open_call_log where catalog_id = ${entry.id} group by status order by status`,
    );
    expect((logged as unknown as { rows: { status: number; n: number }[] }).rows).toEqual([
      { status: 200, n: 3 },
      { status: 400, n: 1 },
    ]);
    const meta = await get<OpenDatasetMeta>(`/datasets/${entry.id}`);
    expect(meta.body?.result.calls).toBe(3);
    const ranking = await call<Page<{ id: string; callNum: number }>>(ctx, 'GET', '/api/IndexPage/apiCallPage', {
      query: { pageSize: '50' },
    });
    expect(ranking.body.result.records.find((r) => r.id === entry.id)?.callNum).toBe(3);
    const before = (await call<{ callNum: number }>(ctx, 'GET', '/api/IndexPage/indexNum')).body.result.callNum;
    expect((await get(`/datasets/${entry.id}/rows?limit=1`)).status).toBe(200);
    await flushCallLogs();
    const after = (await call<{ callNum: number }>(ctx, 'GET', '/api/IndexPage/indexNum')).body.result.callNum;
    expect(after).toBe(before + 1);
  });
});
