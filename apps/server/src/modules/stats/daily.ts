import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { statDaily } from '../../db/schema/index.js';
import { cityDate } from '../../platform/city-days.js';

/** How often an instance writes what it counted, and how many distinct keys make it write at once. */
const FLUSH_EVERY_MS = 5000;
const MAX_PENDING = 500;
/** Terms longer than this are cut (the key column); shorter than 1 character after trimming are not counted. */
const TERM_MAX = 32;

/** A search term as it is counted: trimmed, inner spaces collapsed, Latin letters in lower case. */
export function normaliseTerm(text: string | null | undefined): string | null {
  const term = (text ?? '').replace(/\s+/g, ' ').trim().toLowerCase().slice(0, TERM_MAX).trim();
  return term ? term : null;
}

export type DailyCounter = {
  /** One more occurrence of `key` under `measure`, on today's city date. */
  count(measure: string, key: string): void;
  flush(): Promise<void>;
  close(): Promise<void>;
};

const counters = new WeakMap<Db, DailyCounter>();

/**
 * stat_daily's counts gathered in memory and written every few seconds in one upsert, so that a popular
 * search term does not make every request wait on the same row's lock. A crash loses at most those
 * seconds of counts.
 */
export function dailyCounterFor(db: Db): DailyCounter {
  const existing = counters.get(db);
  if (existing) return existing;
  let pending = new Map<string, { day: string; measure: string; key: string; n: number }>();
  let writing: Promise<void> = Promise.resolve();
  const write = async (batch: typeof pending) => {
    if (!batch.size) return;
    const values = [...batch.values()];
    try {
      await db
        .insert(statDaily)
        .values(values)
        .onConflictDoUpdate({
          target: [statDaily.day, statDaily.measure, statDaily.key],
          set: { n: sql`${statDaily.n} + excluded.n` },
        });
    } catch {
      // Kept for the next write rather than lost (the database may be restarting).
      for (const [k, v] of batch) {
        const p = pending.get(k);
        pending.set(k, p ? { ...p, n: p.n + v.n } : v);
      }
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
  const counter: DailyCounter = {
    count(measure, key) {
      const day = cityDate(new Date());
      const k = `${day}\u0000${measure}\u0000${key}`;
      const p = pending.get(k);
      pending.set(k, { day, measure, key, n: (p?.n ?? 0) + 1 });
      if (pending.size >= MAX_PENDING) void flush();
    },
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

/** 关注热度: a term typed into the public catalogue or site search (its first page only, not every page turn). */
export function noteSearch(db: Db, text: string | null | undefined): void {
  const term = normaliseTerm(text);
  if (term) dailyCounterFor(db).count('search', term);
}
