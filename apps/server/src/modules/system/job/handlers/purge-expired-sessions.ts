import { and, isNull, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import { sessions } from '../../../../db/schema/index.js';
import { defineHandler } from '../../../../platform/jobs/handler.js';

const DAY_MS = 86_400_000;

/**
 * Sessions that can never be used again: revoked ones (sign-out, password change, forced) and ones
 * idle longer than the idle limit (platform/auth/sessions.ts revokes those only when the token comes
 * back, which an abandoned browser never does). Rows stay `days` days so a recent sign-out can be looked into.
 */
export const purgeExpiredSessions = defineHandler({
  name: 'purgeExpiredSessions',
  title: '清理失效会话',
  description: '删除已注销或空闲超时的登录会话记录（超过保留天数的）。',
  parameterHelp: 'days：失效会话保留天数，1 至 365，默认 7',
  schema: z.strictObject({
    days: z.number({ error: '须为整数' }).int('须为整数').min(1, '不能小于 1').max(365, '不能超过 365').default(7),
  }),
  async run(ctx, { days }) {
    const keep = days * DAY_MS;
    const revokedBefore = new Date(ctx.now.getTime() - keep);
    // Idle-expired means last seen longer ago than the idle limit; keep it `days` beyond that too.
    const idleBefore = new Date(ctx.now.getTime() - ctx.config.sessionIdleMs - keep);
    const gone = await ctx.db
      .delete(sessions)
      .where(
        or(lt(sessions.revokedAt, revokedBefore), and(isNull(sessions.revokedAt), lt(sessions.lastSeenAt, idleBefore))),
      )
      .returning({ id: sessions.id });
    return `已删除 ${gone.length} 条失效会话`;
  },
});
