import { describe, expect, it } from 'vitest';
import { formatBadge } from './badge';

describe('formatBadge', () => {
  it('is blank when there is nothing to show', () => {
    expect(formatBadge(0)).toBe('');
    expect(formatBadge(undefined)).toBe('');
    expect(formatBadge(null)).toBe('');
    expect(formatBadge(-3)).toBe('');
  });

  it('shows the count up to 99 and 99+ beyond', () => {
    expect(formatBadge(1)).toBe('1');
    expect(formatBadge(99)).toBe('99');
    expect(formatBadge(100)).toBe('99+');
    expect(formatBadge(12345)).toBe('99+');
  });
});
