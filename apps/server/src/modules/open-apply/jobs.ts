import { OPEN_APPLY_SYSTEM_PERM } from '@odp/contracts';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { systemActor } from '../../platform/auth/system-actor.js';
import { cityDate } from '../../platform/city-days.js';
import { defineHandler } from '../../platform/jobs/handler.js';
import { applyTransitions } from '../../platform/workflow/apply.js';
import { remindReports } from './reports.js';
import { endedGrantedIds } from './repository.js';
import { openApplySubject } from './subject.js';

/** At most this many applications per run; the next run takes the rest. */
const BATCH = 500;

/**
 * Granted applications whose period ended (the granted end date is before the city's today) move to
 * 已到期 through the kernel as the platform itself: the grant ends in the same transaction (the rows
 * API already refuses it after its end) and the applicant is told.
 */
export async function expireOpenApplies(db: Db, now: Date) {
  const ids = await endedGrantedIds(db, cityDate(now), BATCH);
  if (!ids.length) return { expired: 0, refused: 0 };
  const result = await applyTransitions(
    db,
    systemActor([OPEN_APPLY_SYSTEM_PERM]),
    openApplySubject,
    ids,
    'expire',
    {},
    () => now,
  );
  return { expired: result.succeeded.length, refused: result.refused.length };
}

export const openApplyExpiry = defineHandler({
  name: 'openApplyExpiry',
  title: '开放申请到期',
  description: '将授权期限已届满的开放申请置为“已到期”，立即结束其应用密钥的数据访问，并通知申请人。',
  parameterHelp: '无参数',
  schema: z.strictObject({}),
  async run(ctx) {
    const { expired, refused } = await expireOpenApplies(ctx.db, ctx.now);
    if (!expired && !refused) return '没有到期的开放申请';
    return `${expired} 项开放申请已到期${refused ? `，${refused} 项未处理` : ''}`;
  },
});

export const openApplyReports = defineHandler({
  name: 'openApplyReports',
  title: '利用情况报告提醒',
  description:
    '到期前提醒申请人提交有条件开放数据的利用情况报告（每份一次）；逾期未提交的通知申请人和数据提供部门（每份一次），逾期期间申请人不能申请新的数据。',
  parameterHelp: 'remindBeforeDays：到期前多少天提醒，1 至 60，默认 7',
  schema: z.strictObject({
    remindBeforeDays: z
      .number({ error: '须为整数' })
      .int('须为整数')
      .min(1, '不能小于 1')
      .max(60, '不能超过 60')
      .default(7),
  }),
  async run(ctx, { remindBeforeDays }) {
    const { reminded, overdue } = await remindReports(ctx.db, ctx.now, remindBeforeDays);
    if (!reminded && !overdue) return '没有需要提醒的利用情况报告';
    return `提醒即将到期的报告 ${reminded} 份，通知逾期报告 ${overdue} 份`;
  },
});
