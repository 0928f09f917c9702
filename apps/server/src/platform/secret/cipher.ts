import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets the server must use again but never show (data-source passwords), sealed with
 * AES-256-GCM. The key comes from the environment or is generated once into the data folder,
 * readable by the server's user only.
 */

const KEY_FILE = 'datasource.key';
const VERSION = 'v1';

/** A 32-byte key given as 64 hex digits or base64; anything else stops the start. */
export function parseSecretKey(text: string, setting = 'DATASOURCE_SECRET_KEY'): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error(`${setting} 须为 32 字节的密钥（64 位十六进制或 base64）`);
  return key;
}

/**
 * The configured key, or the data folder's, created on first use with mode 600. Each secret has its
 * own file (`file`, default the data-source key's) and setting name (`setting`, for the message).
 */
export function loadSecretKey(opts: { configured?: string; dataDir: string; file?: string; setting?: string }): Buffer {
  if (opts.configured) return parseSecretKey(opts.configured, opts.setting);
  const file = path.join(opts.dataDir, opts.file ?? KEY_FILE);
  try {
    return parseSecretKey(readFileSync(file, 'utf8'), opts.setting);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  try {
    // `wx`: two instances starting together do not overwrite each other's key.
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
    chmodSync(file, 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return parseSecretKey(readFileSync(file, 'utf8'), opts.setting);
}

export function sealSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
}

/** Opens a sealed secret; a wrong key or altered text throws (the caller reports it without the text). */
export function openSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split(':');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('密文格式不正确');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
}
