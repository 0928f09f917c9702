import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.js';
import { loadSecretKey, openSecret, sealSecret } from '../../platform/secret/cipher.js';

/** `ak_` + 32 hex: public, sent in X-App-Key. */
export const newAppKey = () => `ak_${randomBytes(16).toString('hex')}`;
/** `sk_` + 43 base64url characters (256 bits). */
export const newAppSecret = () => `sk_${randomBytes(32).toString('base64url')}`;

/** Seals and opens application secrets with the platform's secret key (the data sources' one). */
export function appSecrets(config: Pick<Config, 'datasourceSecretKey' | 'dataDir'>) {
  let key: Buffer | undefined;
  const secretKey = () => {
    key ??= loadSecretKey({ configured: config.datasourceSecretKey, dataDir: config.dataDir });
    return key;
  };
  return {
    seal: (secret: string) => sealSecret(secretKey(), secret),
    open: (sealed: string) => openSecret(secretKey(), sealed),
  };
}
export type AppSecrets = ReturnType<typeof appSecrets>;

export function sign(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

/** Compares a sent signature with the expected one in constant time. */
export function signatureMatches(expected: string, sent: string): boolean {
  if (!/^[0-9a-fA-F]{64}$/.test(sent)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(sent.toLowerCase(), 'hex'));
}
