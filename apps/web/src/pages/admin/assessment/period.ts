import { type PeriodType, periodLabel, periodOf } from '@odp/contracts/constants';

const HOW_MANY: Record<PeriodType, number> = { month: 12, quarter: 8, year: 5 };

/** The recent periods of a type, newest first, as select options (city calendar). */
export function recentPeriods(type: PeriodType, now = new Date()) {
  return Array.from({ length: HOW_MANY[type] }, (_, back) => {
    const key = periodOf(type, now, back);
    return { value: key, label: periodLabel(type, key) };
  });
}
