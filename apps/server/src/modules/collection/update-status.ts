import { UPDATE_STATUS, UPDATE_STEPS } from '@odp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** The step of each 更新频率 as a PostgreSQL interval; built from the contract's table, so both agree. */
function stepOf(frequency: AnyPgColumn): SQL {
  const cases = Object.entries(UPDATE_STEPS).map(([code, step]) =>
    'ms' in step
      ? sql`when ${code} then make_interval(secs => ${step.ms / 1000})`
      : sql`when ${code} then make_interval(months => ${step.months})`,
  );
  return sql`(case ${frequency} ${sql.join(cases, sql` `)} end)`;
}

/**
 * 更新状态 in SQL, the same rule as the contract's `updateStatusOf`: never updated is 待更新; before
 * the next due time 已更新; then 待更新 for one more step (at most a day); then 更新已超时. 不定期 is
 * always 已更新. Lets a list filter, count and page by the status in the database.
 */
export function updateStatusSql(frequency: AnyPgColumn, lastUpdate: AnyPgColumn, now: Date): SQL<string> {
  const step = stepOf(frequency);
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql<string>`(case
    when ${lastUpdate} is null then ${UPDATE_STATUS.due}
    when ${step} is null then ${UPDATE_STATUS.updated}
    when ${at} < ${lastUpdate} + ${step} then ${UPDATE_STATUS.updated}
    when ${at} < ${lastUpdate} + ${step} + least(interval '1 day', ${step}) then ${UPDATE_STATUS.due}
    else ${UPDATE_STATUS.overdue} end)`;
}

/** When the next update is due (null for 不定期 or data never updated), by the same steps. */
export function nextDueSql(frequency: AnyPgColumn, lastUpdate: AnyPgColumn): SQL<Date | null> {
  return sql<Date | null>`(${lastUpdate} + ${stepOf(frequency)})`;
}
