import { z } from 'zod';
import { defineHandler } from '../../platform/jobs/handler.js';
import { publishDue } from './service.js';

/** 预约发布: the scheduler publishes items whose appointed time has come, through the publish machine. */
export const publishScheduledContent = defineHandler({
  name: 'publishScheduledContent',
  title: '内容预约发布',
  description: '发布预约发布时间已到的新闻动态、政策法规、资料和常见问题（以“系统”身份经发布流程，记入操作日志）。',
  parameterHelp: '{"limit": 每次最多发布的条数，默认 200}',
  schema: z.strictObject({ limit: z.number().int().min(1).max(5000).default(200) }),
  async run(ctx, params) {
    const r = await publishDue(ctx.db, ctx.now, params.limit);
    return `发布 ${r.succeeded.length} 条${r.refused.length ? `，${r.refused.length} 条未发布：${r.refused[0].reason}` : ''}`;
  },
});
