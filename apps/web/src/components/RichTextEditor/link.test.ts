import { describe, expect, it } from 'vitest';
import { isBlankHtml, normaliseLink } from './link';

describe('normaliseLink', () => {
  it.each([
    ['https://data.example.cn/a?b=1', 'https://data.example.cn/a?b=1'],
    ['http://x.cn', 'http://x.cn'],
    ['mailto:open@example.cn', 'mailto:open@example.cn'],
    ['/catalogue/datacatalogue', '/catalogue/datacatalogue'],
    ['www.example.cn/path', 'https://www.example.cn/path'],
  ])('keeps %s', (input, out) => expect(normaliseLink(input)).toBe(out));

  it.each(['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,x', '//evil.example', '', '  ', 'vbscript:x'])(
    'refuses %s',
    (input) => expect(normaliseLink(input)).toBeNull(),
  );
});

describe('isBlankHtml', () => {
  it('sees through empty markup', () => {
    expect(isBlankHtml('<p><br></p>')).toBe(true);
    expect(isBlankHtml('<p>&nbsp;</p>')).toBe(true);
    expect(isBlankHtml('<p>文</p>')).toBe(false);
    expect(isBlankHtml('<img src="/a.png">')).toBe(false);
  });
});
