import { bigint, date, index, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';

/**
 * 统计分析's day counters for what no business table records: per city day (UTC+8), a measure and a
 * key, how many times it happened. `view` counts the detail views of catalogue entries per department
 * (key: org_code), written with the view counter's batches (market/views.ts); `search` counts the
 * terms typed into the public catalogue and site search (key: the normalised term). Nothing about who
 * searched or viewed is kept.
 */
export const statDaily = pgTable(
  'stat_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    measure: varchar('measure', { length: 16 }).notNull(),
    key: varchar('key', { length: 64 }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'stat_daily_pk', columns: [t.day, t.measure, t.key] }),
    index('stat_daily_measure_idx').on(t.measure, t.day),
  ],
);
