import { z } from 'zod';
import { defineHandler } from '../../../../platform/jobs/handler.js';
import { runDeadlines } from '../../../../platform/workflow/deadlines.js';

/** The workflow kernel's deadlines for every subject type: reminders before, overdue flags after. */
export const workflowDeadlines = defineHandler({
  name: 'workflowDeadlines',
  title: '待办期限提醒',
  description: '向办理人提醒即将到期的待办（审核、答复等），标记已逾期的待办并发送逾期提醒。',
  parameterHelp: 'remindBeforeHours：到期前多少小时提醒，1 至 168，默认 24',
  schema: z.strictObject({
    remindBeforeHours: z
      .number({ error: '须为整数' })
      .int('须为整数')
      .min(1, '不能小于 1')
      .max(168, '不能超过 168')
      .default(24),
  }),
  async run(ctx, { remindBeforeHours }) {
    const { reminded, overdue } = await runDeadlines(ctx.db, ctx.now, { remindBeforeHours });
    if (reminded + overdue === 0) return '没有需要提醒的待办';
    return `已提醒 ${reminded} 项即将到期的待办，标记 ${overdue} 项逾期待办`;
  },
});
