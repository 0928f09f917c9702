import { z } from 'zod';
import { defineHandler } from '../../platform/jobs/handler.js';
import { refreshSnapshot } from './snapshot.js';

/** Keeps the big screen's snapshot current: viewers read it, only this computes it. */
export const bigScreenRefresh = defineHandler({
  name: 'bigScreenRefresh',
  title: '大屏统计快照刷新',
  description:
    '重新计算大屏、图表示例与生产管理页面的全部统计（计数、月度趋势、部门排行、领域与区县分布、热门数据），供页面读取。',
  parameterHelp: '无参数',
  schema: z.strictObject({}),
  async run(ctx) {
    const snapshot = await refreshSnapshot(ctx.db, ctx.now);
    return `大屏统计已刷新，耗时 ${snapshot.tookMs} 毫秒`;
  },
});
