import { randomBytes } from 'node:crypto';
import { NavigationMessages as M, NAV_TOKEN_PARAM, type NavAppItem, type NavLaunch } from '@odp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { logs, navApps, navLaunchTokens } from '../../db/schema/index.js';
import { encodePng } from '../../db/seed/pictures.js';
import { signToken } from '../../platform/secret/signed-token.js';
import { signedIn } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { navigationService } from './service.js';

const SECRET = randomBytes(32).toString('hex');
const KEY = Buffer.from(SECRET, 'hex');
const EMBED = 'https://bi.binjiang.gov.cn';

let ctx: TestContext;
let adminToken: string;
let citizen: Awaited<ReturnType<typeof signedIn>>;

const entry = (over: Record<string, unknown> = {}) => ({
  name: '数据可视化平台',
  description: '城市运行指标的可视化看板',
  url: `${EMBED}/board`,
  iconId: null,
  openMode: 1,
  needLogin: true,
  sortNo: 1,
  enabled: true,
  ...over,
});

async function add(over: Record<string, unknown> = {}) {
  const res = await call<NavAppItem>(ctx, 'POST', '/api/navigation/add', { token: adminToken, body: entry(over) });
  expect(res.status, res.body.message).toBe(200);
  return res.body.result;
}

const launch = (id: string, token?: string) =>
  call<NavLaunch>(ctx, 'POST', '/api/navigation/launch', { token, body: { id } });
const verify = (body: unknown) => call<Record<string, string>>(ctx, 'POST', '/api/navigation/token/verify', { body });
const tokenOf = (url: string) => new URL(url).searchParams.get(NAV_TOKEN_PARAM) ?? '';

beforeAll(async () => {
  ctx = await createTestApp({ config: { navTokenSecret: SECRET, navEmbedOrigins: [EMBED] } });
  adminToken = (await signedIn(ctx, { roles: ['admin'] })).token;
  citizen = await signedIn(ctx);
});
beforeEach(async () => {
  await ctx.db.delete(navApps);
});
afterAll(() => ctx.close());

describe('功能导航 administration', () => {
  it('is for holders of the navigation permissions only', async () => {
    expect((await call(ctx, 'GET', '/api/navigation/list', { token: citizen.token })).status).toBe(403);
    expect((await call(ctx, 'POST', '/api/navigation/add', { token: citizen.token, body: entry() })).status).toBe(403);
    expect((await call(ctx, 'POST', '/api/navigation/add', { body: entry() })).status).toBe(401);
    expect(await ctx.db.select().from(navApps)).toHaveLength(0);
    const created = await add();
    expect(
      (await call(ctx, 'DELETE', '/api/navigation/delete', { token: citizen.token, query: { id: created.id } })).status,
    ).toBe(403);
    const list = await call<{ records: NavAppItem[] }>(ctx, 'GET', '/api/navigation/list', { token: adminToken });
    expect(list.body.result.records.map((r) => r.name)).toEqual(['数据可视化平台']);
    const [log] = await ctx.db.select().from(logs).where(eq(logs.target, created.id));
    expect(log.logContent).toBe('新增导航应用：数据可视化平台');
  });

  it.each([
    ['javascript:alert(1)', M.urlFormat],
    ['JavaScript:alert(document.cookie)', M.urlFormat],
    ['data:text/html,<script>1</script>', M.urlFormat],
    ['ftp://files.binjiang.gov.cn/a', M.urlFormat],
    ['//evil.example/x', M.urlFormat],
    ['https://user:pass@bi.binjiang.gov.cn/', M.urlFormat],
    ['', '请输入访问地址'],
  ])('refuses the address %s with a Chinese reason and writes nothing', async (url, message) => {
    const res = await call(ctx, 'POST', '/api/navigation/add', { token: adminToken, body: entry({ url }) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`${message}（字段 url）`);
    expect(await ctx.db.select().from(navApps)).toHaveLength(0);
  });

  it('takes http(s) addresses and paths of this site; embeds only allowed origins', async () => {
    await add({ name: 'A', url: 'http://10.1.2.3:8080/home' });
    await add({ name: '开发者中心', url: '/personalCenter/perCenter?current=3', needLogin: false });
    await add({ name: 'B', url: `${EMBED}/x`, openMode: 2 });
    const other = await call(ctx, 'POST', '/api/navigation/add', {
      token: adminToken,
      body: entry({ name: 'C', url: 'https://elsewhere.example/x', openMode: 2 }),
    });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe(M.embedOrigin);
    const own = await call(ctx, 'POST', '/api/navigation/add', {
      token: adminToken,
      body: entry({ name: 'D', url: '/catalogue/datacatalogue', openMode: 2 }),
    });
    expect(own.body.message).toBe(M.embedSameSite);
  });

  it('uploads an icon checked by content and serves it publicly', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(encodePng(40, 40, () => [10, 120, 200]))]), 'icon.png');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${ctx.base}/api/navigation/icon`,
      headers: { 'x-access-token': adminToken },
      payload: form,
    });
    expect(res.statusCode).toBe(200);
    const icon = res.json().result as { id: string; url: string };
    const img = await ctx.app.inject({ method: 'GET', url: icon.url });
    expect(img.headers['content-type']).toBe('image/webp');
    const bad = new FormData();
    bad.append('file', new Blob([Buffer.from('<svg onload="alert(1)"/>')]), 'x.png');
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `${ctx.base}/api/navigation/icon`,
      headers: { 'x-access-token': adminToken },
      payload: bad,
    });
    expect(refused.json().message).toBe(M.iconType);
    const created = await add({ iconId: icon.id });
    expect(created.iconUrl).toBe(icon.url);
    const missing = await call(ctx, 'POST', '/api/navigation/add', {
      token: adminToken,
      body: entry({ name: '无图标', iconId: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(missing.body.message).toBe(M.iconMissing);
  });
});

describe('the public page and launching', () => {
  it('lists the enabled entries in their order', async () => {
    await add({ name: '乙', sortNo: 2 });
    await add({ name: '甲', sortNo: 1 });
    await add({ name: '停用的', sortNo: 0, enabled: false });
    const res = await call<{ name: string }[]>(ctx, 'GET', '/api/navigation/public/list');
    expect(res.body.result.map((c) => c.name)).toEqual(['甲', '乙']);
  });

  it('sends a visitor to sign in for an entry needing login, and never puts the user name in the address', async () => {
    const app = await add();
    const anon = await launch(app.id);
    expect(anon.status).toBe(401);
    expect(anon.body.message).toBe(M.loginRequired);
    const res = await launch(app.id, citizen.token);
    expect(res.status).toBe(200);
    expect(res.body.result.url.startsWith(`${EMBED}/board?${NAV_TOKEN_PARAM}=`)).toBe(true);
    expect(res.body.result.url).not.toContain(citizen.user.username);
    expect(decodeURIComponent(res.body.result.url)).not.toContain(citizen.user.username);
    const open = await add({ name: '公开应用', needLogin: false });
    expect((await launch(open.id)).body.result.url).toBe(`${EMBED}/board`);
    const disabled = await add({ name: '停用', enabled: false });
    expect((await launch(disabled.id, citizen.token)).status).toBe(404);
  });
});

describe('the sign-in token', () => {
  it('is exchanged once for the user id, name and type by the application it was issued for', async () => {
    const app = await add();
    const other = await add({ name: '另一个应用' });
    const token = tokenOf((await launch(app.id, citizen.token)).body.result.url);
    const wrongApp = await verify({ token, appId: other.id });
    expect(wrongApp.body.message).toBe(M.tokenWrongApp);
    const first = await verify({ token, appId: app.id });
    expect(first.status).toBe(200);
    expect(first.body.result).toEqual({
      userId: citizen.user.id,
      username: citizen.user.username,
      realname: citizen.user.realname,
      userType: '1',
      appId: app.id,
    });
    const again = await verify({ token, appId: app.id });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(M.tokenUsed);
  });

  it('refuses a tampered token: another user, a changed signature, another key', async () => {
    const app = await add();
    const token = tokenOf((await launch(app.id, citizen.token)).body.result.url);
    const [body, sig] = token.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forgedBody = Buffer.from(
      JSON.stringify({ ...payload, sub: '11111111-1111-4111-8111-111111111111' }),
    ).toString('base64url');
    expect((await verify({ token: `${forgedBody}.${sig}`, appId: app.id })).body.message).toBe(M.tokenForged);
    const flipped = `${body}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await verify({ token: flipped, appId: app.id })).body.message).toBe(M.tokenForged);
    const otherKey = signToken(randomBytes(32), payload);
    expect((await verify({ token: otherKey, appId: app.id })).body.message).toBe(M.tokenForged);
    expect((await verify({ token: 'not-a-token', appId: app.id })).body.message).toBe(M.tokenMalformed);
    // A token signed with the right key but never issued (no jti row) is refused too.
    const unissued = signToken(KEY, { ...payload, jti: 'never-issued-jti-1' });
    expect((await verify({ token: unissued, appId: app.id })).body.message).toBe(M.tokenUsed);
    // The genuine one still works once.
    expect((await verify({ token, appId: app.id })).status).toBe(200);
  });

  it('expires after 60 seconds by the injected clock, and its jti row is cleared later', async () => {
    const app = await add();
    let now = new Date('2026-11-28T08:00:00Z');
    const svc = navigationService({ apiBase: ctx.base, embedOrigins: [EMBED], key: () => KEY, now: () => now });
    const actor = { userId: citizen.user.id } as Parameters<typeof svc.launch>[1];
    const fresh = tokenOf((await svc.launch(ctx.db, actor, app.id)).url);
    const stale = tokenOf((await svc.launch(ctx.db, actor, app.id)).url);
    now = new Date(now.getTime() + 59_000);
    await expect(svc.verify(ctx.db, { token: fresh, appId: app.id })).resolves.toMatchObject({
      userId: citizen.user.id,
    });
    now = new Date(now.getTime() + 2_000);
    await expect(svc.verify(ctx.db, { token: stale, appId: app.id })).rejects.toThrow(M.tokenExpired);
    // The next issue clears rows past their expiry.
    await svc.launch(ctx.db, actor, app.id);
    const rows = await ctx.db.select().from(navLaunchTokens).where(eq(navLaunchTokens.appId, app.id));
    expect(rows).toHaveLength(1);
  });
});
