import { z } from 'zod';
import { optionalText } from '../core/fields.js';
import { PERIOD_EXAMPLE, PERIOD_PATTERN, STAT_PERIOD_TYPE_LABEL, STAT_PERIOD_TYPES } from './terms.js';

/** What the measures ask for: the period (default: the current month) and optionally one department. */
export const StatisticQuery = z
  .object({
    periodType: z.enum(STAT_PERIOD_TYPES, { error: '统计周期须为月度、季度或年度' }).default('month'),
    period: optionalText(7, '统计期'),
    orgCode: optionalText(64, '部门'),
    _t: z.unknown().optional(),
  })
  .superRefine((q, ctx) => {
    if (q.period && !PERIOD_PATTERN[q.periodType].test(q.period)) {
      ctx.addIssue({
        code: 'custom',
        path: ['period'],
        message: `统计期格式不正确，${STAT_PERIOD_TYPE_LABEL[q.periodType]}应如 ${PERIOD_EXAMPLE[q.periodType]}`,
      });
    }
    if (q.period && Number(q.period.slice(0, 4)) < 2000) {
      ctx.addIssue({ code: 'custom', path: ['period'], message: '统计期不能早于 2000 年' });
    }
  });
export type StatisticQuery = z.infer<typeof StatisticQuery>;
