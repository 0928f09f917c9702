import type { BigScreenSnapshot } from '@odp/contracts';
import { integer, jsonb, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';

/**
 * The big screen's answer as last computed (one row, id 1): every panel's aggregates, written by the
 * `bigScreenRefresh` job (and at start when missing), so that each viewer reads one row.
 */
export const bigScreenSnapshots = pgTable('big_screen_snapshot', {
  id: smallint('id').primaryKey(),
  payload: jsonb('payload').$type<BigScreenSnapshot>().notNull(),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
  tookMs: integer('took_ms').notNull(),
});
