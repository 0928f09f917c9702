import { CONVEY_TYPE, EXCHANGE_SCHEDULER, nextUpdateDue, ShareStatus } from '@odp/contracts';
import { z } from 'zod';
import { defineHandler } from '../../platform/jobs/handler.js';
import { claimTask, findTask, repeatingTasks, stopTasksOfReleased } from './repository.js';
import { exchangeService } from './service.js';

/**
 * Repeating exchange tasks run when their frequency says they are due (a task never run is due at
 * once); tasks of applications no longer in use are stopped first, so a released grant copies nothing.
 */
export const runExchangeTasks = defineHandler({
  name: 'runExchangeTasks',
  title: '数据交换任务',
  description: '停止共享申请已不在使用中的交换任务，并按频率执行到期的重复性交换任务，记录使用记录。',
  parameterHelp: 'limit：每次最多执行的任务数，1 至 200，默认 20',
  schema: z.strictObject({
    limit: z.number({ error: '须为整数' }).int('须为整数').min(1, '不能小于 1').max(200, '不能超过 200').default(20),
  }),
  async run(ctx, { limit }) {
    const stopped = await stopTasksOfReleased(ctx.db, ShareStatus.inUse);
    const tasks = await repeatingTasks(ctx.db, CONVEY_TYPE.repeat, ShareStatus.inUse);
    const due = tasks
      .filter((t) => {
        if (!t.lastRunAt) return true;
        const next = nextUpdateDue(t.repeatType ?? '', t.lastRunAt);
        return next !== null && next <= ctx.now;
      })
      .slice(0, limit);
    const exchange = exchangeService(ctx.config);
    let ran = 0;
    let rows = 0;
    let failed = 0;
    for (const t of due) {
      ctx.signal.throwIfAborted();
      // Another instance of the scheduler may have taken it since it was listed.
      if (!(await claimTask(ctx.db, t.id, t.lastRunAt, new Date()))) continue;
      const task = await findTask(ctx.db, t.id);
      if (!task) continue;
      ran++;
      try {
        rows += (await exchange.run(ctx.db, task, { job: EXCHANGE_SCHEDULER }, ctx.signal)).rows;
      } catch {
        failed++;
      }
    }
    const parts = [
      stopped ? `停止 ${stopped} 个共享申请已不在使用中的任务` : '',
      ran ? `执行 ${ran} 个到期任务共写入 ${rows} 行${failed ? `，${failed} 个失败（见使用记录）` : ''}` : '',
    ].filter(Boolean);
    return parts.length ? parts.join('；') : '没有到期需要执行的交换任务';
  },
});
