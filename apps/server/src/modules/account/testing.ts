import { randomInt } from 'node:crypto';
import { creditCodeCheckChar, type DevSmsMessage, idNumberCheckChar, USER_AGREEMENT_VERSION } from '@odp/contracts';
import { eq, sql } from 'drizzle-orm';
import { captchas, smsCodes } from '../../db/schema/index.js';
import { call, type TestContext } from '../../test/harness.js';

/** A mobile number no other test uses. */
export const newMobile = () => `139${String(randomInt(0, 1e8)).padStart(8, '0')}`;

/** A valid 统一社会信用代码 with a random body. */
export function newCreditCode() {
  const body = `91330100${Array.from({ length: 9 }, () => '0123456789ABCDEFGHJKLMNPQRTUWXY'[randomInt(0, 31)]).join('')}`;
  return body + creditCodeCheckChar(body);
}

/** A valid 身份证 number born on 1990-05-17. */
export function newIdNumber() {
  const first = `330106199005${'17'}${String(randomInt(0, 1000)).padStart(3, '0')}`;
  return first + idNumberCheckChar(first);
}

/** Draws an image captcha through the real route and reads its answer from the table. */
export async function solvedCaptcha(ctx: TestContext) {
  const checkKey = `k${randomInt(0, 1e12).toString(36)}xxxxxxxx`;
  await call(ctx, 'GET', `/sys/randomImage/${checkKey}`);
  const [row] = await ctx.db.select().from(captchas).where(eq(captchas.checkKey, checkKey));
  return { checkKey, captcha: row.answer };
}

export async function sendSms(ctx: TestContext, mobile: string, smsmode: string, opts: { token?: string } = {}) {
  return call(ctx, 'POST', '/sys/sms', { token: opts.token, body: { mobile, smsmode, ...(await solvedCaptcha(ctx)) } });
}

/** The newest code the development inbox holds for the number. */
export async function inboxCode(ctx: TestContext, mobile: string): Promise<string | null> {
  const res = await call<DevSmsMessage[]>(ctx, 'GET', '/dev/sms-inbox', { query: { mobile } });
  return res.body.result?.find((m) => m.code)?.code ?? null;
}

/** Sends a code and reads it from the inbox. */
export async function codeFor(ctx: TestContext, mobile: string, smsmode: string, opts: { token?: string } = {}) {
  const res = await sendSms(ctx, mobile, smsmode, opts);
  if (res.status !== 200) throw new Error(`sms: ${res.status} ${res.body.message}`);
  const code = await inboxCode(ctx, mobile);
  if (!code) throw new Error('no code in the inbox');
  return code;
}

/** Moves the number's codes back in time, as if `ms` had passed. */
export async function ageCodes(ctx: TestContext, mobile: string, ms: number) {
  const shift = `${Math.round(ms / 1000)} seconds`;
  await ctx.db
    .update(smsCodes)
    .set({
      createdAt: sql`${smsCodes.createdAt} - ${shift}::interval`,
      expiresAt: sql`${smsCodes.expiresAt} - ${shift}::interval`,
    })
    .where(eq(smsCodes.mobile, mobile));
}

export function registerBody(mobile: string, smscode: string, overrides: Record<string, unknown> = {}) {
  const name = `u${randomInt(0, 1e9).toString(36)}x`;
  return {
    accountType: '1',
    agreed: true,
    agreementVersion: USER_AGREEMENT_VERSION,
    phone: mobile,
    smscode,
    username: name,
    password: 'Reg@2026abc',
    confirmpassword: 'Reg@2026abc',
    email: `${name}@example.cn`,
    ...overrides,
  };
}
