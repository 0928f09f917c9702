import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSecretKey, openSecret, parseSecretKey, sealSecret } from './cipher.js';

const dir = mkdtempSync(path.join(tmpdir(), 'odp-secret-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sealed secrets', () => {
  it('seals with a fresh IV each time and opens only with the same key, untouched', () => {
    const key = randomBytes(32);
    const a = sealSecret(key, '口令 p@ss');
    const b = sealSecret(key, '口令 p@ss');
    expect(a).not.toBe(b);
    expect(a).not.toContain('p@ss');
    expect(openSecret(key, a)).toBe('口令 p@ss');
    expect(() => openSecret(randomBytes(32), a)).toThrow();
    const parts = a.split(':');
    parts[3] = Buffer.from('tampered').toString('base64');
    expect(() => openSecret(key, parts.join(':'))).toThrow();
  });

  it('generates the data folder key once, mode 600, and reads it back', () => {
    const first = loadSecretKey({ dataDir: dir });
    const second = loadSecretKey({ dataDir: dir });
    expect(first.equals(second)).toBe(true);
    const file = path.join(dir, 'datasource.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toHaveLength(64);
  });

  it('makes a data folder that does not exist yet (the first secret sealed before anything else wrote there)', () => {
    const fresh = path.join(dir, 'not-yet', 'data');
    const key = loadSecretKey({ dataDir: fresh });
    expect(readFileSync(path.join(fresh, 'datasource.key'), 'utf8').trim()).toBe(key.toString('hex'));
  });

  it('takes a configured key in hex or base64 and refuses one of the wrong length', () => {
    const key = randomBytes(32);
    expect(loadSecretKey({ configured: key.toString('hex'), dataDir: dir }).equals(key)).toBe(true);
    expect(parseSecretKey(key.toString('base64')).equals(key)).toBe(true);
    expect(() => parseSecretKey('short')).toThrow(/32 字节/);
  });
});
