import { localDate } from '@odp/contracts';

/**
 * Periods of grants and applications are whole days of the city's calendar (UTC+8): a period starts
 * at its first day's midnight and ends at the midnight after its last day.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const UTC8_MS = 8 * 60 * 60 * 1000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The city's date of an instant, YYYY-MM-DD. */
export const cityDate = (at: Date) => localDate(at);

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isRealDate(date: string): boolean {
  if (!DATE.test(date)) return false;
  const t = Date.parse(`${date}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === date;
}

/** The instant a city date begins. */
export const dayStart = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - UTC8_MS);

/** The instant a city date ends (the next day's beginning): a grant ending on it is over from then. */
export const dayEnd = (date: string) => new Date(dayStart(date).getTime() + DAY_MS);

/** The same day `years` later (29 February becomes 1 March). */
export function addYears(date: string, years: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: Date, to: Date) => Math.floor((to.getTime() - from.getTime()) / DAY_MS);
