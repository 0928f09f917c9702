import { type PeriodType, periodOf } from '@odp/contracts';
import { z } from 'zod';
import { defineHandler } from '../../../platform/jobs/handler.js';
import { computeIndicators } from './compute.js';

export const COMPUTE_JOB = 'computeIndicators';

/** Every computable indicator for the current (and the previous) month, quarter and year, as the platform. */
export const computeIndicatorsJob = defineHandler({
  name: COMPUTE_JOB,
  title: '指标计算',
  description: '按已注册的计算方式和复合指标公式，计算各部门本期（及上一期）的指标值，每个周期记一条计算记录。',
  parameterHelp: 'periodTypes：周期类型 month/quarter/year，默认全部；previous：是否同时计算上一期，默认 true',
  schema: z.strictObject({
    periodTypes: z
      .array(z.enum(['month', 'quarter', 'year'], { error: '只能是 month、quarter 或 year' }))
      .min(1, '至少一个周期类型')
      .default(['month', 'quarter', 'year']),
    previous: z.boolean({ error: '须为 true 或 false' }).default(true),
  }),
  async run(ctx, { periodTypes, previous }) {
    let ok = 0;
    const failed: string[] = [];
    for (const type of periodTypes as PeriodType[]) {
      for (const back of previous ? [0, 1] : [0]) {
        if (ctx.signal.aborted) break;
        const periodKey = periodOf(type, ctx.now, back);
        const run = await computeIndicators(ctx.db, {
          periodType: type,
          periodKey,
          trigger: 'schedule',
          operatorId: null,
          now: ctx.now,
        });
        if (run.status === 'success') ok++;
        else failed.push(`${periodKey}：${run.message}`);
      }
    }
    if (failed.length) throw new Error(`${ok} 个周期计算成功，${failed.length} 个失败（${failed.join('；')}）`);
    return `${ok} 个周期计算成功`;
  },
});
