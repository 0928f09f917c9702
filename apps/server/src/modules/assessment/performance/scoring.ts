import type { SchemeItem, Scoring } from '@odp/contracts';

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * An indicator value's score out of 100. Bands: the score of the highest band whose lower bound the
 * value reaches (≥), 0 below every band. Linear: 0 at `min`, 100 at `max`, in between in proportion
 * (reversed when min > max is not allowed by the contract). No value scores 0.
 */
export function itemScore(scoring: Scoring, value: number | null): number {
  if (value === null) return 0;
  if (scoring.kind === 'bands') {
    const band = [...scoring.bands].sort((a, b) => b.min - a.min).find((b) => value >= b.min);
    return band ? band.score : 0;
  }
  const t = (value - scoring.min) / (scoring.max - scoring.min);
  return round2(Math.min(1, Math.max(0, t)) * 100);
}

export type DepartmentScore = {
  orgCode: string;
  score: number;
  rank: number;
  items: { indexId: string; weight: number; value: number | null; score: number; weighted: number }[];
};

/**
 * Every department's weighted score (weights sum to 100, so the total is out of 100) and its rank:
 * equal scores share a rank and the next rank skips (1, 1, 3). Ties are listed by department code.
 */
export function scoreDepartments(
  items: readonly SchemeItem[],
  orgCodes: readonly string[],
  valueFor: (indexId: string, orgCode: string) => number | null,
): DepartmentScore[] {
  const scored = orgCodes.map((orgCode) => {
    const parts = items.map((it) => {
      const value = valueFor(it.indexId, orgCode);
      const score = itemScore(it.scoring, value);
      return { indexId: it.indexId, weight: it.weight, value, score, weighted: round2((score * it.weight) / 100) };
    });
    return { orgCode, score: round2(parts.reduce((s, p) => s + (p.score * p.weight) / 100, 0)), items: parts };
  });
  scored.sort((a, b) => b.score - a.score || a.orgCode.localeCompare(b.orgCode));
  return scored.map((s, i) => {
    const first = scored.findIndex((x) => x.score === s.score);
    return { ...s, rank: first === -1 ? i + 1 : first + 1 };
  });
}

/** Weights must add up to 100 (within rounding of decimals typed in the form). */
export const weightsAddUp = (items: readonly SchemeItem[]) =>
  Math.abs(items.reduce((s, i) => s + i.weight, 0) - 100) < 1e-6;
