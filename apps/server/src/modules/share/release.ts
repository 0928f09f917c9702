import { SHARE_SYSTEM_PERM, ShareReleaseReason } from '@odp/contracts';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { systemActor } from '../../platform/auth/system-actor.js';
import { cityDate } from '../../platform/city-days.js';
import { defineHandler } from '../../platform/jobs/handler.js';
import type { CatalogueWithdrawnHook } from '../../platform/module.js';
import { applyTransitions } from '../../platform/workflow/apply.js';
import { expiredBefore, inUseOf } from './repository.js';
import { within } from './service.js';
import { shareSubject } from './subject.js';

/**
 * The platform's own releases (systemRelease): a grant whose period is over, and the grants of an
 * entry taken off shelf or deleted. Each goes through the kernel as the system, so the history, the
 * operation log, the end of access and the applicant's message are the same as for any release.
 */
const platform = () => systemActor([SHARE_SYSTEM_PERM]);

function release(db: Db, ids: string[], releaseReason: ShareReleaseReason, now: Date) {
  return applyTransitions(db, platform(), shareSubject, ids, 'systemRelease', { extra: { releaseReason } }, () => now);
}

/** 类目下架 / 类目删除: in the catalogue transition's own transaction, so access ends with it. */
export const releaseWithdrawn: CatalogueWithdrawnHook = async (tx, { catalogIds, reason, now }) => {
  const ids = await inUseOf(tx, catalogIds);
  if (!ids.length) return;
  const why = reason === 'offShelf' ? ShareReleaseReason.offShelf : ShareReleaseReason.deleted;
  await release(within(tx), ids, why, now);
};

/** 正常释放: in-use applications whose last granted day is over (days of the city, UTC+8). */
export async function releaseExpired(db: Db, now: Date, limit: number) {
  const ids = await expiredBefore(db, cityDate(now), limit);
  return ids.length ? release(db, ids, ShareReleaseReason.normal, now) : { succeeded: [], refused: [] };
}

export const releaseExpiredShares = defineHandler({
  name: 'releaseExpiredShares',
  title: '共享数据到期释放',
  description: '释放授权期限已结束的共享申请（正常释放）：授权与应用密钥立即失效，交换任务停止，并通知申请人。',
  parameterHelp: 'limit：每次最多释放的申请数，1 至 5000，默认 500',
  schema: z.strictObject({
    limit: z.number({ error: '须为整数' }).int('须为整数').min(1, '不能小于 1').max(5000, '不能超过 5000').default(500),
  }),
  async run(ctx, { limit }) {
    const { succeeded, refused } = await releaseExpired(ctx.db, ctx.now, limit);
    if (!succeeded.length && !refused.length) return '没有到期的共享申请';
    return `已释放 ${succeeded.length} 条到期的共享申请${refused.length ? `，${refused.length} 条未处理` : ''}`;
  },
});
