import { z } from 'zod';
import { isValidCreditCode, isValidIdNumber } from './checksums.js';
import { STRONG_PASSWORD } from './password-strength.js';

/**
 * The citizens' own account: registration, SMS codes, password recovery, phone login, the personal
 * centre's 基本信息 and 安全. Messages are the original pages' where they had one (research §7).
 */
export const AccountMessages = {
  usernameRequired: '请输入用户名',
  usernameRule: '用户名为 4–32 位字母、数字或下划线，以字母开头',
  usernameTaken: '用户名已存在!',
  usernameFree: '该用户名可用',
  passwordRequired: '请输入密码',
  passwordRule: '密码由8位数字、大小写字母和特殊符号组成!',
  passwordWeak: '密码强度不够',
  passwordHint: '请至少输入 8 个字符。请不要使用容易被猜到的密码。',
  confirmRequired: '请确认密码',
  passwordMismatch: '两次密码不一致',
  emailRequired: '请输入邮箱地址',
  emailInvalid: '请输入正确的邮箱地址',
  emailTaken: '邮箱已存在!',
  emailFree: '该邮箱可用',
  mobileRequired: '请输入手机号',
  mobileInvalid: '请输入正确的手机号',
  mobileTaken: '手机号已存在!',
  smsRequired: '请输入验证码',
  smsWrong: '验证码错误或已失效，请重新获取',
  smsTooManyTries: '验证码错误次数过多，请重新获取',
  smsSent: '验证码已发送，请注意查收',
  smsWait: (seconds: number) => `请 ${seconds} 秒后再获取验证码`,
  smsDailyCap: '今日获取验证码次数已达上限，请明天再试',
  smsTooFast: '请求过于频繁，请稍后再试',
  smsLoginFirst: '请先登录',
  captchaRequired: '请输入图形验证码',
  captchaWrong: '图形验证码错误或已失效，请重新输入',
  agreementRequired: '请阅读并同意《用户协议》和《隐私声明》',
  agreementOutdated: '用户协议已更新，请刷新页面后重新阅读并同意',
  accountTypeRequired: '请选择账号类型',
  companyRequired: '请输入单位名称',
  creditCodeRequired: '请输入统一社会信用代码',
  creditCodeInvalid: '统一社会信用代码校验不通过，请核对后重新输入',
  registerFailed: '注册失败',
  registered: '注册成功',
  verifyFailed: '验证错误',
  changeFailed: '更改密码失败',
  passwordReset: '密码修改成功，请使用新密码登录',
  phoneManyAccounts: '该手机号关联多个账号，请使用账号密码登录或联系管理员',
  phoneLoginOk: '登录成功',
  idNameRequired: '请输入真实姓名',
  idNumberRequired: '请输入身份证号码',
  idNumberInvalid: '身份证号码校验不通过，请核对后重新输入',
  alreadyVerified: '您已完成实名认证',
  verifiedOk: '实名认证成功',
  verifyPending: '已提交实名信息，待身份核验服务确认后生效',
  profileSaved: '保存成功',
  phoneChanged: '手机号已更换',
  phoneSame: '新手机号与当前手机号相同',
  avatarSaved: '头像已更新',
  sessionEnded: '已退出该设备',
  othersEnded: '已退出其他设备',
  sessionMissing: '会话不存在或已结束',
  sessionIsCurrent: '当前设备请使用“退出登录”',
} as const;

/** 账号类型: 个人 or 法人 (a company or other organisation with a 统一社会信用代码). */
export const ACCOUNT_TYPES = { '1': '个人', '2': '法人' } as const;
export type AccountType = keyof typeof ACCOUNT_TYPES;
export const ACCOUNT_TYPE_DICT = 'account_type';

/** 实名认证状态. */
export const REAL_NAME_STATUS = { 0: '未认证', 1: '已认证' } as const;
export type RealNameStatus = keyof typeof REAL_NAME_STATUS;
export const REAL_NAME_DICT = 'real_name_status';

/** What a code is for (`smsmode`): 0 登录, 1 注册, 2 忘记密码 (the original's), 3 更换手机号 (signed in). */
export const SMS_MODES = { login: '0', register: '1', forgot: '2', changePhone: '3' } as const;
export type SmsMode = (typeof SMS_MODES)[keyof typeof SMS_MODES];

/** Limits of SMS codes that are not configuration: 6 digits, 5 minutes, 60 s between sends, 5 tries. */
export const SMS_CODE = { digits: 6, lifetimeMs: 5 * 60_000, resendMs: 60_000, maxTries: 5 } as const;

export const MOBILE_PATTERN = /^1[3456789]\d{9}$/;
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;

const Mobile = z
  .string({ error: AccountMessages.mobileRequired })
  .trim()
  .min(1, AccountMessages.mobileRequired)
  .regex(MOBILE_PATTERN, AccountMessages.mobileInvalid);
const SmsCode = z
  .string({ error: AccountMessages.smsRequired })
  .trim()
  .min(1, AccountMessages.smsRequired)
  .max(12, AccountMessages.smsWrong);
const StrongPassword = z
  .string({ error: AccountMessages.passwordRequired })
  .min(1, AccountMessages.passwordRequired)
  .regex(STRONG_PASSWORD, AccountMessages.passwordRule);
const Username = z
  .string({ error: AccountMessages.usernameRequired })
  .trim()
  .min(1, AccountMessages.usernameRequired)
  .regex(USERNAME_PATTERN, AccountMessages.usernameRule);
const Email = z
  .string({ error: AccountMessages.emailRequired })
  .trim()
  .min(1, AccountMessages.emailRequired)
  .max(320, AccountMessages.emailInvalid)
  .pipe(z.email(AccountMessages.emailInvalid));

/** `POST /sys/sms` (also `/account/sms`): the image captcha is spent before a code is sent. */
export const SmsInput = z.object({
  mobile: Mobile,
  smsmode: z.enum(['0', '1', '2', '3'], { error: '验证码用途不正确' }),
  captcha: z.string({ error: AccountMessages.captchaRequired }).trim().min(1, AccountMessages.captchaRequired).max(8),
  checkKey: z.string({ error: AccountMessages.captchaRequired }).min(8).max(64),
});
export type SmsInput = z.infer<typeof SmsInput>;

/** `POST /sys/user/checkOnlyUser`: is this user name (or email) still free, as the register form types. */
export const CheckOnlyUserInput = z
  .object({ username: z.string().trim().max(64).optional(), email: z.string().trim().max(320).optional() })
  .refine((v) => Boolean(v.username) !== Boolean(v.email), { message: '请提供用户名或邮箱之一' });
export type CheckOnlyUserInput = z.infer<typeof CheckOnlyUserInput>;

/** Version of the 用户协议 and 隐私声明 a registration accepts (texts in `agreements.ts`). */
export const USER_AGREEMENT_VERSION = '2026-01';

/** The registration's rules step by step, so that the page can check each step with the same schema. */
export const RegisterStep1 = z.object({
  accountType: z.enum(['1', '2'], { error: AccountMessages.accountTypeRequired }),
  agreed: z.literal(true, { error: AccountMessages.agreementRequired }),
  agreementVersion: z.string().max(20),
});
export const RegisterStep2 = z.object({ phone: Mobile, smscode: SmsCode });
const RegisterStep3Fields = z.object({
  username: Username,
  password: StrongPassword,
  confirmpassword: z.string({ error: AccountMessages.confirmRequired }).min(1, AccountMessages.confirmRequired),
  email: Email,
  companyName: z.string().trim().max(100, '单位名称不能超过 100 个字符').optional().nullable(),
  creditCode: z.string().trim().toUpperCase().max(18).optional().nullable(),
});

function companyRules(
  v: { accountType: '1' | '2'; companyName?: string | null; creditCode?: string | null },
  ctx: z.RefinementCtx,
) {
  if (v.accountType !== '2') return;
  if (!v.companyName) ctx.addIssue({ code: 'custom', path: ['companyName'], message: AccountMessages.companyRequired });
  if (!v.creditCode)
    ctx.addIssue({ code: 'custom', path: ['creditCode'], message: AccountMessages.creditCodeRequired });
  else if (!isValidCreditCode(v.creditCode))
    ctx.addIssue({ code: 'custom', path: ['creditCode'], message: AccountMessages.creditCodeInvalid });
}

const passwordsMatch = (v: { password: string; confirmpassword: string }) => v.password === v.confirmpassword;

export const RegisterStep3 = RegisterStep3Fields.extend({ accountType: z.enum(['1', '2']) })
  .refine(passwordsMatch, { message: AccountMessages.passwordMismatch, path: ['confirmpassword'] })
  .superRefine(companyRules);

/** `POST /sys/user/register` (also `/auth/register`): every step's fields at once. */
export const RegisterInput = RegisterStep1.extend(RegisterStep2.shape)
  .extend(RegisterStep3Fields.shape)
  .refine(passwordsMatch, { message: AccountMessages.passwordMismatch, path: ['confirmpassword'] })
  .superRefine(companyRules);
export type RegisterInput = z.infer<typeof RegisterInput>;
export type RegisterResult = { username: string; accountType: AccountType };

/** `POST /sys/user/phoneVerification`: step 手机验证 of 忘记密码. */
export const PhoneVerificationInput = z.object({ phone: Mobile, smscode: SmsCode });
export type PhoneVerificationInput = z.infer<typeof PhoneVerificationInput>;
/** The account the number belongs to, and the code to send on with the new password. */
export type PhoneVerificationResult = { username: string; smscode: string };

/** `POST /sys/user/passwordChange` (also `/auth/forge-password`): step 密码 of 忘记密码. */
export const PasswordChangeInput = z
  .object({
    username: z.string().trim().min(1, AccountMessages.usernameRequired).max(64),
    password: StrongPassword,
    confirmpassword: z.string({ error: AccountMessages.confirmRequired }).min(1, AccountMessages.confirmRequired),
    smscode: SmsCode,
    phone: Mobile,
  })
  .refine(passwordsMatch, { message: AccountMessages.passwordMismatch, path: ['confirmpassword'] });
export type PasswordChangeInput = z.infer<typeof PasswordChangeInput>;

/** `POST /sys/phoneLogin`: `captcha` is the SMS code, as in the original. */
export const PhoneLoginInput = z.object({ mobile: Mobile, captcha: SmsCode, remember_me: z.boolean().optional() });
export type PhoneLoginInput = z.infer<typeof PhoneLoginInput>;

/** `GET /user/info`: the signed-in user's own account, personal numbers masked. */
export type AccountProfile = {
  id: string;
  username: string;
  realname: string;
  nickname: string | null;
  avatar: string | null;
  phoneMasked: string | null;
  email: string | null;
  accountType: AccountType;
  companyName: string | null;
  creditCode: string | null;
  realNameStatus: RealNameStatus;
  idName: string | null;
  idNumberMasked: string | null;
  realNameSubmittedAt: string | null;
  verifiedAt: string | null;
  departName: string | null;
  createdAt: string;
};

/** `PUT /user/info`: what a user edits of their own account. */
export const ProfileUpdateInput = z.object({
  nickname: z.string().trim().min(1, '请输入昵称').max(32, '昵称不能超过 32 个字符'),
  email: Email,
});
export type ProfileUpdateInput = z.infer<typeof ProfileUpdateInput>;

/** `POST /user/changePhone`: the new number and the code sent to it (smsmode 3). */
export const ChangePhoneInput = z.object({ mobile: Mobile, smscode: SmsCode });
export type ChangePhoneInput = z.infer<typeof ChangePhoneInput>;

/** `POST /user/realName`: 实名认证 with the name and 身份证 number. */
export const RealNameInput = z.object({
  name: z
    .string({ error: AccountMessages.idNameRequired })
    .trim()
    .min(2, AccountMessages.idNameRequired)
    .max(32, '姓名不能超过 32 个字符'),
  idNumber: z
    .string({ error: AccountMessages.idNumberRequired })
    .trim()
    .toUpperCase()
    .min(1, AccountMessages.idNumberRequired)
    .refine((v) => isValidIdNumber(v), AccountMessages.idNumberInvalid),
});
export type RealNameInput = z.infer<typeof RealNameInput>;

/** One of the user's live sessions (`GET /user/sessions`). */
export type AccountSession = {
  id: string;
  current: boolean;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
  lastSeenAt: string;
};

export const SessionIdInput = z.object({ id: z.string().uuid('会话 ID 格式不正确') });

/**
 * A message the development SMS inbox shows (`GET /dev/sms-inbox`, never in production): a code
 * (`purpose` the smsmode) or a notification (`code` null, `purpose` \`notify:<category>\`).
 */
export type DevSmsMessage = { mobile: string; text: string; code: string | null; purpose: string; sentAt: string };
