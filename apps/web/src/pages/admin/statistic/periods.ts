import { currentPeriod, periodBounds, type StatPeriodType } from '@odp/contracts';

/** How many periods back the picker offers. */
const BACK: Record<StatPeriodType, number> = { month: 24, quarter: 12, year: 6 };

/** The periods a user may pick, newest first, each with its Chinese label. */
export function periodOptions(type: StatPeriodType, now = new Date()): { value: string; label: string }[] {
  const current = currentPeriod(type, now);
  const year = Number(current.slice(0, 4));
  const out: string[] = [];
  if (type === 'year') for (let i = 0; i < BACK.year; i++) out.push(String(year - i));
  if (type === 'quarter') {
    const q = Number(current.slice(-1));
    for (let i = 0; i < BACK.quarter; i++) {
      const index = year * 4 + (q - 1) - i;
      out.push(`${Math.floor(index / 4)}-Q${(index % 4) + 1}`);
    }
  }
  if (type === 'month') {
    const m = Number(current.slice(5, 7));
    for (let i = 0; i < BACK.month; i++) {
      const index = year * 12 + (m - 1) - i;
      out.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`);
    }
  }
  return out.map((value) => ({ value, label: periodBounds(type, value).label }));
}
