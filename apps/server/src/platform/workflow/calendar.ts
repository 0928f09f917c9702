import type { WorkCalendar } from '@odp/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { dictItems, dicts } from '../../db/schema/index.js';

/** Dictionaries an administrator keeps each year: 法定节假日 and 调休上班日, as `YYYY-MM-DD` item values. */
export const CALENDAR_DICTS = { holidays: 'legal_holiday', workdays: 'adjusted_workday' } as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The working-day calendar for deadlines; without the dictionaries, Monday to Friday. */
export async function loadWorkCalendar(db: Executor): Promise<WorkCalendar> {
  const rows = await db
    .select({ code: dicts.dictCode, value: dictItems.itemValue })
    .from(dictItems)
    .innerJoin(dicts, eq(dicts.id, dictItems.dictId))
    .where(and(inArray(dicts.dictCode, Object.values(CALENDAR_DICTS)), eq(dictItems.status, 1)));
  const of = (code: string) => new Set(rows.filter((r) => r.code === code && DATE.test(r.value)).map((r) => r.value));
  return { holidays: of(CALENDAR_DICTS.holidays), workdays: of(CALENDAR_DICTS.workdays) };
}
