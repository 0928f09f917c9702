import { ShelfStatus } from '@odp/contracts';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../../db/client.js';
import { catalogues } from '../../../db/schema/index.js';
import { remind } from '../../../platform/messaging/business-message.js';
import { dictLabels } from '../labels.js';

export const OVERDUE_MESSAGE_TYPE = 'catalogue_overdue';

/**
 * 更新频率 (dict `update_frequency`, DOMAIN.md §2) as PostgreSQL intervals. 7 不定期 has no period and
 * is never overdue.
 */
const PERIODS: Record<string, string> = {
  '1': '1 day',
  '2': '7 days',
  '3': '1 month',
  '4': '3 months',
  '5': '6 months',
  '6': '1 year',
  '8': '1 minute',
  '9': '1 hour',
};

const periodOf = sql.join(
  [
    sql`case c.update_frequency`,
    ...Object.entries(PERIODS).map(([code, interval]) => sql`when ${code} then ${interval}::interval`),
    sql`end`,
  ],
  sql` `,
);

type OverdueRow = {
  id: string;
  name: string;
  org_code: string;
  frequency: string;
  last_update_ms: number;
  /** One reminder per entry and user in this window: the period, and never more than daily. */
  window_ms: number;
};

const dateOf = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * Reminds a department that its published (已上架) entries are past their update frequency: each
 * active member of the owning department (数源单位) is told once per entry and period, through the
 * platform's reminder path. The last update is the data update time, else the release time.
 */
export async function remindOverdueEntries(
  db: Db,
  now: Date,
  graceDays: number,
): Promise<{ entries: number; users: number; messages: number }> {
  const labels = await dictLabels(db, 'update_frequency');
  return db.transaction(async (tx) => {
    // Two runs at once (a manual run during a scheduled one) would both see no reminder yet; the lock
    // makes the second wait and then find the first one's messages.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${OVERDUE_MESSAGE_TYPE}))`);
    const rows = await rowsOf<OverdueRow>(
      tx,
      sql`
        with published as (
          select c.id, c.catalog_name, c.org_code, c.update_frequency,
            coalesce(c.data_update_time, c.release_time, c.created_at) as last_update, ${periodOf} as period
          from ${catalogues} c
          where c.shelf_status = ${ShelfStatus.on}
            and c.update_frequency in (${sql.join(
              Object.keys(PERIODS).map((code) => sql`${code}`),
              sql`, `,
            )})
        )
        select p.id::text as id, p.catalog_name as name, p.org_code, p.update_frequency as frequency,
          (extract(epoch from p.last_update) * 1000)::float8 as last_update_ms,
          (extract(epoch from greatest(p.period, interval '1 day')) * 1000)::float8 as window_ms
        from published p
        where p.last_update + p.period + make_interval(days => ${graceDays}::int) < ${now.toISOString()}::timestamptz
        order by p.catalog_name`,
    );
    const users = new Set<string>();
    let entries = 0;
    let messages = 0;
    for (const row of rows) {
      const told = await remind(tx, {
        to: { orgCodes: [row.org_code] },
        messageType: OVERDUE_MESSAGE_TYPE,
        busId: row.id,
        title: `目录「${row.name}」已超过更新周期`,
        text: `该目录的更新频率为${labels[row.frequency] ?? row.frequency}，最近更新于 ${dateOf(Number(row.last_update_ms))}，请及时更新数据。`,
        openPage: '/cataloguemanage/list',
        sender: '系统',
        now,
        notWithinMs: Number(row.window_ms),
      });
      if (told.length) entries += 1;
      messages += told.length;
      for (const id of told) users.add(id);
    }
    return { entries, users: users.size, messages };
  });
}
