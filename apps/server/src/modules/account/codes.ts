import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { AccountMessages as M, SMS_CODE, type SmsMode } from '@odp/contracts';
import type { Db, Executor } from '../../db/client.js';
import { cityDate, dayStart } from '../../platform/city-days.js';
import { AppError, badRequest } from '../../platform/http/errors.js';
import type { SmsProvider } from '../../platform/notify/sms.js';
import {
  countCodesSince,
  countWrongTry,
  deleteOldCodes,
  lastCodeFor,
  liveCode,
  replaceCode,
  type SmsCodeRow,
  spendCode,
} from './repository.js';

/** What the SMS code mechanism needs: the provider, the caps, the HMAC key and the clock. */
export type SmsDeps = {
  provider: SmsProvider;
  dailyPerMobile: number;
  dailyPerIp: number;
  /** Key of the codes' HMAC: a stolen table does not give the codes by trying a million values. */
  key: () => Buffer;
  now: () => Date;
};

const PURPOSE_TEXT: Record<SmsMode, string> = { '0': '登录', '1': '注册', '2': '找回密码', '3': '更换手机号' };

const hashOf = (deps: SmsDeps, mobile: string, purpose: string, code: string) =>
  createHmac('sha256', deps.key()).update(`${mobile}:${purpose}:${code}`).digest('hex');

/**
 * Issues a code for a number: the daily caps per number and per client address, then 60 s between
 * two codes of one purpose. `deliver` false stores the code as if sent but sends nothing: a login or
 * recovery request for a number without an account answers exactly as one with, counts against the
 * same caps and does the same writes.
 */
export async function issueCode(
  db: Db,
  deps: SmsDeps,
  req: { mobile: string; purpose: SmsMode; ip: string; deliver: boolean },
) {
  const now = deps.now();
  const today = dayStart(cityDate(now));
  if ((await countCodesSince(db, { mobile: req.mobile }, today)) >= deps.dailyPerMobile)
    throw badRequest(M.smsDailyCap);
  if ((await countCodesSince(db, { ip: req.ip }, today)) >= deps.dailyPerIp) throw badRequest(M.smsDailyCap);
  const last = await lastCodeFor(db, req.mobile, req.purpose);
  const waitMs = last ? last.createdAt.getTime() + SMS_CODE.resendMs - now.getTime() : 0;
  if (waitMs > 0) throw badRequest(M.smsWait(Math.ceil(waitMs / 1000)));

  const code = String(randomInt(0, 10 ** SMS_CODE.digits)).padStart(SMS_CODE.digits, '0');
  await db.transaction(async (tx) => {
    await replaceCode(
      tx,
      {
        mobile: req.mobile,
        purpose: req.purpose,
        codeHash: hashOf(deps, req.mobile, req.purpose, code),
        ip: req.ip.slice(0, 64),
        delivered: req.deliver ? 1 : 0,
        expiresAt: new Date(now.getTime() + SMS_CODE.lifetimeMs),
        createdAt: now,
      },
      now,
    );
    // Rows older than two days count no cap any more.
    await deleteOldCodes(tx, new Date(now.getTime() - 2 * 86_400_000));
  });
  if (!req.deliver) return;
  const minutes = SMS_CODE.lifetimeMs / 60_000;
  try {
    await deps.provider.send({
      kind: 'code',
      mobile: req.mobile,
      code,
      purpose: req.purpose,
      text: `【滨江市公共数据开放平台】您的${PURPOSE_TEXT[req.purpose]}验证码为 ${code}，${minutes} 分钟内有效，请勿告诉他人。`,
    });
  } catch {
    throw new AppError(502, '短信发送失败，请稍后再试');
  }
}

/**
 * Checks a code against the number's newest live one for the purpose. A wrong code counts a try
 * (written at once, whatever the caller does next) and the fifth kills the code. Does not spend it:
 * the caller spends it with `spend` inside the transaction of what the code allows.
 */
export async function checkCode(
  db: Db,
  deps: SmsDeps,
  req: { mobile: string; purpose: SmsMode; code: string },
): Promise<SmsCodeRow> {
  const now = deps.now();
  const row = await liveCode(db, req.mobile, req.purpose, now);
  if (!row || row.attempts >= SMS_CODE.maxTries) throw badRequest(M.smsWrong);
  const given = Buffer.from(hashOf(deps, req.mobile, req.purpose, req.code.trim()), 'hex');
  if (!timingSafeEqual(given, Buffer.from(row.codeHash, 'hex'))) {
    const tries = await countWrongTry(db, row.id, SMS_CODE.maxTries, now);
    throw badRequest(tries >= SMS_CODE.maxTries ? M.smsTooManyTries : M.smsWrong);
  }
  return row;
}

/** Spends a checked code in the caller's transaction; a code another request spent first is refused. */
export async function spend(tx: Executor, deps: SmsDeps, row: SmsCodeRow) {
  if (!(await spendCode(tx, row.id, deps.now()))) throw badRequest(M.smsWrong);
}
