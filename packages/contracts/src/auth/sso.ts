import { z } from 'zod';
import { PageQuery } from '../core/envelope.js';
import { idOf, optionalMatching, trimmedText } from '../core/fields.js';
import type { LoginResult } from './login.js';

/** Permission codes of IDM users (系统管理 › IDM用户), administrators only. */
export const SsoPerm = {
  idmList: 'system:idmUser:list',
  idmAuthorize: 'system:idmUser:authorization',
  idmDisable: 'system:idmUser:disable',
} as const;

/** 状态 of an external identity. */
export const IDM_STATUS = { pending: 0, active: 1, disabled: 2 } as const;
export const IDM_STATUS_LABEL: Record<number, string> = { 0: '待授权', 1: '已授权', 2: '已停用' };

/** The issuer recorded for identities handed over by the trusted sibling system (`/sgSso`). */
export const SG_SSO_ISSUER = 'sgSso';

/**
 * `/sso-login?…`: what the sign-on callback tells the web. `code` is a one-time hand-off code the web
 * exchanges at `/thirdLogin/getLoginUser/{code}`; `result=pending` means the identity waits for an
 * administrator; `error` is one of these reasons (never a user name, never a password).
 */
export const SSO_ERRORS = {
  notConfigured: '本平台尚未配置统一身份认证',
  denied: '您已取消统一身份认证登录',
  expired: '登录请求已过期或已使用，请重新登录',
  failed: '统一身份认证登录失败，请稍后再试',
  claim: '统一身份认证未提供账号信息，请联系管理员',
  disabled: '该外部身份已停用或已解除绑定，请联系管理员',
  frozen: '该账号已被冻结，请联系管理员',
} as const;
export type SsoErrorCode = keyof typeof SSO_ERRORS;

export const SSO_PENDING_MESSAGE = '您的统一身份认证账号已登记，正在等待管理员授权。授权后即可使用统一身份认证登录。';

/** What `/sso-login` offers: the OpenID Connect provider's display name, and whether `/sgSso` is configured. */
export type SsoProviders = { oidc: { name: string } | null; sgSso: boolean };

/** `/thirdLogin/sgSso`: the sibling system's signed hand-off (see README, 单点登录). */
export const SgSsoInput = z.object({
  token: z.string().trim().min(1, '缺少登录令牌').max(4096, '登录令牌格式不正确'),
});
export type SgSsoInput = z.infer<typeof SgSsoInput>;

/** A hand-off ends signed in, or at the 待授权 page. */
export type SsoOutcome = { outcome: 'signedIn'; login: LoginResult } | { outcome: 'pending' };

const Status = z.coerce
  .number()
  .int()
  .refine((v) => v in IDM_STATUS_LABEL, '状态不正确')
  .optional();

/** `/imd/user/queryList`: 状态, 账号, 姓名, 手机号 as the original's filters, plus the issuer. */
export const IdmUserQuery = PageQuery.extend({
  userStatus: Status,
  userName: trimmedText(64),
  nickName: trimmedText(64),
  mobile: trimmedText(20),
  issuer: trimmedText(500),
});
export type IdmUserQuery = z.infer<typeof IdmUserQuery>;

export type IdmUserItem = {
  id: string;
  issuer: string;
  subject: string;
  /** 用户账号: the claim naming the local account. */
  userName: string | null;
  /** 用户姓名 */
  nickName: string | null;
  email: string | null;
  mobile: string | null;
  userStatus: number;
  /** The local account it signs in as, once authorised. */
  localUsername: string | null;
  firstSeenTime: string;
  lastSeenTime: string;
  authorisedTime: string | null;
};

/** 授权: the local account (default: the claimed name) with a role and a department. */
export const IdmAuthorizeInput = z.object({
  id: idOf('IDM用户'),
  roleId: idOf('角色'),
  departId: idOf('部门'),
  username: optionalMatching(/^[A-Za-z0-9_.@-]{2,64}$/, '用户账号只能是 2–64 位字母、数字或 _ . @ -', 64, '用户账号'),
});
export type IdmAuthorizeInput = z.infer<typeof IdmAuthorizeInput>;

export const IdmIdInput = z.object({ id: idOf('IDM用户') });

/** 绑定 in the personal centre: the signed-in user's external identities. */
export type BoundIdentity = {
  id: string;
  /** The provider's display name (the OIDC name, or 业务协同系统 for `/sgSso`). */
  providerName: string;
  issuer: string;
  claimedName: string | null;
  displayName: string | null;
  email: string | null;
  status: number;
  firstSeenTime: string;
  lastSeenTime: string;
};
