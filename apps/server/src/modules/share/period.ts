/**
 * A share period is whole days of the city's calendar (UTC+8): it starts at the first day's midnight
 * and ends at the midnight after its last day.
 */

const UTC8_MS = 8 * 3_600_000;
const DAY_MS = 24 * 3_600_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The date (YYYY-MM-DD) it is in the city at `at`. */
export const cityDate = (at: Date) => new Date(at.getTime() + UTC8_MS).toISOString().slice(0, 10);

/** Whether `value` is a real calendar date (2026-02-30 is not). */
export function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The instant the day begins in the city. */
export const dayStart = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - UTC8_MS);

/** The instant after the day ends in the city: a grant ending on it is over from then. */
export const dayEnd = (date: string) => new Date(dayStart(date).getTime() + DAY_MS);
