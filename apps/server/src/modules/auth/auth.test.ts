import { type LoginResult, Messages, type UserPermissionResult } from '@odp/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchas, logs, sessions, users } from '../../db/schema/index.js';
import { entryInput } from '../../test/catalogue.js';
import { createDepart, createUser, login, signedIn } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const attempt = (username: string, password: string, extra: Record<string, string> = {}) =>
  call<LoginResult & { captchaRequired?: boolean; lockedMinutes?: number }>(ctx, 'POST', '/sys/login', {
    body: { username, password, ...extra },
  });

describe('POST /sys/login', () => {
  it('signs in with the right password and returns token, user, departments and dictionaries', async () => {
    const d1 = await createDepart(ctx.db);
    const user = await createUser(ctx.db, { roles: ['dept_admin'], departs: [d1] });
    const res = await attempt(user.username, user.password);
    expect(res.status).toBe(200);
    expect(res.body.result.token).toMatch(/^[\w-]{40,}$/);
    expect(res.body.result.userInfo).toMatchObject({
      username: user.username,
      orgCode: d1.orgCode,
      departName: d1.departName,
    });
    expect(res.body.result.multi_depart).toBe(1);
    expect(res.body.result.sysAllDictItems.user_status).toEqual(
      expect.arrayContaining([expect.objectContaining({ value: '2', text: '冻结' })]),
    );
    const [log] = await ctx.db
      .select()
      .from(logs)
      .where(and(eq(logs.username, user.username), eq(logs.logType, 1)));
    expect(log.outcome).toBe('success');
  });

  it('gives one message for an unknown user and for a wrong password', async () => {
    const user = await createUser(ctx.db);
    const unknown = await attempt('nobody_here', 'Whatever1');
    const wrong = await attempt(user.username, 'Wrong@2026');
    expect(unknown.status).toBe(400);
    expect(wrong.status).toBe(400);
    expect(unknown.body.message).toBe(Messages.badCredentials);
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it('asks for a captcha after three failures, accepts each captcha once, and locks after five', async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < 3; i++) await attempt(user.username, 'Wrong@2026');
    const noCaptcha = await attempt(user.username, user.password);
    expect(noCaptcha.status).toBe(400);
    expect(noCaptcha.body.message).toBe(Messages.captchaRequired);
    expect(noCaptcha.body.result.captchaRequired).toBe(true);

    const key = 'testkey-0001';
    const image = await call<string>(ctx, 'GET', `/sys/randomImage/${key}`);
    expect(image.body.result).toMatch(/^data:image\/svg\+xml;base64,/);
    const [{ answer }] = await ctx.db.select().from(captchas).where(eq(captchas.checkKey, key));
    const good = await attempt(user.username, user.password, { captcha: answer, checkKey: key });
    expect(good.status).toBe(200);
    const reused = await attempt(user.username, user.password, { captcha: answer, checkKey: key });
    expect(reused.status).toBe(200); // failures were cleared by the success: no captcha needed any more

    for (let i = 0; i < 3; i++) await attempt(user.username, 'Wrong@2026');
    await call(ctx, 'GET', `/sys/randomImage/${key}`);
    const [{ answer: second }] = await ctx.db.select().from(captchas).where(eq(captchas.checkKey, key));
    expect((await attempt(user.username, 'Wrong@2026', { captcha: second, checkKey: key })).status).toBe(400);
    const replay = await attempt(user.username, user.password, { captcha: second, checkKey: key });
    expect(replay.body.message).toBe(Messages.captchaWrong);

    await call(ctx, 'GET', `/sys/randomImage/${key}`);
    const [{ answer: third }] = await ctx.db.select().from(captchas).where(eq(captchas.checkKey, key));
    const locking = await attempt(user.username, 'Wrong@2026', { captcha: third, checkKey: key });
    expect(locking.body.message).toMatch(/账号已锁定，请 10 分钟后再试/);
    const whileLocked = await attempt(user.username, user.password);
    expect(whileLocked.status).toBe(400);
    expect(whileLocked.body.result.lockedMinutes).toBeGreaterThan(0);
  });

  it('refuses a frozen user', async () => {
    const user = await createUser(ctx.db, { status: 2 });
    const res = await attempt(user.username, user.password);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(Messages.userFrozen);
  });

  it('rejects bad input with 400 and writes no session', async () => {
    const before = await ctx.db.select().from(sessions);
    const res = await call(ctx, 'POST', '/sys/login', { body: { username: '' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
    expect(await ctx.db.select().from(sessions)).toHaveLength(before.length);
  });
});

describe('sessions', () => {
  it('answers 401 未授权 without a token and 401 Token失效 with an unknown one', async () => {
    const none = await call(ctx, 'GET', '/sys/permission/getUserPermissionByToken');
    expect(none.status).toBe(401);
    expect(none.body.message).toBe(Messages.unauthorized);
    const bogus = await call(ctx, 'GET', '/sys/permission/getUserPermissionByToken', { token: 'not-a-real-token' });
    expect(bogus.status).toBe(401);
    expect(bogus.body.message).toBe(Messages.tokenExpired);
  });

  it('revokes the session at logout', async () => {
    const { token } = await signedIn(ctx);
    expect((await call(ctx, 'POST', '/sys/logout', { token })).status).toBe(200);
    const after = await call(ctx, 'GET', '/sys/user/getCurrentUserDeparts', { token });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(Messages.tokenExpired);
  });

  it('expires a session idle longer than the limit', async () => {
    const { user, token } = await signedIn(ctx);
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 3 * 3_600_000) })
      .where(eq(sessions.userId, user.id));
    const res = await call(ctx, 'GET', '/sys/user/getCurrentUserDeparts', { token });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(Messages.tokenExpired);
  });
});

describe('GET /sys/permission/getUserPermissionByToken', () => {
  it('gives an administrator the system menu and every user button', async () => {
    const { token } = await signedIn(ctx, { roles: ['admin'] });
    const res = await call<UserPermissionResult>(ctx, 'GET', '/sys/permission/getUserPermissionByToken', { token });
    expect(res.status).toBe(200);
    const system = res.body.result.menu.find((m) => m.path === '/system');
    expect(system?.children?.map((c) => c.meta.title)).toContain('用户管理');
    expect(res.body.result.auth.map((a) => a.action)).toEqual(
      expect.arrayContaining(['system:user:add', 'system:user:frozen']),
    );
    expect(res.body.result.allAuth.every((a) => a.status === '0')).toBe(true);
  });

  it('gives a department officer cataloguing, resources and department switching but no system menu', async () => {
    const { token } = await signedIn(ctx, { roles: ['dept_admin'] });
    const res = await call<UserPermissionResult>(ctx, 'GET', '/sys/permission/getUserPermissionByToken', { token });
    expect(res.body.result.menu.map((m) => m.path)).toEqual([
      '/pageHome/PageHome',
      '/cataloguemanage',
      '/MessageCenter/MessageNotification',
      '/isps/userAnnouncement',
      '/bell',
      '/resources',
      '/datacollection',
      '/datasharing',
      '/openApply',
      '/developer',
      '/achievementList',
      '/interaction',
      '/statistic/analysis',
      '/performanceManage',
      '/exchange',
    ]);
    const catalogue = res.body.result.menu[1].children?.map((c) => c.meta.title);
    expect(catalogue).toEqual(['目录列表', '目录编辑', '草稿箱', '编目日志']);
    const actions = res.body.result.auth.map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['isDepartment:switch', 'catalog:add', 'catalog:submit']));
    expect(actions).not.toContain('catalog:delete');
    expect(actions).not.toContain('catalog:review');
  });
});

describe('menu badges', () => {
  it('shows a reviewer the number of pending reviews on 目录审核', async () => {
    const depart = await createDepart(ctx.db);
    const officer = await signedIn(ctx, { roles: ['dept_admin'], departs: [depart] });
    const reviewer = await signedIn(ctx, { roles: ['reviewer'] });
    const badge = async () => {
      const res = await call<UserPermissionResult>(ctx, 'GET', '/sys/permission/getUserPermissionByToken', {
        token: reviewer.token,
      });
      const review = res.body.result.menu.find((m) => m.path === '/review');
      return review?.children?.find((c) => c.path === '/review/catalogue')?.number ?? 0;
    };
    const before = await badge();
    const saved = await call<{ id: string }>(ctx, 'POST', '/api/cataLog/save', {
      token: officer.token,
      body: entryInput(),
    });
    expect(saved.status).toBe(200);
    await call(ctx, 'POST', '/api/flowcatalog/submitCatalog', {
      token: officer.token,
      body: { ids: [saved.body.result.id] },
    });
    expect(await badge()).toBe(before + 1);
  });
});

describe('departments of the current user', () => {
  it('lists them and switches among them, logging the switch', async () => {
    const [a, b, other] = await Promise.all([createDepart(ctx.db), createDepart(ctx.db), createDepart(ctx.db)]);
    const { user, token } = await signedIn(ctx, { roles: ['dept_admin'], departs: [a, b] });
    const list = await call<{ list: { orgCode: string }[]; orgCode: string }>(
      ctx,
      'GET',
      '/sys/user/getCurrentUserDeparts',
      { token },
    );
    expect(list.body.result.list.map((d) => d.orgCode).sort()).toEqual([a.orgCode, b.orgCode].sort());
    expect(list.body.result.orgCode).toBe(a.orgCode);

    const switched = await call<{ userInfo: { orgCode: string; departName: string } }>(
      ctx,
      'PUT',
      '/sys/selectDepart',
      {
        token,
        body: { orgCode: b.orgCode, username: user.username },
      },
    );
    expect(switched.status).toBe(200);
    expect(switched.body.message).toBe(Messages.switchSuccess);
    expect(switched.body.result.userInfo).toMatchObject({ orgCode: b.orgCode, departName: b.departName });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row.orgCode).toBe(b.orgCode);
    const logged = await ctx.db
      .select()
      .from(logs)
      .where(and(eq(logs.userId, user.id), eq(logs.operateType, 'switchDepart')));
    expect(logged).toHaveLength(1);

    const foreign = await call(ctx, 'PUT', '/sys/selectDepart', { token, body: { orgCode: other.orgCode } });
    expect(foreign.status).toBe(400);
    const [still] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(still.orgCode).toBe(b.orgCode);
  });

  it('refuses switching without isDepartment:switch once a department is set', async () => {
    const [a, b] = await Promise.all([createDepart(ctx.db), createDepart(ctx.db)]);
    const { token } = await signedIn(ctx, { roles: ['registered'], departs: [a, b] });
    const res = await call(ctx, 'POST', '/sys/selectDepart', { token, body: { orgCode: b.orgCode } });
    expect(res.status).toBe(403);
  });
});

describe('PUT /sys/user/updatePassword', () => {
  it('validates with the messages of the specification', async () => {
    const { user, token } = await signedIn(ctx);
    const cases: [Record<string, string>, string][] = [
      [{ oldpassword: '', password: 'Abcdefg12', confirmpassword: 'Abcdefg12' }, Messages.oldPasswordRequired],
      [{ oldpassword: user.password, password: '', confirmpassword: '' }, Messages.newPasswordRequired],
      [{ oldpassword: user.password, password: 'Abcdefg12', confirmpassword: '' }, Messages.confirmPasswordRequired],
      [{ oldpassword: user.password, password: 'Abcdefg12', confirmpassword: 'Abcdefg13' }, Messages.passwordMismatch],
      [{ oldpassword: user.password, password: 'short1', confirmpassword: 'short1' }, Messages.passwordPolicy],
      [{ oldpassword: 'Wrong@2026', password: 'Abcdefg12', confirmpassword: 'Abcdefg12' }, Messages.oldPasswordWrong],
    ];
    for (const [body, message] of cases) {
      const res = await call(ctx, 'PUT', '/sys/user/updatePassword', {
        token,
        body: { username: user.username, ...body },
      });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(await login(ctx, user.username, user.password)).toBeTruthy();
  });

  it('changes the password and ends the other sessions but not this one', async () => {
    const user = await createUser(ctx.db);
    const first = await login(ctx, user.username, user.password);
    const second = await login(ctx, user.username, user.password);
    const res = await call(ctx, 'PUT', '/sys/user/updatePassword', {
      token: second,
      body: {
        username: user.username,
        oldpassword: user.password,
        password: 'NewPass2026',
        confirmpassword: 'NewPass2026',
      },
    });
    expect(res.status).toBe(200);
    expect((await call(ctx, 'GET', '/sys/user/getCurrentUserDeparts', { token: first })).status).toBe(401);
    expect((await call(ctx, 'GET', '/sys/user/getCurrentUserDeparts', { token: second })).status).toBe(200);
    expect(await login(ctx, user.username, 'NewPass2026')).toBeTruthy();
  });
});

describe('request hygiene', () => {
  it('refuses odd paths before routing', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${ctx.base}/sys/user/list;x=1` });
    expect(res.statusCode).toBe(400);
    const encoded = await ctx.app.inject({ method: 'GET', url: `${ctx.base}/sys/user%2flist` });
    expect(encoded.statusCode).toBe(400);
  });

  it('sends security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${ctx.base}/health` });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });
});
