import { z } from 'zod';
import { defineHandler } from '../../../platform/jobs/handler.js';
import { remindOverdueEntries } from './service.js';

/** The catalogue's update timeliness: departments are reminded of published entries past their frequency. */
export const markOverdueCatalogues = defineHandler({
  name: 'markOverdueCatalogues',
  title: '目录更新逾期提醒',
  description:
    '检查已上架目录是否更新已超时（与超时统计同一规则），每个目录每次超时向数源单位的用户发送一次业务消息提醒。',
  parameterHelp: 'graceDays：超过更新周期后再宽限的天数，0 至 90，默认 0',
  schema: z.strictObject({
    graceDays: z.number({ error: '须为整数' }).int('须为整数').min(0, '不能小于 0').max(90, '不能超过 90').default(0),
  }),
  async run(ctx, { graceDays }) {
    const { entries, users, messages } = await remindOverdueEntries(ctx.db, ctx.now, graceDays);
    if (messages === 0) return '没有新的逾期目录需要提醒';
    return `${entries} 个目录逾期未更新，已向 ${users} 位用户发送 ${messages} 条提醒`;
  },
});
