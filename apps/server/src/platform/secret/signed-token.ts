import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived tokens signed with HMAC-SHA256:
 *
 *   base64url(JSON payload) + "." + base64url(HMAC-SHA256(key, <the first part as sent>))
 *
 * The payload carries `iat`, `exp` (seconds) and a unique `jti`; what else it holds is the caller's.
 * Verifying checks the form, the signature (constant time) and the lifetime; whether a `jti` was
 * already used is the caller's store's to say (a single-use table).
 */
export type TokenClaims = { iat: number; exp: number; jti: string };

export type TokenRefusal = 'malformed' | 'forged' | 'expired' | 'tooLong';
export type TokenCheck<T> = { ok: true; payload: T & TokenClaims } | { ok: false; reason: TokenRefusal };

const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64url');
const mac = (key: Buffer | string, body: string) => createHmac('sha256', key).update(body).digest();
const PART = /^[A-Za-z0-9_-]+$/;

export const newJti = () => randomBytes(18).toString('base64url');

export function signToken(key: Buffer | string, payload: Record<string, unknown> & TokenClaims): string {
  const body = b64(JSON.stringify(payload));
  return `${body}.${b64(mac(key, body))}`;
}

export function verifyToken<T>(
  key: Buffer | string,
  token: string,
  opts: { nowS: number; maxLifetimeS: number; skewS?: number },
): TokenCheck<T> {
  const parts = token.split('.');
  if (parts.length !== 2 || !PART.test(parts[0]) || !PART.test(parts[1])) return { ok: false, reason: 'malformed' };
  const given = Buffer.from(parts[1], 'base64url');
  const expected = mac(key, parts[0]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'forged' };
  let p: Partial<TokenClaims> | null;
  try {
    p = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (
    !p ||
    typeof p !== 'object' ||
    typeof p.jti !== 'string' ||
    !/^[A-Za-z0-9_-]{8,128}$/.test(p.jti) ||
    !Number.isInteger(p.iat) ||
    !Number.isInteger(p.exp)
  ) {
    return { ok: false, reason: 'malformed' };
  }
  const { iat, exp } = p as TokenClaims;
  const skew = opts.skewS ?? 5;
  if (exp - iat > opts.maxLifetimeS || exp < iat) return { ok: false, reason: 'tooLong' };
  if (opts.nowS > exp + skew || iat > opts.nowS + skew) return { ok: false, reason: 'expired' };
  return { ok: true, payload: p as T & TokenClaims };
}
