import { createHash, randomBytes } from 'node:crypto';

/** Opaque 256-bit session token; the database keeps only its SHA-256. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
