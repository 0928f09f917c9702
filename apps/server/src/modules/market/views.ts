import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { catalogues as c, catalogueUserViews } from '../../db/schema/index.js';
import { cityDate } from '../../platform/city-days.js';

/** How often an instance writes the views it counted, and how many distinct entries make it write at once. */
const FLUSH_EVERY_MS = 2000;
const MAX_PENDING = 500;

export type ViewCounter = {
  /** One more view of the entry. */
  count(id: string): void;
  /** Views counted here and not yet written. */
  pendingFor(id: string): number;
  /** Writes what is pending (the figures' triggers run once for the batch). */
  flush(): Promise<void>;
  /** Stops the timer after a last write. */
  close(): Promise<void>;
};

const counters = new WeakMap<Db, ViewCounter>();

/**
 * The views of detail pages, counted in memory and written every two seconds in one statement: a
 * view was an UPDATE of the entry's row (and of the portal figures through their triggers) on every
 * request, so readers of a popular entry queued behind each other's row lock. A crash loses at most
 * two seconds of views; the page itself adds those of this instance to what it shows.
 */
export function viewCounterFor(db: Db): ViewCounter {
  const existing = counters.get(db);
  if (existing) return existing;
  let pending = new Map<string, number>();
  let writing: Promise<void> = Promise.resolve();

  const write = async (batch: Map<string, number>) => {
    if (!batch.size) return;
    const values = sql.join(
      [...batch].map(([id, n]) => sql`(${id}::uuid, ${n}::int)`),
      sql`, `,
    );
    try {
      // The same statement adds the batch to the department's views of the day (统计分析's 浏览量 history).
      await db.execute(
        sql`with v(id, n) as (values ${values}),
        u as (update ${c} set view_num = ${c}.view_num + v.n from v where ${c}.id = v.id returning ${c}.org_code, v.n)
        insert into stat_daily (day, measure, key, n)
        select ${cityDate(new Date())}::date, 'view', org_code, sum(n) from u group by org_code
        on conflict (day, measure, key) do update set n = stat_daily.n + excluded.n`,
      );
    } catch {
      // Kept for the next write rather than lost (the database may be restarting).
      for (const [id, n] of batch) pending.set(id, (pending.get(id) ?? 0) + n);
    }
  };
  const flush = () => {
    const batch = pending;
    pending = new Map();
    writing = writing.then(() => write(batch));
    return writing;
  };
  const timer = setInterval(() => void flush(), FLUSH_EVERY_MS);
  timer.unref();

  const counter: ViewCounter = {
    count(id) {
      pending.set(id, (pending.get(id) ?? 0) + 1);
      if (pending.size >= MAX_PENDING) void flush();
    },
    pendingFor: (id) => pending.get(id) ?? 0,
    flush,
    async close() {
      clearInterval(timer);
      counters.delete(db);
      await flush();
    },
  };
  counters.set(db, counter);
  return counter;
}

/** 浏览记录: a signed-in user opened an entry's detail page (the personal centre lists them). */
export async function noteUserView(db: Executor, userId: string, catalogId: string): Promise<void> {
  await db
    .insert(catalogueUserViews)
    .values({ userId, catalogId })
    .onConflictDoUpdate({
      target: [catalogueUserViews.userId, catalogueUserViews.catalogId],
      set: { viewCount: sql`${catalogueUserViews.viewCount} + 1`, lastViewedAt: sql`now()` },
    });
}
