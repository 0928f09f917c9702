import { signToken, verifyToken } from '../../platform/secret/signed-token.js';

/**
 * The trusted sibling system's hand-off token at `/sgSso?token=…`:
 *
 *   base64url(JSON {"user": "<local user name>", "iat": <seconds>, "exp": <seconds>, "jti": "<unique id>",
 *                   "name"?: "<display name>"})
 *   + "." + base64url(HMAC-SHA256(SG_SSO_SECRET, <the first part as sent>))
 *
 * It lives at most 60 s (`exp - iat ≤ 60`) and is used once: its `jti` is kept until `exp`.
 */
export type SgTokenPayload = { user: string; iat: number; exp: number; jti: string; name?: string };

export const SG_TOKEN_MAX_LIFETIME_S = 60;
/** Clocks of the two systems may differ by this much. */
const SKEW_S = 5;

export const SG_TOKEN_REFUSALS = {
  malformed: '登录令牌格式不正确',
  forged: '登录令牌签名无效',
  expired: '登录令牌已过期，请从原系统重新进入',
  tooLong: '登录令牌有效期超过 60 秒，已拒绝',
  replayed: '登录令牌已使用，请从原系统重新进入',
} as const;

/** Makes a token (the sibling system's side; tests and the README's example use it). */
export function signSgToken(secret: string, payload: SgTokenPayload): string {
  return signToken(secret, payload);
}

export type SgTokenCheck =
  | { ok: true; payload: SgTokenPayload }
  | { ok: false; reason: keyof typeof SG_TOKEN_REFUSALS };

/** Checks form, signature (constant time) and lifetime; the replay check needs the store (service). */
export function verifySgToken(secret: string, token: string, nowS = Math.floor(Date.now() / 1000)): SgTokenCheck {
  const check = verifyToken<Partial<SgTokenPayload>>(secret, token, {
    nowS,
    maxLifetimeS: SG_TOKEN_MAX_LIFETIME_S,
    skewS: SKEW_S,
  });
  if (!check.ok) return check;
  const p = check.payload;
  if (
    typeof p.user !== 'string' ||
    !/^[A-Za-z0-9_.@-]{1,64}$/.test(p.user) ||
    (p.name !== undefined && (typeof p.name !== 'string' || p.name.length > 64))
  ) {
    return { ok: false, reason: 'malformed' };
  }
  return { ok: true, payload: p as SgTokenPayload };
}
