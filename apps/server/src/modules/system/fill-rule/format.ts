import type { FillDateFormat, FillReset, FillRuleJson } from '@odp/contracts';

/**
 * The calendar date in Asia/Shanghai as YYYYMMDD. China has kept UTC+8 without daylight saving
 * since 1991, so a fixed offset is exact and does not depend on the server's time-zone data.
 */
export function shanghaiDate(now: Date): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
}

const DATE_LENGTH: Record<FillDateFormat, number> = { YYYY: 4, YYYYMM: 6, YYYYMMDD: 8 };
const PERIOD_LENGTH: Record<Exclude<FillReset, 'never'>, number> = { yearly: 4, monthly: 6, daily: 8 };

/** The period the sequence counts within: a new day/month/year starts again at 1; `never` has one period. */
export function periodOf(reset: FillReset, now: Date): string {
  return reset === 'never' ? 'all' : shanghaiDate(now).slice(0, PERIOD_LENGTH[reset]);
}

/** The sys_code_sequence key of a rule in a period; the rule code is at most 50 characters, so it fits 64. */
export function sequenceKey(ruleCode: string, reset: FillReset, now: Date): string {
  return `fill:${ruleCode}:${periodOf(reset, now)}`;
}

export function seqPartOf(parts: FillRuleJson) {
  const seq = parts.find((p) => p.type === 'seq');
  // The schema guarantees exactly one; a stored rule is parsed with it before it gets here.
  if (seq?.type !== 'seq') throw new Error('fill rule without a sequence part');
  return seq;
}

/**
 * The value for sequence number `n`. A number longer than the part's length is kept whole rather
 * than cut to the length: a truncated number would repeat earlier ones, and uniqueness matters
 * more than the width (e.g. length 4 and n = 12345 gives …12345).
 */
export function renderValue(parts: FillRuleJson, n: number, now: Date): string {
  const date = shanghaiDate(now);
  return parts
    .map((part) => {
      if (part.type === 'text') return part.value;
      if (part.type === 'date') return date.slice(0, DATE_LENGTH[part.format]);
      return String(n).padStart(part.length, '0');
    })
    .join('');
}
