import { type CharKind, type CheckRuleSegment, describeSegment } from '@odp/contracts';

/** Shared with the web, which lists segments in the same words. */
export { describeSegment };

const between = (c: number, lo: number, hi: number) => c >= lo && c <= hi;
const isDigit = (c: number) => between(c, 0x30, 0x39);
const isUpper = (c: number) => between(c, 0x41, 0x5a);
const isLower = (c: number) => between(c, 0x61, 0x7a);
/** CJK unified ideographs: the basic block, extension A, extensions B–G and the compatibility block. */
const isChinese = (c: number) =>
  between(c, 0x4e00, 0x9fff) ||
  between(c, 0x3400, 0x4dbf) ||
  between(c, 0xf900, 0xfaff) ||
  between(c, 0x20000, 0x2ebef) ||
  between(c, 0x30000, 0x3134f);

/** Each kind is a fixed test: nothing from the rule or the value is ever compiled into a pattern. */
const CLASS_TESTS: Record<CharKind, (codePoint: number) => boolean> = {
  digit: isDigit,
  upper: isUpper,
  lower: isLower,
  letter: (c) => isUpper(c) || isLower(c),
  alnum: (c) => isUpper(c) || isLower(c) || isDigit(c),
  chinese: isChinese,
};

export type MatchResult =
  | { ok: true }
  /** `mismatch`: no way to satisfy the segment; `extra`: all segments matched but characters remain. */
  | { ok: false; segment: number; reason: 'mismatch' | 'extra' };

function bounds(s: Exclude<CheckRuleSegment, { kind: 'literal' }>): [min: number, max: number] {
  if (s.length !== undefined) return [s.length, s.length];
  return [s.minLength ?? 0, s.maxLength ?? Number.POSITIVE_INFINITY];
}

/**
 * Matches the whole value against the segments in order. Tracks the set of positions each segment
 * can end at (a breadth-first simulation), so variable-length segments never backtrack: time is
 * O(segments × characters), plus the literal lengths for literal segments. Characters are code
 * points, so one 汉字 outside the basic plane counts once.
 */
export function matchSegments(segments: readonly CheckRuleSegment[], value: string): MatchResult {
  const chars = Array.from(value, (ch) => ch.codePointAt(0) as number);
  const n = chars.length;
  let reach = new Uint8Array(n + 1);
  reach[0] = 1;
  for (const [index, segment] of segments.entries()) {
    const next = new Uint8Array(n + 1);
    let any = false;
    if (segment.kind === 'literal') {
      const literal = Array.from(segment.value, (ch) => ch.codePointAt(0) as number);
      for (let p = 0; p + literal.length <= n; p++) {
        if (!reach[p]) continue;
        let k = 0;
        while (k < literal.length && chars[p + k] === literal[k]) k++;
        if (k === literal.length) {
          next[p + literal.length] = 1;
          any = true;
        }
      }
    } else {
      const test = CLASS_TESTS[segment.kind];
      const [min, max] = bounds(segment);
      // run[p]: how many characters of the class start at p.
      const run = new Uint32Array(n + 1);
      for (let p = n - 1; p >= 0; p--) run[p] = test(chars[p]) ? run[p + 1] + 1 : 0;
      // Each reachable p can end anywhere in [p + min, p + min(max, run[p])]: mark the ranges with a difference array.
      const delta = new Int32Array(n + 2);
      for (let p = 0; p <= n; p++) {
        if (!reach[p]) continue;
        const lo = p + min;
        const hi = p + Math.min(max, run[p]);
        if (lo <= hi) {
          delta[lo]++;
          delta[hi + 1]--;
        }
      }
      let open = 0;
      for (let q = 0; q <= n; q++) {
        open += delta[q];
        if (open > 0) {
          next[q] = 1;
          any = true;
        }
      }
    }
    if (!any) return { ok: false, segment: index, reason: 'mismatch' };
    reach = next;
  }
  return reach[n] ? { ok: true } : { ok: false, segment: segments.length - 1, reason: 'extra' };
}

/** Why a value failed, naming the segment, for the 400 message. */
export function explainFailure(
  segments: readonly CheckRuleSegment[],
  result: Exclude<MatchResult, { ok: true }>,
): string {
  const ordinal = `第 ${result.segment + 1} 段`;
  const described = describeSegment(segments[result.segment]);
  return result.reason === 'extra'
    ? `校验未通过：${ordinal}（${described}）之后有多余字符`
    : `校验未通过：${ordinal}（${described}）不符合要求`;
}
