import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { businessMessages, catalogues, departs, userDeparts, users } from '../../../db/schema/index.js';
import { defineHandler } from '../../../platform/jobs/handler.js';
import { publishNotice } from '../../../platform/push/publish.js';

export const OVERDUE_MESSAGE_TYPE = 'catalogue_overdue';

/**
 * 更新频率 (dict `update_frequency`, DOMAIN.md §2) as PostgreSQL intervals, over the entry alias `c`. 7 不定期 has no period and
 * is never overdue.
 */
const PERIODS: Record<string, { interval: string; label: string }> = {
  '1': { interval: '1 day', label: '每日' },
  '2': { interval: '7 days', label: '每周' },
  '3': { interval: '1 month', label: '每月' },
  '4': { interval: '3 months', label: '每季度' },
  '5': { interval: '6 months', label: '每半年' },
  '6': { interval: '1 year', label: '每年' },
  '8': { interval: '1 minute', label: '分钟级' },
  '9': { interval: '1 hour', label: '小时级' },
};

const periodOf = sql.join(
  [
    sql`case c.update_frequency`,
    ...Object.entries(PERIODS).map(([code, p]) => sql`when ${code} then ${p.interval}::interval`),
    sql`end`,
  ],
  sql` `,
);

/** Published (已上架) entries are the ones the public relies on being current. */
const SHELF_PUBLISHED = 2;

type OverdueRow = {
  catalog_id: string;
  catalog_name: string;
  frequency: string;
  last_update_ms: number;
  user_id: string;
};

const dateOf = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * Reminds a department that one of its published entries is past its update frequency: a business
 * message to each active user of the owning department (数源单位), at most once per entry and user
 * per period (and never more than daily, so that minute- and hour-level entries do not flood the
 * bell), then a push notice. The last update is the data update time, else the release time.
 */
export const markOverdueCatalogues = defineHandler({
  name: 'markOverdueCatalogues',
  title: '目录更新逾期提醒',
  description: '检查已上架目录是否超过其更新频率未更新，向数源单位的用户发送业务消息提醒。',
  parameterHelp: 'graceDays：超过更新周期后再宽限的天数，0 至 90，默认 0',
  schema: z.strictObject({
    graceDays: z.number({ error: '须为整数' }).int('须为整数').min(0, '不能小于 0').max(90, '不能超过 90').default(0),
  }),
  async run(ctx, { graceDays }) {
    const now = sql`${ctx.now.toISOString()}::timestamptz`;
    return ctx.db.transaction(async (tx) => {
      // Two instances running it at once (a manual run during a scheduled one) would both see no
      // reminder yet; the lock makes the second wait and then find the first one's messages.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${OVERDUE_MESSAGE_TYPE}))`);
      const result = (await tx.execute(sql`
        with overdue as (
          select c.id, c.catalog_name, c.org_code, c.update_frequency,
            coalesce(c.data_update_time, c.release_time, c.created_at) as last_update,
            ${periodOf} as period
          from ${catalogues} c
          where c.shelf_status = ${SHELF_PUBLISHED}
            and c.update_frequency in (${sql.join(
              Object.keys(PERIODS).map((code) => sql`${code}`),
              sql`, `,
            )})
        )
        select o.id::text as catalog_id, o.catalog_name, o.update_frequency as frequency,
          (extract(epoch from o.last_update) * 1000)::float8 as last_update_ms, u.id::text as user_id
        from overdue o
        join ${departs} d on d.org_code = o.org_code and d.deleted_at is null
        join ${userDeparts} ud on ud.depart_id = d.id
        join ${users} u on u.id = ud.user_id and u.deleted_at is null and u.status = 1
        where o.last_update + o.period + make_interval(days => ${graceDays}::int) < ${now}
          and not exists (
            select 1 from ${businessMessages} m
            where m.user_id = u.id and m.message_type = ${OVERDUE_MESSAGE_TYPE} and m.bus_id = o.id::text
              and m.created_at > ${now} - greatest(o.period, interval '1 day')
          )
        order by o.catalog_name, u.id
      `)) as unknown as { rows: OverdueRow[] };
      const rows = result.rows;
      if (rows.length === 0) return '没有新的逾期目录需要提醒';
      await tx.insert(businessMessages).values(
        rows.map((r) => ({
          userId: r.user_id,
          messageType: OVERDUE_MESSAGE_TYPE,
          title: `目录「${r.catalog_name}」已超过更新周期`.slice(0, 200),
          content: `该目录的更新频率为${PERIODS[r.frequency]?.label ?? r.frequency}，最近更新于 ${dateOf(Number(r.last_update_ms))}，请及时更新数据。`,
          busId: r.catalog_id,
          openPage: '/cataloguemanage/list',
          sender: '系统',
          createdAt: ctx.now,
        })),
      );
      const userIds = [...new Set(rows.map((r) => r.user_id))];
      await publishNotice(tx, { userIds });
      const entries = new Set(rows.map((r) => r.catalog_id)).size;
      return `${entries} 个目录逾期未更新，已向 ${userIds.length} 位用户发送 ${rows.length} 条提醒`;
    });
  },
});
