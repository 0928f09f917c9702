import type { CheckRuleSegment } from '@odp/contracts';
import { describe, expect, it } from 'vitest';
import { describeSegment, explainFailure, matchSegments } from './matcher.js';

const CATALOG_CODE: CheckRuleSegment[] = [
  { kind: 'digit', length: 1 },
  { kind: 'literal', value: '-' },
  { kind: 'digit', length: 2 },
  { kind: 'literal', value: '-' },
  { kind: 'digit', length: 3 },
  { kind: 'literal', value: '-' },
  { kind: 'digit', length: 4 },
];

const ORG_CODE: CheckRuleSegment[] = [
  { kind: 'upper', length: 2 },
  { kind: 'alnum', minLength: 1, maxLength: 1 },
  { kind: 'digit', minLength: 2, maxLength: 3 },
];

const explain = (segments: CheckRuleSegment[], value: string) => {
  const r = matchSegments(segments, value);
  return r.ok ? null : explainFailure(segments, r);
};

describe('matchSegments', () => {
  it('accepts values that fit every segment and nothing more', () => {
    expect(matchSegments(CATALOG_CODE, '3-06-001-0001')).toEqual({ ok: true });
    for (const v of ['BJ001', 'BJQ01', 'BJ0012', 'ABc12']) expect(matchSegments(ORG_CODE, v), v).toEqual({ ok: true });
  });

  it('names the first segment that cannot be satisfied', () => {
    expect(matchSegments(CATALOG_CODE, '3-6-001-0001')).toEqual({ ok: false, segment: 2, reason: 'mismatch' });
    expect(matchSegments(CATALOG_CODE, '3_06-001-0001')).toEqual({ ok: false, segment: 1, reason: 'mismatch' });
    expect(matchSegments(CATALOG_CODE, '')).toEqual({ ok: false, segment: 0, reason: 'mismatch' });
    expect(matchSegments(ORG_CODE, 'bj001')).toEqual({ ok: false, segment: 0, reason: 'mismatch' });
    expect(matchSegments(ORG_CODE, 'BJ-01')).toEqual({ ok: false, segment: 1, reason: 'mismatch' });
    expect(matchSegments(ORG_CODE, 'BJQ1')).toEqual({ ok: false, segment: 2, reason: 'mismatch' });
  });

  it('reports characters left over after the last segment', () => {
    expect(matchSegments(CATALOG_CODE, '3-06-001-00012')).toEqual({ ok: false, segment: 6, reason: 'extra' });
    expect(matchSegments(ORG_CODE, 'BJ00123')).toEqual({ ok: false, segment: 2, reason: 'extra' });
  });

  it('tries every split of variable-length segments', () => {
    // The greedy letter run must give one letter back to the upper-case segment.
    const rule: CheckRuleSegment[] = [
      { kind: 'letter', minLength: 1, maxLength: 10 },
      { kind: 'upper', length: 1 },
      { kind: 'digit', minLength: 0, maxLength: 2 },
    ];
    expect(matchSegments(rule, 'abcD')).toEqual({ ok: true });
    expect(matchSegments(rule, 'abcD12')).toEqual({ ok: true });
    expect(matchSegments(rule, 'abcd')).toEqual({ ok: false, segment: 1, reason: 'mismatch' });
  });

  it('knows each character class', () => {
    const one = (kind: Exclude<CheckRuleSegment['kind'], 'literal'>, v: string) =>
      matchSegments([{ kind, length: Array.from(v).length }], v).ok;
    expect(one('digit', '0123456789')).toBe(true);
    expect(one('digit', '１')).toBe(false); // full-width digit
    expect(one('upper', 'AZ')).toBe(true);
    expect(one('upper', 'Az')).toBe(false);
    expect(one('lower', 'az')).toBe(true);
    expect(one('letter', 'aZ')).toBe(true);
    expect(one('letter', 'a1')).toBe(false);
    expect(one('alnum', 'a1Z')).toBe(true);
    expect(one('alnum', 'a_')).toBe(false);
    expect(one('chinese', '滨江市㐀𠀀')).toBe(true); // basic, extension A, extension B (outside the basic plane)
    expect(one('chinese', '滨江，')).toBe(false);
  });

  it('treats literal text and pattern-like characters literally', () => {
    const rule: CheckRuleSegment[] = [
      { kind: 'literal', value: '.*' },
      { kind: 'digit', length: 1 },
    ];
    expect(matchSegments(rule, '.*1').ok).toBe(true);
    expect(matchSegments(rule, 'ab1').ok).toBe(false);
  });

  it('stays linear on inputs that make backtracking matchers explode', () => {
    const rule: CheckRuleSegment[] = [
      ...Array.from({ length: 30 }, () => ({ kind: 'alnum', minLength: 0, maxLength: 1000 }) as CheckRuleSegment),
      { kind: 'literal', value: '!' },
    ];
    const value = 'a'.repeat(500);
    const started = performance.now();
    expect(matchSegments(rule, value)).toEqual({ ok: false, segment: 30, reason: 'mismatch' });
    expect(performance.now() - started).toBeLessThan(200);
  });
  it('returns on a 100 000-character adversarial value', () => {
    // Every optional segment could end anywhere: a backtracking matcher would try the splits one by
    // one; this one keeps a set of end positions per segment and finishes in one pass each.
    const rule: CheckRuleSegment[] = [
      ...Array.from({ length: 31 }, () => ({ kind: 'letter', minLength: 0, maxLength: 1000 }) as CheckRuleSegment),
      { kind: 'digit', length: 1 },
    ];
    const value = `${'a'.repeat(100_000)}!`;
    expect(matchSegments(rule, value)).toEqual({ ok: false, segment: 31, reason: 'mismatch' });
    const fits = `${'a'.repeat(31_000)}7`;
    expect(matchSegments(rule, fits)).toEqual({ ok: true });
    expect(matchSegments(rule, `a${fits}`)).toEqual({ ok: false, segment: 31, reason: 'mismatch' });
  });
});

describe('describeSegment and explainFailure', () => {
  it('say in Chinese what a segment asks for', () => {
    expect(describeSegment({ kind: 'digit', length: 4 })).toBe('4 位数字');
    expect(describeSegment({ kind: 'digit', minLength: 2, maxLength: 3 })).toBe('2 至 3 位数字');
    expect(describeSegment({ kind: 'alnum', minLength: 1, maxLength: 1 })).toBe('1 位字母或数字');
    expect(describeSegment({ kind: 'chinese', minLength: 2 })).toBe('至少 2 位汉字');
    expect(describeSegment({ kind: 'upper', maxLength: 3 })).toBe('至多 3 位大写字母');
    expect(describeSegment({ kind: 'literal', value: '-' })).toBe('“-”');
  });

  it('name the failing segment', () => {
    expect(explain(CATALOG_CODE, '3-6-001-0001')).toBe('校验未通过：第 3 段（2 位数字）不符合要求');
    expect(explain(ORG_CODE, 'BJ00123')).toBe('校验未通过：第 3 段（2 至 3 位数字）之后有多余字符');
    expect(explain(ORG_CODE, 'BJ001')).toBeNull();
  });
});
