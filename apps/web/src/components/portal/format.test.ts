import { describe, expect, it } from 'vitest';
import { formatCounter, formatDate, formatSize, formatTotal, scoreOf } from './format';

describe('formatTotal', () => {
  it('shows the exact total', () => {
    expect(formatTotal(0)).toBe('0');
    expect(formatTotal(86)).toBe('86');
    expect(formatTotal(10000, false)).toBe('10000');
  });
  it('shows "10000+" when the count was capped', () => {
    expect(formatTotal(10000, true)).toBe('10000+');
  });
  it('is 0 for nothing', () => {
    expect(formatTotal(undefined)).toBe('0');
    expect(formatTotal(null, true)).toBe('0+');
  });
});

describe('formatCounter', () => {
  it('uses 万 and 亿 for large numbers', () => {
    expect(formatCounter(9999)).toBe('9999');
    expect(formatCounter(12_345)).toBe('1.2万');
    expect(formatCounter(350_000_000)).toBe('3.5亿');
    expect(formatCounter(undefined)).toBe('0');
  });
});

describe('formatDate / formatSize / scoreOf', () => {
  it('formats', () => {
    expect(formatDate(null)).toBe('-');
    expect(formatDate('2024-03-05T08:00:00+08:00')).toMatch(/^2024-03-0[45]$/);
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(scoreOf('4.25')).toBe(4.3);
    expect(scoreOf(null)).toBe(0);
  });
});
