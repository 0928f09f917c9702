import { createHmac, timingSafeEqual } from 'node:crypto';

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

const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64url');
const mac = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest();

/** Makes a token (the sibling system's side; tests and the README's example use it). */
export function signSgToken(secret: string, payload: SgTokenPayload): string {
  const body = b64(JSON.stringify(payload));
  return `${body}.${b64(mac(secret, body))}`;
}

export type SgTokenCheck =
  | { ok: true; payload: SgTokenPayload }
  | { ok: false; reason: keyof typeof SG_TOKEN_REFUSALS };

/** Checks form, signature (constant time) and lifetime; the replay check needs the store (service). */
export function verifySgToken(secret: string, token: string, nowS = Math.floor(Date.now() / 1000)): SgTokenCheck {
  const parts = token.split('.');
  if (parts.length !== 2 || !/^[A-Za-z0-9_-]+$/.test(parts[0]) || !/^[A-Za-z0-9_-]+$/.test(parts[1])) {
    return { ok: false, reason: 'malformed' };
  }
  const given = Buffer.from(parts[1], 'base64url');
  const expected = mac(secret, parts[0]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'forged' };
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const p = payload as Partial<SgTokenPayload> | null;
  if (
    !p ||
    typeof p.user !== 'string' ||
    !/^[A-Za-z0-9_.@-]{1,64}$/.test(p.user) ||
    typeof p.jti !== 'string' ||
    !/^[A-Za-z0-9_-]{8,128}$/.test(p.jti) ||
    !Number.isInteger(p.iat) ||
    !Number.isInteger(p.exp) ||
    (p.name !== undefined && (typeof p.name !== 'string' || p.name.length > 64))
  ) {
    return { ok: false, reason: 'malformed' };
  }
  const { iat, exp } = p as SgTokenPayload;
  if (exp - iat > SG_TOKEN_MAX_LIFETIME_S || exp < iat) return { ok: false, reason: 'tooLong' };
  if (nowS > exp + SKEW_S || iat > nowS + SKEW_S) return { ok: false, reason: 'expired' };
  return { ok: true, payload: p as SgTokenPayload };
}
