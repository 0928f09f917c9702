import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf } from '../../db/client.js';
import { defineHandler } from '../../platform/jobs/handler.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const UTC8_MS = 8 * 60 * 60 * 1000;

/** Quota windows that have passed, nonces past the signature window, and call logs past their keeping time. */
export const openApiHousekeeping = defineHandler({
  name: 'openApiHousekeeping',
  title: '开放接口数据清理',
  description: '删除已结束的配额计数窗口、过期的签名随机数，以及超过保留天数的调用日志（按日汇总的调用次数保留）。',
  parameterHelp: 'keepDays：调用日志保留天数，7 至 3650，默认 180',
  schema: z.strictObject({
    keepDays: z
      .number({ error: '须为整数' })
      .int('须为整数')
      .min(7, '不能小于 7')
      .max(3650, '不能超过 3650')
      .default(180),
  }),
  async run(ctx, { keepDays }) {
    const now = ctx.now.getTime();
    const second = Math.floor(now / 1000);
    const day = Math.floor((now + UTC8_MS) / DAY_MS);
    const count = async (q: ReturnType<typeof sql>) =>
      Number((await rowsOf<{ n: string }>(ctx.db, sql`with d as (${q} returning 1) select count(*) as n from d`))[0].n);
    const quotas = await count(
      sql`delete from open_quota where (win = 's' and start < ${second - 60}) or (win = 'd' and start < ${day - 1})`,
    );
    const nonces = await count(sql`delete from open_nonce where expires_at < ${ctx.now}`);
    const logs = await count(sql`delete from open_call_log where at < ${new Date(now - keepDays * DAY_MS)}`);
    return `清理配额计数 ${quotas} 条、签名随机数 ${nonces} 条、调用日志 ${logs} 条`;
  },
});
