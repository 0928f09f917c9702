/**
 * Working days for deadlines (受理、审核、答复时限). Deadlines count in the city's time zone (UTC+8):
 * Saturdays and Sundays are rest days unless listed as 调休 working days, and listed public holidays
 * are rest days too. Both lists are `YYYY-MM-DD` dates an administrator keeps in dictionaries.
 */
export type WorkCalendar = { holidays?: ReadonlySet<string>; workdays?: ReadonlySet<string> };

const DAY_MS = 86_400_000;
const ZONE_MS = 8 * 3_600_000;

/** The calendar date (UTC+8) of an instant, as `YYYY-MM-DD`. */
export const localDate = (t: Date): string => new Date(t.getTime() + ZONE_MS).toISOString().slice(0, 10);

export function isWorkingDay(date: string, calendar: WorkCalendar = {}): boolean {
  if (calendar.workdays?.has(date)) return true;
  if (calendar.holidays?.has(date)) return false;
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/**
 * The end (23:59:59.999, UTC+8) of the `days`-th working day after `start`'s date: a request made on
 * Friday with 5 working days is due at the end of the next Friday.
 */
export function addWorkingDays(start: Date, days: number, calendar: WorkCalendar = {}): Date {
  let midnight = Date.parse(`${localDate(start)}T00:00:00Z`) - ZONE_MS;
  let left = Math.max(0, Math.floor(days));
  while (left > 0) {
    midnight += DAY_MS;
    if (isWorkingDay(localDate(new Date(midnight)), calendar)) left -= 1;
  }
  return new Date(midnight + DAY_MS - 1);
}
