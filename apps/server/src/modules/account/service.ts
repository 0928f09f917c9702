import {
  type AccountProfile,
  type AccountSession,
  type AccountType,
  type ChangePhoneInput,
  type CheckOnlyUserInput,
  type LoginResult,
  AccountMessages as M,
  maskIdNumber,
  maskPhone,
  type PasswordChangeInput,
  type PhoneLoginInput,
  type PhoneVerificationInput,
  type PhoneVerificationResult,
  type ProfileUpdateInput,
  type RealNameInput,
  type RealNameStatus,
  type RegisterInput,
  type RegisterResult,
  SMS_MODES,
  type SmsInput,
  USER_AGREEMENT_VERSION,
} from '@odp/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { logOperation } from '../../platform/audit/log.js';
import type { Actor } from '../../platform/auth/actor.js';
import { hashPassword } from '../../platform/auth/password.js';
import { revokeSession, revokeUserSessions } from '../../platform/auth/sessions.js';
import { badRequest } from '../../platform/http/errors.js';
import { consumeCaptcha } from '../auth/captcha.js';
import { clearFailures } from '../auth/lockout.js';
import { type ClientMeta, signInUser } from '../auth/service.js';
import { selectDepartsOfUser } from '../system/depart/repository.js';
import { checkCode, issueCode, type SmsDeps, spend } from './codes.js';
import type { IdentityVerifier } from './identity.js';
import {
  emailTaken,
  findProfile,
  findUserById,
  insertUserWithRole,
  liveSessionOf,
  liveSessionsOf,
  lockKeys,
  markVerified,
  roleIdOf,
  upsertProfile,
  usernameTaken,
  usersByPhone,
} from './repository.js';

export type AccountDeps = { sms: SmsDeps; verifier: IdentityVerifier; sessionIdleMs: number };

/** The role every self-registered person or company holds (db/seed/roles.ts). */
const REGISTERED_ROLE = 'registered';

type UserRow = typeof users.$inferSelect;

/** The user as the actor of their own change, for the operation log, when no session exists yet. */
const selfActor = (user: UserRow, ip: string): Actor => ({
  userId: user.id,
  username: user.username,
  realname: user.realname,
  orgCode: user.orgCode,
  sessionId: '',
  tenantId: 0,
  perms: new Set(),
  roleCodes: [],
  ip,
});

/**
 * `POST /sys/sms`: spends the image captcha, then issues a code. For 登录 and 忘记密码 the answer is
 * the same whether the number has an account or not (the code only goes out when it has); 注册 and
 * 更换手机号 always send, and a taken number is refused only where the code is used.
 */
export async function sendSms(db: Db, deps: AccountDeps, input: SmsInput, meta: { ip: string; actor?: Actor }) {
  if (!(await consumeCaptcha(db, input.checkKey, input.captcha))) throw badRequest(M.captchaWrong);
  if (input.smsmode === SMS_MODES.changePhone && !meta.actor) throw badRequest(M.smsLoginFirst);
  let deliver = true;
  if (input.smsmode === SMS_MODES.login || input.smsmode === SMS_MODES.forgot) {
    deliver = (await usersByPhone(db, input.mobile)).length > 0;
  }
  await issueCode(db, deps.sms, { mobile: input.mobile, purpose: input.smsmode, ip: meta.ip, deliver });
}

/** `POST /sys/user/checkOnlyUser`: the register form's live check of a user name or an email. */
export async function checkOnlyUser(db: Db, input: CheckOnlyUserInput): Promise<string> {
  if (input.username) {
    if (await usernameTaken(db, input.username)) throw badRequest(M.usernameTaken);
    return M.usernameFree;
  }
  if (input.email && (await emailTaken(db, input.email))) throw badRequest(M.emailTaken);
  return M.emailFree;
}

/**
 * `POST /sys/user/register`: a person or a company signs up with a number proven by its code. The
 * user name, email and number are checked once more under a lock in the transaction that spends the
 * code and creates the account (role 注册用户, no department, its profile row), so that two requests
 * never make two accounts of one number; a refusal rolls the code's spending back.
 */
export async function register(db: Db, deps: AccountDeps, input: RegisterInput, meta: ClientMeta) {
  if (input.agreementVersion !== USER_AGREEMENT_VERSION) throw badRequest(M.agreementOutdated);
  const code = await checkCode(db, deps.sms, { mobile: input.phone, purpose: SMS_MODES.register, code: input.smscode });
  const passwordHash = await hashPassword(input.password);
  const company = input.accountType === '2';
  return db.transaction(async (tx): Promise<RegisterResult> => {
    await lockKeys(tx, [input.phone, input.email.toLowerCase(), input.username.toLowerCase()]);
    if (await usernameTaken(tx, input.username)) throw badRequest(M.usernameTaken);
    if (await emailTaken(tx, input.email)) throw badRequest(M.emailTaken);
    if ((await usersByPhone(tx, input.phone)).length > 0) throw badRequest(M.mobileTaken);
    await spend(tx, deps.sms, code);
    const roleId = await roleIdOf(tx, REGISTERED_ROLE);
    if (!roleId) throw badRequest(M.registerFailed);
    const user = await insertUserWithRole(
      tx,
      {
        username: input.username,
        realname: company && input.companyName ? input.companyName : input.username,
        nickname: company && input.companyName ? input.companyName : input.username,
        passwordHash,
        phone: input.phone,
        email: input.email,
        orgCode: null,
      },
      roleId,
    );
    await upsertProfile(tx, user.id, {
      accountType: input.accountType,
      companyName: company ? input.companyName : null,
      creditCode: company ? input.creditCode : null,
      agreementVersion: input.agreementVersion,
    });
    await logOperation(tx, selfActor(user, meta.ip), {
      content: `用户注册（${company ? '法人' : '个人'}）：${user.username}`,
      operateType: 'register',
      target: user.id,
    });
    return { username: user.username, accountType: input.accountType };
  });
}

/** The one account of a number, or the refusal a recovery or phone login gives. */
async function onlyAccountOf(db: Db, phone: string, none: string) {
  const found = await usersByPhone(db, phone);
  if (found.length === 0) throw badRequest(none);
  if (found.length > 1) throw badRequest(M.phoneManyAccounts);
  return found[0];
}

/** `POST /sys/user/phoneVerification`: 忘记密码's 手机验证; the code is checked, kept for the next step. */
export async function phoneVerification(
  db: Db,
  deps: AccountDeps,
  input: PhoneVerificationInput,
): Promise<PhoneVerificationResult> {
  const code = await checkCode(db, deps.sms, { mobile: input.phone, purpose: SMS_MODES.forgot, code: input.smscode });
  const user = await onlyAccountOf(db, input.phone, M.verifyFailed);
  await markVerified(db, code.id, deps.sms.now());
  return { username: user.username, smscode: input.smscode };
}

/**
 * `POST /sys/user/passwordChange`: 忘记密码's new password, with the code 手机验证 checked. Spends the
 * code, sets the password, lifts a sign-in lockout and ends every session of the user.
 */
export async function passwordChange(db: Db, deps: AccountDeps, input: PasswordChangeInput, meta: ClientMeta) {
  const code = await checkCode(db, deps.sms, { mobile: input.phone, purpose: SMS_MODES.forgot, code: input.smscode });
  if (!code.verifiedAt) throw badRequest(M.verifyFailed);
  const user = await onlyAccountOf(db, input.phone, M.changeFailed);
  if (user.username !== input.username) throw badRequest(M.changeFailed);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await spend(tx, deps.sms, code);
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, [user.id], 'password');
    await logOperation(tx, selfActor(user, meta.ip), {
      content: '通过手机验证码找回密码',
      operateType: 'resetPassword',
      target: user.username,
    });
  });
  await clearFailures(db, user.username);
}

/** `POST /sys/phoneLogin`: signs in the one account of a number proven by its code. */
export async function phoneLogin(
  db: Db,
  deps: AccountDeps,
  input: PhoneLoginInput,
  meta: ClientMeta,
): Promise<LoginResult> {
  const code = await checkCode(db, deps.sms, { mobile: input.mobile, purpose: SMS_MODES.login, code: input.captcha });
  const user = await onlyAccountOf(db, input.mobile, M.smsWrong);
  await db.transaction((tx) => spend(tx, deps.sms, code));
  return signInUser(db, user, meta, '手机号验证码登录');
}

// The personal centre's 基本信息 and 安全

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export async function profileOf(db: Db, actor: Actor): Promise<AccountProfile> {
  const user = await findUserById(db, actor.userId);
  if (!user) throw badRequest(M.sessionMissing);
  const profile = await findProfile(db, user.id);
  const departs = await selectDepartsOfUser(db, user.id);
  return {
    id: user.id,
    username: user.username,
    realname: user.realname,
    nickname: user.nickname,
    avatar: user.avatar,
    phoneMasked: user.phone ? maskPhone(user.phone) : null,
    email: user.email,
    accountType: (profile?.accountType ?? '1') as AccountType,
    companyName: profile?.companyName ?? null,
    creditCode: profile?.creditCode ?? null,
    realNameStatus: (profile?.realNameStatus ?? 0) as RealNameStatus,
    idName: profile?.idName ?? null,
    idNumberMasked: profile?.idNumberMasked ?? null,
    realNameSubmittedAt: iso(profile?.realNameSubmittedAt),
    verifiedAt: iso(profile?.verifiedAt),
    departName: departs.find((d) => d.orgCode === user.orgCode)?.departName ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

/** `PUT /user/info`: nickname and email (unique among live accounts). */
export async function updateProfile(db: Db, actor: Actor, input: ProfileUpdateInput) {
  await db.transaction(async (tx) => {
    await lockKeys(tx, [input.email.toLowerCase()]);
    if (await emailTaken(tx, input.email, actor.userId)) throw badRequest(M.emailTaken);
    await tx
      .update(users)
      .set({ nickname: input.nickname, email: input.email, updatedAt: new Date() })
      .where(eq(users.id, actor.userId));
    await logOperation(tx, actor, { content: '修改个人信息', operateType: 'editProfile', target: actor.username });
  });
  return profileOf(db, actor);
}

/** `POST /user/changePhone`: moves the account to a new number proven by a code sent to it. */
export async function changePhone(db: Db, deps: AccountDeps, actor: Actor, input: ChangePhoneInput) {
  const user = await findUserById(db, actor.userId);
  if (!user) throw badRequest(M.sessionMissing);
  if (user.phone === input.mobile) throw badRequest(M.phoneSame);
  const code = await checkCode(db, deps.sms, {
    mobile: input.mobile,
    purpose: SMS_MODES.changePhone,
    code: input.smscode,
  });
  await db.transaction(async (tx) => {
    await lockKeys(tx, [input.mobile]);
    if ((await usersByPhone(tx, input.mobile)).length > 0) throw badRequest(M.mobileTaken);
    await spend(tx, deps.sms, code);
    await tx.update(users).set({ phone: input.mobile, updatedAt: new Date() }).where(eq(users.id, actor.userId));
    await logOperation(tx, actor, {
      content: `更换手机号：${user.phone ? maskPhone(user.phone) : '无'} → ${maskPhone(input.mobile)}`,
      operateType: 'changePhone',
      target: actor.username,
    });
  });
  return profileOf(db, actor);
}

/**
 * `POST /user/realName`: 实名认证. The configured verifier decides: 已认证 (the verified name becomes
 * the account's 姓名), or 未认证 with the claim kept until a real provider confirms it. Only the masked
 * number is stored.
 */
export async function submitRealName(db: Db, deps: AccountDeps, actor: Actor, input: RealNameInput) {
  const current = await findProfile(db, actor.userId);
  if (current?.realNameStatus === 1) throw badRequest(M.alreadyVerified);
  const outcome = await deps.verifier.verify({ name: input.name, idNumber: input.idNumber });
  if (outcome.state === 'rejected') throw badRequest(M.idNumberInvalid);
  const verified = outcome.state === 'verified';
  const now = new Date();
  await db.transaction(async (tx) => {
    await upsertProfile(tx, actor.userId, {
      idName: input.name,
      idNumberMasked: maskIdNumber(input.idNumber),
      realNameSubmittedAt: now,
      realNameStatus: verified ? 1 : 0,
      verifiedAt: verified ? now : null,
      verifiedBy: outcome.by,
    });
    if (verified)
      await tx.update(users).set({ realname: input.name, updatedAt: now }).where(eq(users.id, actor.userId));
    await logOperation(tx, actor, {
      content: `提交实名认证（${verified ? '已认证' : '待核验'}，${outcome.by}）`,
      operateType: 'realName',
      target: actor.username,
    });
  });
  return { profile: await profileOf(db, actor), message: verified ? M.verifiedOk : M.verifyPending };
}

/** Stores an uploaded avatar's name and address on the account; returns the file it replaced. */
export async function setAvatar(db: Db, actor: Actor, file: string, url: string): Promise<string | null> {
  const previous = (await findProfile(db, actor.userId))?.avatarFile ?? null;
  await db.transaction(async (tx) => {
    await upsertProfile(tx, actor.userId, { avatarFile: file });
    await tx.update(users).set({ avatar: url, updatedAt: new Date() }).where(eq(users.id, actor.userId));
    await logOperation(tx, actor, { content: '更换头像', operateType: 'editProfile', target: actor.username });
  });
  return previous;
}

/** `GET /user/sessions`: the user's live sessions, the caller's own marked. */
export async function sessionsOf(db: Db, deps: AccountDeps, actor: Actor): Promise<AccountSession[]> {
  const idleSince = Date.now() - deps.sessionIdleMs;
  const rows = await liveSessionsOf(db, actor.userId);
  return rows
    .filter((s) => s.lastSeenAt.getTime() > idleSince || s.id === actor.sessionId)
    .map((s) => ({
      id: s.id,
      current: s.id === actor.sessionId,
      ip: s.ip,
      userAgent: s.userAgent,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
    }));
}

/** Ends one of the user's other sessions (the current one signs out with 退出登录). */
export async function endSession(db: Db, actor: Actor, sessionId: string) {
  if (sessionId === actor.sessionId) throw badRequest(M.sessionIsCurrent);
  if (!(await liveSessionOf(db, actor.userId, sessionId))) throw badRequest(M.sessionMissing);
  await db.transaction(async (tx) => {
    await revokeSession(tx, sessionId, 'forced');
    await logOperation(tx, actor, { content: '退出一台设备的登录', operateType: 'endSession', target: sessionId });
  });
}

/** 退出其他设备: every session of the user but the caller's. */
export async function endOtherSessions(db: Db, actor: Actor) {
  await db.transaction(async (tx) => {
    await revokeUserSessions(tx, [actor.userId], 'forced', actor.sessionId);
    await logOperation(tx, actor, { content: '退出其他设备的登录', operateType: 'endSession', target: actor.username });
  });
}
