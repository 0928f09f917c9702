import { describe, expect, it } from 'vitest';
import { formatCount } from './index-page.js';

describe('formatCount', () => {
  it('keeps small numbers as they are', () => {
    expect(formatCount(0)).toEqual({ value: '0', unit: '' });
    expect(formatCount(9999)).toEqual({ value: '9999', unit: '' });
  });
  it('switches to 万 and 亿', () => {
    expect(formatCount(12_345)).toEqual({ value: '1.23', unit: '万' });
    expect(formatCount(20_000)).toEqual({ value: '2', unit: '万' });
    expect(formatCount(350_000_000)).toEqual({ value: '3.5', unit: '亿' });
  });
});
