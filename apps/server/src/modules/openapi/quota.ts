import {
  DEFAULT_OPEN_QUOTAS,
  OPEN_QUOTA_DICT,
  OPEN_QUOTA_TIERS,
  OpenApiMessages,
  type OpenQuota,
  type OpenQuotaTier,
} from '@odp/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { type Executor, preparedOnce, rowsOf } from '../../db/client.js';
import { dictItems, dicts, openQuotaCounters } from '../../db/schema/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days are counted in UTC+8: a day's quota starts at local midnight. */
const UTC8_MS = 8 * 60 * 60 * 1000;

export type QuotaOutcome = {
  allowed: boolean;
  /** The X-RateLimit-* figures of the window that matters (the one that refused, else the day). */
  limit: number;
  remaining: number;
  /** Unix seconds when that window starts again. */
  reset: number;
  /** Seconds to wait, when refused. */
  retryAfter?: number;
  message?: string;
};

const q = openQuotaCounters;

/**
 * Counts a call in its second and its day at once, each only while under its limit; a window at its
 * limit returns no row. Every counted call runs it: prepared once (see `preparedOnce`).
 */
const takeStatement = (db: Executor, name: string) =>
  db
    .insert(q)
    .values([
      { subject: sql.placeholder('subject'), win: 's', start: sql.placeholder('second'), used: 1 },
      { subject: sql.placeholder('subject'), win: 'd', start: sql.placeholder('day'), used: 1 },
    ])
    .onConflictDoUpdate({
      target: [q.subject, q.win, q.start],
      set: { used: sql`${q.used} + 1` },
      setWhere: sql`${q.used} < case excluded.win when 's' then ${sql.placeholder('perSecond')}::int else ${sql.placeholder('perDay')}::int end`,
    })
    .returning({ win: q.win, used: q.used })
    .prepare(name);

/**
 * Counts one call of `subject` against its per-second and per-day limits in one statement. A window
 * at its limit is not incremented and returns no row, so with any number of instances and
 * concurrent calls exactly `limit` calls of a window pass: the row lock orders the increments.
 */
export async function takeQuota(
  db: Executor,
  subject: string,
  quota: OpenQuota,
  now = Date.now(),
): Promise<QuotaOutcome> {
  const second = Math.floor(now / 1000);
  const day = Math.floor((now + UTC8_MS) / DAY_MS);
  const dayReset = Math.floor(((day + 1) * DAY_MS - UTC8_MS) / 1000);
  if (quota.perSecond < 1 || quota.perDay < 1) {
    return {
      allowed: false,
      limit: 0,
      remaining: 0,
      reset: dayReset,
      retryAfter: dayReset - second,
      message: OpenApiMessages.perDay,
    };
  }
  const rows = await preparedOnce(db, 'open_take_quota', takeStatement).execute({
    subject,
    second,
    day,
    perSecond: quota.perSecond,
    perDay: quota.perDay,
  });
  const used = new Map(rows.map((r) => [r.win, Number(r.used)]));
  const dayUsed = used.get('d');
  if (dayUsed === undefined) {
    return {
      allowed: false,
      limit: quota.perDay,
      remaining: 0,
      reset: dayReset,
      retryAfter: Math.max(1, dayReset - second),
      message: OpenApiMessages.perDay,
    };
  }
  if (used.get('s') === undefined) {
    return {
      allowed: false,
      limit: quota.perSecond,
      remaining: 0,
      reset: second + 1,
      retryAfter: 1,
      message: OpenApiMessages.perSecond,
    };
  }
  return { allowed: true, limit: quota.perDay, remaining: quota.perDay - dayUsed, reset: dayReset };
}

/**
 * The quota subject of a grant with a day limit of its own (an open application's): counted per grant,
 * so that moving the grant to another of the applicant's apps keeps today's count.
 */
export const grantQuotaSubject = (grantId: string) => `grant:${grantId}`;

/** Calls counted today (UTC+8) in the day window of each subject; absent subjects made none. */
export async function usedToday(db: Executor, subjects: string[], now = Date.now()): Promise<Map<string, number>> {
  if (!subjects.length) return new Map();
  const day = Math.floor((now + UTC8_MS) / DAY_MS);
  const rows = await rowsOf<{ subject: string; used: number }>(
    db,
    sql`select subject, used from open_quota
      where win = 'd' and start = ${day}::bigint and subject in (${sql.join(
        subjects.map((s) => sql`${s}`),
        sql`, `,
      )})`,
  );
  return new Map(rows.map((r) => [r.subject, Number(r.used)]));
}

const CACHE_MS = 30_000;
let cached: { at: number; quotas: Record<OpenQuotaTier, OpenQuota> } | null = null;

/**
 * Each tier's limits from dict `open_api_quota` (items `<tier>.second` and `<tier>.day`, the number as
 * the item's text); a missing, disabled or unreadable item keeps the shipped default. Read at most
 * every 30 s per instance, so a changed limit applies within that time.
 */
export async function quotasOf(db: Executor, now = Date.now()): Promise<Record<OpenQuotaTier, OpenQuota>> {
  if (cached && now - cached.at < CACHE_MS) return cached.quotas;
  const items = await db
    .select({ value: dictItems.itemValue, text: dictItems.itemText })
    .from(dictItems)
    .innerJoin(dicts, eq(dicts.id, dictItems.dictId))
    .where(and(eq(dicts.dictCode, OPEN_QUOTA_DICT), eq(dictItems.status, 1)));
  const set = new Map(items.map((i) => [i.value, Number.parseInt(i.text, 10)]));
  const pick = (key: string, fallback: number) => {
    const n = set.get(key);
    return n !== undefined && Number.isSafeInteger(n) && n >= 0 ? n : fallback;
  };
  const quotas = Object.fromEntries(
    OPEN_QUOTA_TIERS.map((tier) => [
      tier,
      {
        perSecond: pick(`${tier}.second`, DEFAULT_OPEN_QUOTAS[tier].perSecond),
        perDay: pick(`${tier}.day`, DEFAULT_OPEN_QUOTAS[tier].perDay),
      },
    ]),
  ) as Record<OpenQuotaTier, OpenQuota>;
  cached = { at: now, quotas };
  return quotas;
}

/** Forgets the cached limits (after a dictionary change in tests). */
export function forgetQuotas() {
  cached = null;
}
