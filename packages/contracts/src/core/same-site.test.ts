import { describe, expect, it } from 'vitest';
import { optionalSameSitePath } from './fields.js';
import { isSameSitePath, sameSiteMessage, sameSitePathOr } from './same-site.js';

describe('same-site paths', () => {
  it.each([
    '/',
    '/catalogue/datacatalogue',
    '/cataloguemanage/list?id=1&tab=2#top',
    '/search?q=%E6%95%B0%E6%8D%AE',
    '/a/b%20c',
    '/数据目录',
  ])('accepts %s', (path) => {
    expect(isSameSitePath(path)).toBe(true);
  });

  it.each([
    ['protocol-relative', '//evil.example/x'],
    ['backslash host', '/\\evil.example'],
    ['double backslash', '\\\\evil.example'],
    ['backslash inside', '/a\\b'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['http scheme', 'http://evil.example'],
    ['https scheme', 'https://evil.example/'],
    ['data scheme', 'data:text/html,<script>alert(1)</script>'],
    ['relative', 'catalogue'],
    ['empty', ''],
    ['tab inside', '/\t/evil.example'],
    ['newline inside', '/\n/evil.example'],
    ['leading space', ' /ok'],
    ['encoded slash', '/%2Fevil.example'],
    ['encoded backslash', '/%5Cevil.example'],
    ['double-encoded slash', '/%252Fevil.example'],
    ['encoded tab', '/%09/evil.example'],
    ['encoded NUL', '/a%00'],
    ['malformed escape', '/a%E0%A4%A'],
    ['too long', `/${'a'.repeat(2048)}`],
  ])('refuses %s', (_name, path) => {
    expect(isSameSitePath(path)).toBe(false);
  });

  it('refuses what is not a string', () => {
    expect(isSameSitePath(null)).toBe(false);
    expect(isSameSitePath(42)).toBe(false);
  });

  it('falls back for a redirect from elsewhere', () => {
    expect(sameSitePathOr('/admin/home', '/')).toBe('/admin/home');
    expect(sameSitePathOr('//evil.example', '/')).toBe('/');
    expect(sameSitePathOr(null, '/home')).toBe('/home');
  });

  it('stores blank as null and names the field when refusing', () => {
    const schema = optionalSameSitePath('打开页面', 255);
    expect(schema.parse(' ')).toBeNull();
    expect(schema.parse(undefined)).toBeNull();
    expect(schema.parse(' /a ')).toBe('/a');
    const refused = schema.safeParse('https://evil.example');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.message)).toEqual([sameSiteMessage('打开页面')]);
    expect(schema.safeParse(`/${'a'.repeat(255)}`).error?.issues.map((i) => i.message)).toEqual([
      '打开页面不能超过 255 个字符',
    ]);
  });
});
