import { describe, expect, it } from 'vitest';
import { periodOptions } from './periods';

describe('periodOptions', () => {
  // 2026-01-01 03:00 in the city is still 2025-12-31 19:00 UTC.
  const now = new Date('2025-12-31T19:00:00Z');
  it('starts at the city’s current period and goes back across years', () => {
    expect(periodOptions('month', now).slice(0, 2)).toEqual([
      { value: '2026-01', label: '2026年1月' },
      { value: '2025-12', label: '2025年12月' },
    ]);
    expect(
      periodOptions('quarter', now)
        .slice(0, 2)
        .map((o) => o.value),
    ).toEqual(['2026-Q1', '2025-Q4']);
    expect(periodOptions('year', now).map((o) => o.value)).toEqual(['2026', '2025', '2024', '2023', '2022', '2021']);
  });
});
