import {
  type AccountProfile,
  type AccountSession,
  type LoginResult,
  AccountMessages as M,
  Messages,
  type PhoneVerificationResult,
} from '@odp/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logs, roles, sessions, smsCodes, userDeparts, userProfiles, userRoles, users } from '../../db/schema/index.js';
import { createUser, login } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import {
  ageCodes,
  codeFor,
  inboxCode,
  newCreditCode,
  newIdNumber,
  newMobile,
  registerBody,
  sendSms,
} from './testing.js';

let ctx: TestContext;
beforeAll(async () => {
  // Three codes a number a day, so the cap is reached within a test; the address cap stays out of the way.
  ctx = await createTestApp({ config: { sms: { provider: 'log', dailyPerMobile: 3, dailyPerIp: 1000 } } });
});
afterAll(() => ctx.close());

const userCount = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;
const register = (body: unknown) => call<{ username: string }>(ctx, 'POST', '/sys/user/register', { body });

/** A registered person with a number, through the real routes. */
async function registered(overrides: Record<string, unknown> = {}) {
  const mobile = newMobile();
  const body = registerBody(mobile, await codeFor(ctx, mobile, '1'), overrides);
  const res = await register(body);
  if (res.status !== 200) throw new Error(`register: ${res.body.message}`);
  await ageCodes(ctx, mobile, 61_000);
  return { ...body, mobile };
}

describe('registration', () => {
  it('creates a 个人 account with role 注册用户, no department, and signs in with its password', async () => {
    const mobile = newMobile();
    const res = await register(registerBody(mobile, await codeFor(ctx, mobile, '1'), { username: 'alice_reg' }));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(M.registered);
    const [user] = await ctx.db.select().from(users).where(eq(users.username, 'alice_reg'));
    expect(user.phone).toBe(mobile);
    expect(user.orgCode).toBeNull();
    expect(await ctx.db.select().from(userDeparts).where(eq(userDeparts.userId, user.id))).toHaveLength(0);
    const held = await ctx.db
      .select({ code: roles.roleCode })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, user.id));
    expect(held.map((r) => r.code)).toEqual(['registered']);
    const [profile] = await ctx.db.select().from(userProfiles).where(eq(userProfiles.userId, user.id));
    expect(profile).toMatchObject({ accountType: '1', companyName: null, realNameStatus: 0 });
    const [log] = await ctx.db
      .select()
      .from(logs)
      .where(and(eq(logs.userId, user.id), eq(logs.operateType, 'register')));
    expect(log.logContent).toContain('个人');

    const token = await login(ctx, 'alice_reg', 'Reg@2026abc');
    const info = await call<AccountProfile>(ctx, 'GET', '/user/info', { token });
    expect(info.body.result).toMatchObject({
      accountType: '1',
      realNameStatus: 0,
      phoneMasked: `${mobile.slice(0, 3)}****${mobile.slice(-4)}`,
    });
  });

  it('creates a 法人 account with its company and credit code, and answers /auth/register the same', async () => {
    const mobile = newMobile();
    const creditCode = newCreditCode();
    const res = await call(ctx, 'POST', '/auth/register', {
      body: registerBody(mobile, await codeFor(ctx, mobile, '1'), {
        accountType: '2',
        username: 'acme_corp',
        companyName: '滨江智慧科技有限公司',
        creditCode,
      }),
    });
    expect(res.status).toBe(200);
    const [user] = await ctx.db.select().from(users).where(eq(users.username, 'acme_corp'));
    expect(user.realname).toBe('滨江智慧科技有限公司');
    const [profile] = await ctx.db.select().from(userProfiles).where(eq(userProfiles.userId, user.id));
    expect(profile).toMatchObject({ accountType: '2', companyName: '滨江智慧科技有限公司', creditCode });
  });

  it('refuses each step’s broken rule with the original page’s Chinese message and writes nothing', async () => {
    const mobile = newMobile();
    const code = await codeFor(ctx, mobile, '1');
    const before = await userCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ agreed: false }, M.agreementRequired],
      [{ agreementVersion: '1999-01' }, M.agreementOutdated],
      [{ phone: '12345' }, M.mobileInvalid],
      [{ smscode: '' }, M.smsRequired],
      [{ username: '' }, M.usernameRequired],
      [{ username: '9abc' }, M.usernameRule],
      [{ password: 'abcdefgh1', confirmpassword: 'abcdefgh1' }, M.passwordRule],
      [{ password: 'Ab1@', confirmpassword: 'Ab1@' }, M.passwordRule],
      [{ confirmpassword: 'Other@2026x' }, M.passwordMismatch],
      [{ email: 'not-an-email' }, M.emailInvalid],
      [{ accountType: '2', companyName: '某公司', creditCode: null }, M.creditCodeRequired],
      [{ accountType: '2', companyName: '', creditCode: newCreditCode() }, M.companyRequired],
      [{ accountType: '2', companyName: '某公司', creditCode: '91330100MA2B3C4D5X' }, M.creditCodeInvalid],
      [{ smscode: '000000' === code ? '111111' : '000000' }, M.smsWrong],
    ];
    for (const [override, message] of cases) {
      const res = await register(registerBody(mobile, code, override));
      expect(res.status, message).toBe(400);
      // Schema refusals name the field after the message: 「…（字段 password）」.
      expect(res.body.message.startsWith(message), res.body.message).toBe(true);
    }
    expect(await userCount()).toBe(before);
  });

  it('refuses a taken user name, email and number at the final step, keeping the code for a retry', async () => {
    const first = await registered();
    const mobile = newMobile();
    const code = await codeFor(ctx, mobile, '1');
    expect((await register(registerBody(mobile, code, { username: first.username.toUpperCase() }))).body.message).toBe(
      M.usernameTaken,
    );
    expect((await register(registerBody(mobile, code, { email: first.email }))).body.message).toBe(M.emailTaken);
    // The taken number gets its code like any other (nothing said at sending), and fails only here.
    const taken = await codeFor(ctx, first.mobile, '1');
    const again = await register(registerBody(first.mobile, taken));
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(M.mobileTaken);
    expect((await register(registerBody(mobile, code))).status).toBe(200);
  });

  it('checks user names and emails live', async () => {
    const first = await registered();
    const check = (body: unknown) => call<boolean>(ctx, 'POST', '/sys/user/checkOnlyUser', { body });
    expect((await check({ username: first.username })).body.message).toBe(M.usernameTaken);
    expect((await check({ username: 'free_name_zz' })).body).toMatchObject({ success: true, message: M.usernameFree });
    expect((await check({ email: first.email })).body.message).toBe(M.emailTaken);
    expect((await check({ email: 'nobody@example.cn' })).status).toBe(200);
    expect((await check({})).status).toBe(400);
  });
});

describe('SMS codes', () => {
  it('needs the image captcha, spent once', async () => {
    const mobile = newMobile();
    const noCaptcha = await call(ctx, 'POST', '/sys/sms', {
      body: { mobile, smsmode: '1', captcha: 'abcd', checkKey: 'missing-key-1' },
    });
    expect(noCaptcha.status).toBe(400);
    expect(noCaptcha.body.message).toBe(M.captchaWrong);
    expect(await inboxCode(ctx, mobile)).toBeNull();
  });

  it('stores 6-digit codes only as a hash, and waits 60 s between two codes of one purpose', async () => {
    const mobile = newMobile();
    const code = await codeFor(ctx, mobile, '1');
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await ctx.db.select().from(smsCodes).where(eq(smsCodes.mobile, mobile));
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toContain(code);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(5 * 60_000);

    const soon = await sendSms(ctx, mobile, '1');
    expect(soon.status).toBe(400);
    expect(soon.body.message).toMatch(/^请 (59|60) 秒后再获取验证码$/);
    await ageCodes(ctx, mobile, 61_000);
    const newer = await codeFor(ctx, mobile, '1');
    // Only the newest code is good.
    if (newer !== code) expect((await register(registerBody(mobile, code))).body.message).toBe(M.smsWrong);
    expect((await register(registerBody(mobile, newer))).status).toBe(200);
  });

  it('expires a code after 5 minutes', async () => {
    const mobile = newMobile();
    const code = await codeFor(ctx, mobile, '1');
    await ageCodes(ctx, mobile, 5 * 60_000 + 1000);
    const res = await register(registerBody(mobile, code));
    expect(res.body.message).toBe(M.smsWrong);
  });

  it('kills a code at the fifth wrong try', async () => {
    const mobile = newMobile();
    const code = await codeFor(ctx, mobile, '1');
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 1; i <= 4; i++) expect((await register(registerBody(mobile, wrong))).body.message).toBe(M.smsWrong);
    expect((await register(registerBody(mobile, wrong))).body.message).toBe(M.smsTooManyTries);
    expect((await register(registerBody(mobile, code))).body.message).toBe(M.smsWrong);
  });

  it('refuses a spent code', async () => {
    const person = await registered();
    const code = await codeFor(ctx, person.mobile, '0');
    expect(
      (await call(ctx, 'POST', '/sys/phoneLogin', { body: { mobile: person.mobile, captcha: code } })).status,
    ).toBe(200);
    const reuse = await call(ctx, 'POST', '/sys/phoneLogin', { body: { mobile: person.mobile, captcha: code } });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe(M.smsWrong);
  });

  it('caps the codes of a number a day', async () => {
    const mobile = newMobile();
    for (const mode of ['1', '0', '2']) expect((await sendSms(ctx, mobile, mode)).status).toBe(200);
    const fourth = await call(ctx, 'POST', '/account/sms', {
      body: { mobile, smsmode: '1', ...(await import('./testing.js').then((t) => t.solvedCaptcha(ctx))) },
    });
    await ageCodes(ctx, mobile, 61_000);
    expect(fourth.status).toBe(400);
    expect(fourth.body.message).toBe(M.smsDailyCap);
  });

  it('caps the codes of a client address a day', async () => {
    const ip = '10.20.30.40';
    await ctx.db.execute(
      sql`insert into sys_sms_code (mobile, purpose, code_hash, ip, expires_at)
          select '13900000000', '1', repeat('0', 64), ${ip}, now() from generate_series(1, 1000)`,
    );
    const { solvedCaptcha } = await import('./testing.js');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${ctx.base}/sys/sms`,
      remoteAddress: ip,
      payload: { mobile: newMobile(), smsmode: '1', ...(await solvedCaptcha(ctx)) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.smsDailyCap);
    const other = await sendSms(ctx, newMobile(), '1');
    expect(other.status).toBe(200);
  });

  it('answers the same for a taken and a free number, sending only to the taken one', async () => {
    const person = await registered();
    const free = newMobile();
    for (const mode of ['0', '2']) {
      const taken = await sendSms(ctx, person.mobile, mode);
      const unknown = await sendSms(ctx, free, mode);
      expect(unknown.status).toBe(taken.status);
      expect({ ...unknown.body, timestamp: 0 }).toEqual({ ...taken.body, timestamp: 0 });
    }
    expect(await inboxCode(ctx, free)).toBeNull();
    const rows = await ctx.db.select().from(smsCodes).where(eq(smsCodes.mobile, free));
    expect(rows.map((r) => r.delivered)).toEqual([0, 0]);
    // Neither a login nor a recovery gets through for the free number, whatever is guessed.
    expect(
      (await call(ctx, 'POST', '/sys/phoneLogin', { body: { mobile: free, captcha: '123456' } })).body.message,
    ).toBe(M.smsWrong);
  });

  it('keeps the development inbox out of production', async () => {
    const prod = await createTestApp({ config: { env: 'production' } });
    try {
      const res = await call(prod, 'GET', '/dev/sms-inbox');
      expect(res.status).toBe(404);
      await call(prod, 'GET', '/sys/randomImage/prodkey-0001');
      expect((await call(prod, 'GET', '/dev/captcha/prodkey-0001')).status).toBe(404);
      expect((await call(ctx, 'GET', '/dev/captcha/prodkey-0001')).status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('forgot password (/user/alteration)', () => {
  it('verifies the phone, sets the new password and ends every session of the user', async () => {
    const person = await registered();
    const a = await login(ctx, person.username, person.password);
    const b = await login(ctx, person.username, person.password);
    const code = await codeFor(ctx, person.mobile, '2');

    // The new password cannot be set before 手机验证.
    const early = await call(ctx, 'POST', '/sys/user/passwordChange', {
      body: {
        username: person.username,
        password: 'New@2026pass',
        confirmpassword: 'New@2026pass',
        smscode: code,
        phone: person.mobile,
      },
    });
    expect(early.body.message).toBe(M.verifyFailed);

    const verified = await call<PhoneVerificationResult>(ctx, 'POST', '/sys/user/phoneVerification', {
      body: { phone: person.mobile, smscode: code },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.result.username).toBe(person.username);

    const weak = await call(ctx, 'POST', '/auth/forge-password', {
      body: {
        username: person.username,
        password: 'abc12345',
        confirmpassword: 'abc12345',
        smscode: code,
        phone: person.mobile,
      },
    });
    expect(weak.body.message).toContain(M.passwordRule);

    const changed = await call(ctx, 'POST', '/auth/forge-password', {
      body: {
        username: person.username,
        password: 'New@2026pass',
        confirmpassword: 'New@2026pass',
        smscode: code,
        phone: person.mobile,
      },
    });
    expect(changed.status).toBe(200);
    for (const token of [a, b]) expect((await call(ctx, 'GET', '/user/info', { token })).status).toBe(401);
    const [user] = await ctx.db.select().from(users).where(eq(users.username, person.username));
    const live = await ctx.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), sql`${sessions.revokedAt} is null`));
    expect(live).toHaveLength(0);
    expect(
      (await call(ctx, 'POST', '/sys/login', { body: { username: person.username, password: person.password } }))
        .status,
    ).toBe(400);
    expect(await login(ctx, person.username, 'New@2026pass')).toBeTruthy();

    // The code changed the password once.
    const replay = await call(ctx, 'POST', '/sys/user/passwordChange', {
      body: {
        username: person.username,
        password: 'Third@2026x',
        confirmpassword: 'Third@2026x',
        smscode: code,
        phone: person.mobile,
      },
    });
    expect(replay.body.message).toBe(M.smsWrong);
  });

  it('refuses another account’s name with the code', async () => {
    const person = await registered();
    const other = await registered();
    const code = await codeFor(ctx, person.mobile, '2');
    await call(ctx, 'POST', '/sys/user/phoneVerification', { body: { phone: person.mobile, smscode: code } });
    const res = await call(ctx, 'POST', '/sys/user/passwordChange', {
      body: {
        username: other.username,
        password: 'New@2026pass',
        confirmpassword: 'New@2026pass',
        smscode: code,
        phone: person.mobile,
      },
    });
    expect(res.body.message).toBe(M.changeFailed);
  });
});

describe('phone login (/sys/phoneLogin)', () => {
  it('signs in the number’s account with the login answer and logs how', async () => {
    const person = await registered();
    const code = await codeFor(ctx, person.mobile, '0');
    const res = await call<LoginResult>(ctx, 'POST', '/sys/phoneLogin', {
      body: { mobile: person.mobile, captcha: code, remember_me: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.result.userInfo.username).toBe(person.username);
    expect(res.body.result.multi_depart).toBe(0);
    expect((await call(ctx, 'GET', '/user/info', { token: res.body.result.token })).status).toBe(200);
    const [log] = await ctx.db
      .select()
      .from(logs)
      .where(and(eq(logs.username, person.username), eq(logs.logContent, '手机号验证码登录')));
    expect(log.outcome).toBe('success');
  });

  it('refuses a frozen account', async () => {
    const person = await registered();
    await ctx.db.update(users).set({ status: 2 }).where(eq(users.username, person.username));
    const code = await codeFor(ctx, person.mobile, '0');
    const res = await call(ctx, 'POST', '/sys/phoneLogin', { body: { mobile: person.mobile, captcha: code } });
    expect(res.body.message).toBe(Messages.userFrozen);
  });
});

describe('基本信息 and 安全', () => {
  it('edits nickname and email, refusing another account’s email', async () => {
    const person = await registered();
    const other = await registered();
    const token = await login(ctx, person.username, person.password);
    const res = await call<AccountProfile>(ctx, 'PUT', '/user/info', {
      token,
      body: { nickname: '小张', email: 'zhang.new@example.cn' },
    });
    expect(res.body.result).toMatchObject({ nickname: '小张', email: 'zhang.new@example.cn' });
    const taken = await call(ctx, 'PUT', '/user/info', { token, body: { nickname: '小张', email: other.email } });
    expect(taken.body.message).toBe(M.emailTaken);
    expect((await call(ctx, 'GET', '/user/info')).status).toBe(401);
  });

  it('changes the phone with a code sent to the new number, never to a taken one', async () => {
    const person = await registered();
    const other = await registered();
    const token = await login(ctx, person.username, person.password);
    expect((await sendSms(ctx, newMobile(), '3')).body.message).toBe(M.smsLoginFirst);
    const takenCode = await codeFor(ctx, other.mobile, '3', { token });
    expect(
      (await call(ctx, 'POST', '/user/changePhone', { token, body: { mobile: other.mobile, smscode: takenCode } })).body
        .message,
    ).toBe(M.mobileTaken);
    const fresh = newMobile();
    const code = await codeFor(ctx, fresh, '3', { token });
    const res = await call<AccountProfile>(ctx, 'POST', '/user/changePhone', {
      token,
      body: { mobile: fresh, smscode: code },
    });
    expect(res.status).toBe(200);
    const [user] = await ctx.db.select().from(users).where(eq(users.username, person.username));
    expect(user.phone).toBe(fresh);
  });

  it('keeps 实名认证 未认证 with the checksum verifier, and refuses a number failing GB 11643', async () => {
    const person = await registered();
    const token = await login(ctx, person.username, person.password);
    const bad = await call(ctx, 'POST', '/user/realName', {
      token,
      body: { name: '张三', idNumber: '330106199005170011' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain(M.idNumberInvalid);
    const id = newIdNumber();
    const res = await call<AccountProfile>(ctx, 'POST', '/user/realName', {
      token,
      body: { name: '张三', idNumber: id },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(M.verifyPending);
    expect(res.body.result).toMatchObject({
      realNameStatus: 0,
      idName: '张三',
      idNumberMasked: `${id.slice(0, 6)}********${id.slice(-4)}`,
    });
    const [profile] = await ctx.db
      .select()
      .from(userProfiles)
      .innerJoin(users, eq(users.id, userProfiles.userId))
      .where(eq(users.username, person.username));
    expect(JSON.stringify(profile)).not.toContain(id);
  });

  it('lists live sessions, ends one and then the others', async () => {
    const person = await registered();
    const me = await login(ctx, person.username, person.password);
    const second = await login(ctx, person.username, person.password);
    const third = await login(ctx, person.username, person.password);
    const list = await call<AccountSession[]>(ctx, 'GET', '/user/sessions', { token: me });
    expect(list.body.result).toHaveLength(3);
    const mine = list.body.result.find((s) => s.current);
    expect(mine).toBeTruthy();
    expect((await call(ctx, 'POST', '/user/sessions/end', { token: me, body: { id: mine?.id } })).body.message).toBe(
      M.sessionIsCurrent,
    );
    const secondId = (await call<AccountSession[]>(ctx, 'GET', '/user/sessions', { token: second })).body.result.find(
      (s) => s.current,
    )?.id;
    expect((await call(ctx, 'POST', '/user/sessions/end', { token: me, body: { id: secondId } })).status).toBe(200);
    expect((await call(ctx, 'GET', '/user/info', { token: second })).status).toBe(401);
    // Another user's session is not theirs to end.
    const stranger = await createUser(ctx.db);
    const strangerToken = await login(ctx, stranger.username, stranger.password);
    const strangerId = (await call<AccountSession[]>(ctx, 'GET', '/user/sessions', { token: strangerToken })).body
      .result[0].id;
    expect((await call(ctx, 'POST', '/user/sessions/end', { token: me, body: { id: strangerId } })).body.message).toBe(
      M.sessionMissing,
    );
    expect((await call(ctx, 'POST', '/user/sessions/endOthers', { token: me })).status).toBe(200);
    expect((await call(ctx, 'GET', '/user/info', { token: third })).status).toBe(401);
    expect((await call(ctx, 'GET', '/user/info', { token: me })).status).toBe(200);
    expect((await call(ctx, 'GET', '/user/info', { token: strangerToken })).status).toBe(200);
  });
});
