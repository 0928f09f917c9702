import { lt } from 'drizzle-orm';
import { z } from 'zod';
import { captchas } from '../../../../db/schema/index.js';
import { defineHandler } from '../../../../platform/jobs/handler.js';

/** Captcha answers are single-use and short-lived; expired ones can never be checked again. */
export const purgeExpiredCaptchas = defineHandler({
  name: 'purgeExpiredCaptchas',
  title: '清理过期验证码',
  description: '删除已过有效期的登录验证码记录。',
  parameterHelp: '无参数',
  schema: z.strictObject({}),
  async run(ctx) {
    const gone = await ctx.db
      .delete(captchas)
      .where(lt(captchas.expiresAt, ctx.now))
      .returning({ key: captchas.checkKey });
    return `已删除 ${gone.length} 条过期验证码`;
  },
});
