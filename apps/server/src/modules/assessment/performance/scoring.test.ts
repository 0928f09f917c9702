import type { SchemeItem } from '@odp/contracts';
import { describe, expect, it } from 'vitest';
import { itemScore, scoreDepartments, weightsAddUp } from './scoring.js';

const bands = {
  kind: 'bands' as const,
  bands: [
    { min: 80, score: 80 },
    { min: 95, score: 100 },
    { min: 60, score: 60 },
  ],
};

describe('itemScore', () => {
  it('takes the highest band reached, whatever order the bands were typed in', () => {
    expect(itemScore(bands, 100)).toBe(100);
    expect(itemScore(bands, 95)).toBe(100);
    expect(itemScore(bands, 94.99)).toBe(80);
    expect(itemScore(bands, 80)).toBe(80);
    expect(itemScore(bands, 60)).toBe(60);
    expect(itemScore(bands, 59.9)).toBe(0);
    expect(itemScore(bands, null)).toBe(0);
  });

  it('scales linearly between the bounds and clamps outside them', () => {
    const linear = { kind: 'linear' as const, min: 50, max: 100 };
    expect(itemScore(linear, 75)).toBe(50);
    expect(itemScore(linear, 90)).toBe(80);
    expect(itemScore(linear, 120)).toBe(100);
    expect(itemScore(linear, 10)).toBe(0);
    expect(itemScore(linear, null)).toBe(0);
  });
});

describe('scoreDepartments', () => {
  const items: SchemeItem[] = [
    { indexId: 'rate', weight: 60, scoring: bands },
    { indexId: 'count', weight: 40, scoring: { kind: 'linear', min: 0, max: 10 } },
  ];
  const data: Record<string, Record<string, number | null>> = {
    A: { rate: 96, count: 5 }, // 60 + 40 × 0.5 = 80
    B: { rate: 85, count: 10 }, // 48 + 40 = 88
    C: { rate: 70, count: 10 }, // 36 + 40 = 76
    D: { rate: 96, count: 5 }, // 80, ties with A
    E: { rate: null, count: null }, // 0
  };
  const result = scoreDepartments(items, Object.keys(data), (i, o) => data[o][i] ?? null);

  it('weights the item scores into a total out of 100', () => {
    const by = Object.fromEntries(result.map((r) => [r.orgCode, r]));
    expect(by.A.score).toBe(80);
    expect(by.B.score).toBe(88);
    expect(by.C.score).toBe(76);
    expect(by.E.score).toBe(0);
    expect(by.B.items).toEqual([
      { indexId: 'rate', weight: 60, value: 85, score: 80, weighted: 48 },
      { indexId: 'count', weight: 40, value: 10, score: 100, weighted: 40 },
    ]);
  });

  it('ranks by score; equal scores share a rank and the next one skips', () => {
    expect(result.map((r) => [r.orgCode, r.rank])).toEqual([
      ['B', 1],
      ['A', 2],
      ['D', 2],
      ['C', 4],
      ['E', 5],
    ]);
  });

  it('checks that weights add up to 100', () => {
    expect(weightsAddUp(items)).toBe(true);
    expect(
      weightsAddUp([
        { ...items[0], weight: 33.3 },
        { ...items[1], weight: 66.7 },
      ]),
    ).toBe(true);
    expect(weightsAddUp([{ ...items[0], weight: 50 }, items[1]])).toBe(false);
  });
});
