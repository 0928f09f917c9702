import { randomBytes } from 'node:crypto';
import { BlockList } from 'node:net';
import { IDM_STATUS, type IdmUserItem, type LoginResult, type Page, type SsoOutcome } from '@odp/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OidcConfig } from '../../config.js';
import { logs, roles, ssoIdentities, userRoles, users } from '../../db/schema/index.js';
import { seedDemoIdentities } from '../../db/seed/demo-sso.js';
import { parseAllowList } from '../../platform/outbound/address.js';
import { createDepart, createUser, signedIn } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { signInAtProvider, startTestProvider, type TestProvider } from '../../test/oidc-provider.js';
import { outboundFetch } from './oidc.js';
import { signSgToken } from './sg-token.js';

const CALLBACK = 'http://odp.test/dtwave-om/sso/oidc/callback';
const SG_SECRET = 'sg-secret-for-tests-0123456789abcdef';

let idp: TestProvider;
let ctx: TestContext;
let autoCtx: TestContext;

const oidcConfig = (autoProvision: boolean): OidcConfig => ({
  issuer: idp.issuer,
  clientId: idp.clientId,
  clientSecret: idp.clientSecret,
  name: '滨江统一身份认证',
  userClaim: 'preferred_username',
  scopes: 'openid profile email phone',
  autoProvision,
  redirectUri: CALLBACK,
  allow: parseAllowList('127.0.0.1/32'),
});

beforeAll(async () => {
  idp = await startTestProvider({ redirectUris: [CALLBACK] });
  ctx = await createTestApp({ config: { oidc: oidcConfig(false), sgSsoSecret: SG_SECRET } });
  autoCtx = await createTestApp({ config: { oidc: oidcConfig(true) } });
});
afterAll(async () => {
  await ctx.close();
  await autoCtx.close();
  await idp.close();
});

type Started = { location: string; cookie: string; state: string };

/** 统一身份认证登录: the platform's redirect to the provider, with the browser's binding cookie. */
async function start(c: TestContext, redirect?: string): Promise<Started> {
  const res = await c.app.inject({
    method: 'GET',
    url: `${c.base}/sso/oidc/start${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`,
  });
  expect(res.statusCode).toBe(302);
  const location = String(res.headers.location);
  const setCookie = String(res.headers['set-cookie']);
  expect(setCookie).toMatch(/HttpOnly/);
  return {
    location,
    cookie: setCookie.split(';')[0],
    state: String(new URL(location).searchParams.get('state')),
  };
}

/** The provider's redirect back, delivered to the platform's callback; answers where the web lands. */
async function callback(c: TestContext, back: URL, cookie?: string) {
  const res = await c.app.inject({
    method: 'GET',
    url: `${c.base}/sso/oidc/callback${back.search}`,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode).toBe(302);
  return new URL(String(res.headers.location), 'http://odp.test');
}

async function signOn(c: TestContext, login: string, redirect?: string) {
  const s = await start(c, redirect);
  const back = await signInAtProvider(s.location, login);
  return { landing: await callback(c, back, s.cookie), back, started: s };
}

const exchange = (c: TestContext, code: string) => call<LoginResult>(c, 'GET', `/thirdLogin/getLoginUser/${code}`);

const identitiesOf = (c: TestContext, subject: string) =>
  c.db.select().from(ssoIdentities).where(eq(ssoIdentities.subject, subject));

const login = () => `ext_${randomBytes(4).toString('hex')}`;

describe('OpenID Connect sign-on', () => {
  it('discovers the issuer and sends the browser there with PKCE (S256), state and nonce', async () => {
    const providers = await call<{ oidc: { name: string } | null; sgSso: boolean }>(ctx, 'GET', '/sso/providers');
    expect(providers.body.result).toEqual({ oidc: { name: '滨江统一身份认证' }, sgSso: true });
    const s = await start(ctx);
    const url = new URL(s.location);
    expect(url.origin).toBe(idp.issuer);
    expect(url.pathname).toBe('/auth');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('client_id')).toBe(idp.clientId);
  });

  it('reaches the provider only through the outbound rules: its own host, an allowed address', async () => {
    const issuer = new URL(idp.issuer);
    const discovery = `${idp.issuer}/.well-known/openid-configuration`;
    const opts = { method: 'GET', headers: {}, body: undefined, redirect: 'manual' } as const;
    const allowed = await outboundFetch(issuer, { allow: parseAllowList('127.0.0.1/32') })(discovery, opts);
    expect(allowed.status).toBe(200);
    // Loopback without OIDC_ALLOW: refused before any connection.
    await expect(outboundFetch(issuer, { allow: new BlockList() })(discovery, opts)).rejects.toThrow(/不允许连接本机/);
    // An endpoint on another host than the issuer's: refused.
    await expect(
      outboundFetch(issuer, { allow: parseAllowList('127.0.0.1/32') })('http://localhost:1/token', opts),
    ).rejects.toThrow(/只连接签发方的主机/);
  });

  it('registers an unknown identity as 待授权 and lands on the pending page, with no name in the address', async () => {
    const name = login();
    const { landing } = await signOn(ctx, name);
    expect(landing.pathname).toBe('/sso-login');
    expect(Object.fromEntries(landing.searchParams)).toEqual({ result: 'pending' });
    const [row] = await identitiesOf(ctx, name);
    expect(row).toMatchObject({
      issuer: idp.issuer,
      claimedName: name,
      displayName: `外部用户${name}`,
      email: `${name}@idp.test`,
      status: IDM_STATUS.pending,
      userId: null,
    });
    expect(await ctx.db.select().from(users).where(eq(users.username, name))).toHaveLength(0);
  });

  it('refuses a replayed callback, one from another browser and an unknown state', async () => {
    const name = login();
    const s = await start(ctx);
    const back = await signInAtProvider(s.location, name);
    // Without the binding cookie: refused, and the flow is used up.
    expect((await callback(ctx, back)).searchParams.get('error')).toBe('expired');
    expect((await callback(ctx, back, s.cookie)).searchParams.get('error')).toBe('expired');
    expect(await identitiesOf(ctx, name)).toHaveLength(0);

    const t = await start(ctx);
    const back2 = await signInAtProvider(t.location, name);
    expect((await callback(ctx, back2, t.cookie)).searchParams.get('result')).toBe('pending');
    // The same callback again: the state was single use.
    expect((await callback(ctx, back2, t.cookie)).searchParams.get('error')).toBe('expired');
    const forged = new URL(back2);
    forged.searchParams.set('state', 'not-a-state-we-issued');
    expect((await callback(ctx, forged, t.cookie)).searchParams.get('error')).toBe('expired');
  });

  it('refuses a code redeemed with another flow’s PKCE verifier', async () => {
    const name = login();
    const a = await start(ctx);
    const b = await start(ctx);
    const backA = await signInAtProvider(a.location, name);
    // Flow B's state and browser, flow A's code: the provider checks B's verifier against A's challenge.
    const mixed = new URL(backA);
    mixed.searchParams.set('state', b.state);
    expect((await callback(ctx, mixed, b.cookie)).searchParams.get('error')).toBe('failed');
    expect(await identitiesOf(ctx, name)).toHaveLength(0);
  });

  it('maps the configured claim to the local account, and hands the session over once by a code', async () => {
    const local = await createUser(ctx.db, { roles: ['registered'] });
    const { landing } = await signOn(ctx, local.username, '/catalogue/datacatalogue');
    const code = String(landing.searchParams.get('code'));
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(landing.searchParams.get('redirect')).toBe('/catalogue/datacatalogue');
    expect(landing.search).not.toContain(local.username);
    const first = await exchange(ctx, code);
    expect(first.status).toBe(200);
    expect(first.body.result.userInfo.username).toBe(local.username);
    const again = await exchange(ctx, code);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('登录请求已过期或已使用，请重新登录');
    const [row] = await identitiesOf(ctx, local.username);
    expect(row).toMatchObject({ status: IDM_STATUS.active, userId: local.id });
    // The session works.
    const me = await call(ctx, 'GET', '/sso/identity/mine', { token: first.body.result.token });
    expect(me.body.result).toEqual([expect.objectContaining({ id: row.id, providerName: '滨江统一身份认证' })]);
  });

  it('creates and signs in a 注册用户 on first sign-on when auto-provisioning is on', async () => {
    const name = login();
    const { landing } = await signOn(autoCtx, name);
    const res = await exchange(autoCtx, String(landing.searchParams.get('code')));
    expect(res.status).toBe(200);
    expect(res.body.result.userInfo).toMatchObject({ username: name, realname: `外部用户${name}` });
    const [user] = await autoCtx.db.select().from(users).where(eq(users.username, name));
    const granted = await autoCtx.db
      .select({ code: roles.roleCode })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, user.id));
    expect(granted.map((g) => g.code)).toEqual(['registered']);
    const [log] = await autoCtx.db
      .select()
      .from(logs)
      .where(and(eq(logs.operateType, 'ssoProvision')));
    expect(log.logContent).toContain(name);
    // No password sign-in for it.
    expect(
      (await call(autoCtx, 'POST', '/sys/login', { body: { username: name, password: 'Test@2026a' } })).status,
    ).toBe(400);
  });
});

describe('IDM users', () => {
  let admin: string;
  let reviewer: string;
  let pendingName: string;
  let pendingId: string;
  let depart: { id: string; orgCode: string; departName: string };
  let registeredRole: string;

  beforeAll(async () => {
    admin = (await signedIn(ctx, { roles: ['admin'] })).token;
    reviewer = (await signedIn(ctx, { roles: ['reviewer', 'dept_admin'] })).token;
    pendingName = login();
    await signOn(ctx, pendingName);
    [{ id: pendingId }] = await identitiesOf(ctx, pendingName);
    depart = await createDepart(ctx.db);
    [{ id: registeredRole }] = await ctx.db.select().from(roles).where(eq(roles.roleCode, 'registered'));
  });

  it('lists identities with filters and paging for administrators only', async () => {
    expect((await call(ctx, 'POST', '/imd/user/queryList', { body: {} })).status).toBe(401);
    expect((await call(ctx, 'POST', '/imd/user/queryList', { token: reviewer, body: {} })).status).toBe(403);
    const res = await call<Page<IdmUserItem>>(ctx, 'POST', '/imd/user/queryList', {
      token: admin,
      body: { userName: pendingName, userStatus: 0, pageNo: 1, pageSize: 5 },
    });
    expect(res.status).toBe(200);
    expect(res.body.result.total).toBe(1);
    expect(res.body.result.records[0]).toMatchObject({
      id: pendingId,
      userName: pendingName,
      nickName: `外部用户${pendingName}`,
      userStatus: 0,
      localUsername: null,
    });
    const none = await call<Page<IdmUserItem>>(ctx, 'POST', '/imd/user/queryList', {
      token: admin,
      body: { userName: pendingName, userStatus: 1 },
    });
    expect(none.body.result.total).toBe(0);
    const bad = await call(ctx, 'POST', '/imd/user/queryList', { token: admin, body: { userStatus: 7 } });
    expect(bad.status).toBe(400);
  });

  it('shows the demo city’s identity waiting for 授权, seeded once', async () => {
    await seedDemoIdentities(ctx.db);
    await seedDemoIdentities(ctx.db);
    const res = await call<Page<IdmUserItem>>(ctx, 'POST', '/imd/user/queryList', {
      token: admin,
      body: { userName: 'liugongwu' },
    });
    expect(res.body.result.total).toBe(1);
    expect(res.body.result.records[0]).toMatchObject({ nickName: '刘公务', userStatus: 0, localUsername: null });
  });

  it('authorises with a role and department: a non-administrator is refused, bad input writes nothing', async () => {
    const body = { id: pendingId, roleId: registeredRole, departId: depart.id };
    expect((await call(ctx, 'PUT', '/imd/user/authorization', { token: reviewer, body })).status).toBe(403);
    const badDepart = await call(ctx, 'PUT', '/imd/user/authorization', {
      token: admin,
      body: { ...body, departId: crypto.randomUUID() },
    });
    expect(badDepart.status).toBe(400);
    expect(badDepart.body.message).toBe('所选部门不存在');
    expect(await ctx.db.select().from(users).where(eq(users.username, pendingName))).toHaveLength(0);

    const res = await call<IdmUserItem>(ctx, 'POST', '/imd/user/authorization', { token: admin, body });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('授权成功');
    expect(res.body.result).toMatchObject({ userStatus: 1, localUsername: pendingName });
    const [user] = await ctx.db.select().from(users).where(eq(users.username, pendingName));
    expect(user.orgCode).toBe(depart.orgCode);
    const [log] = await ctx.db.select().from(logs).where(eq(logs.target, pendingId));
    expect(log.logContent).toContain('新建本地账号');
    const twice = await call(ctx, 'PUT', '/imd/user/authorization', { token: admin, body });
    expect(twice.body.message).toBe('该IDM用户已授权');

    // The visitor signs on again and is signed in.
    const { landing } = await signOn(ctx, pendingName);
    const session = await exchange(ctx, String(landing.searchParams.get('code')));
    expect(session.body.result.userInfo).toMatchObject({ username: pendingName, orgCode: depart.orgCode });
  });

  it('unbinding (own identities only) stops the identity from signing in', async () => {
    const local = await createUser(ctx.db);
    const { landing } = await signOn(ctx, local.username);
    const { token } = (await exchange(ctx, String(landing.searchParams.get('code')))).body.result;
    const [row] = await identitiesOf(ctx, local.username);
    const other = (await signedIn(ctx)).token;
    const stranger = await call(ctx, 'POST', '/sso/identity/unbind', { token: other, body: { id: row.id } });
    expect(stranger.status).toBe(404);
    const res = await call(ctx, 'POST', '/sso/identity/unbind', { token, body: { id: row.id } });
    expect(res.status).toBe(200);
    const [after] = await identitiesOf(ctx, local.username);
    expect(after).toMatchObject({ status: IDM_STATUS.disabled, userId: null });
    expect((await signOn(ctx, local.username)).landing.searchParams.get('error')).toBe('disabled');
  });
});

describe('/thirdLogin/sgSso', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const token = (user: string, over: Record<string, unknown> = {}, secret = SG_SECRET) =>
    signSgToken(secret, {
      user,
      iat: now(),
      exp: now() + 30,
      jti: randomBytes(12).toString('base64url'),
      ...over,
    } as never);
  const hand = (c: TestContext, t: string) => call<SsoOutcome>(c, 'POST', '/thirdLogin/sgSso', { body: { token: t } });

  it('signs a known user in with a good token, once', async () => {
    const local = await createUser(ctx.db);
    const t = token(local.username);
    const res = await hand(ctx, t);
    expect(res.status).toBe(200);
    expect(res.body.result.outcome).toBe('signedIn');
    if (res.body.result.outcome === 'signedIn') expect(res.body.result.login.userInfo.username).toBe(local.username);
    const replay = await hand(ctx, t);
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe('登录令牌已使用，请从原系统重新进入');
  });

  it('refuses expired, too long-lived, forged and malformed tokens in Chinese', async () => {
    const local = await createUser(ctx.db);
    const cases: [string, string][] = [
      [token(local.username, { iat: now() - 120, exp: now() - 60 }), '登录令牌已过期，请从原系统重新进入'],
      [token(local.username, { exp: now() + 600 }), '登录令牌有效期超过 60 秒，已拒绝'],
      [token(local.username, {}, 'another-secret-0123456789abcdefghij'), '登录令牌签名无效'],
      [Buffer.from(local.username).toString('base64'), '登录令牌格式不正确'],
    ];
    for (const [t, message] of cases) {
      const res = await hand(ctx, t);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    // A forged body with the signature of another: the signature is over what was sent.
    const good = token(local.username).split('.');
    const other = Buffer.from(JSON.stringify({ user: 'admin', iat: now(), exp: now() + 30, jti: 'abcdefgh12' }));
    expect((await hand(ctx, `${other.toString('base64url')}.${good[1]}`)).body.message).toBe('登录令牌签名无效');
  });

  it('registers an unknown user as 待授权, and answers that it is not configured without the secret', async () => {
    const res = await hand(ctx, token('sg_unknown_user'));
    expect(res.body.result).toEqual({ outcome: 'pending' });
    const off = await hand(autoCtx, token('whoever'));
    expect(off.status).toBe(400);
    expect(off.body.message).toBe('本平台尚未配置业务协同系统单点登录');
  });
});
