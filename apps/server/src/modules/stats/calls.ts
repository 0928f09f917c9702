import { OPEN_CALL_TREND_DAYS, type OpenCallTrend } from '@odp/contracts';
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { catalogues, openCallDaily } from '../../db/schema/index.js';
import { isPublicSql } from '../market/repository.js';

const DAY_MS = 86_400_000;
const UTC8_MS = 8 * 3_600_000;

/** `YYYY-MM-DD` of the Beijing day `daysAgo` days before `now`: the days open_call_daily counts in (call-log.ts). */
const cityDate = (now: Date, daysAgo: number) =>
  new Date(now.getTime() + UTC8_MS - daysAgo * DAY_MS).toISOString().slice(0, 10);

/**
 * 接口调用 of 开放统计: the successful data calls per day of the last OPEN_CALL_TREND_DAYS days, read from
 * open_call_daily. Only public entries count, as for the home page's 调用量 and every other figure of
 * the page; starting from the entries ever called (partial index data_catalog_public_call_idx) reads
 * each one's days by the primary key instead of the whole table.
 */
export async function callTrend(db: Executor, now = new Date()): Promise<OpenCallTrend> {
  const dates = Array.from({ length: OPEN_CALL_TREND_DAYS }, (_, i) => cityDate(now, OPEN_CALL_TREND_DAYS - 1 - i));
  const rows = await db
    .select({ day: openCallDaily.day, calls: sql<string>`sum(${openCallDaily.calls})` })
    .from(catalogues)
    .innerJoin(openCallDaily, eq(openCallDaily.catalogId, catalogues.id))
    .where(
      and(
        isPublicSql,
        sql`${catalogues.callNum} > 0`,
        gte(openCallDaily.day, dates[0]),
        lte(openCallDaily.day, dates[dates.length - 1]),
      ),
    )
    .groupBy(openCallDaily.day);
  const byDay = new Map(rows.map((r) => [r.day, Number(r.calls)]));
  const days = dates.map((date) => ({ date, calls: byDay.get(date) ?? 0 }));
  return { days, total: days.reduce((sum, d) => sum + d.calls, 0) };
}
