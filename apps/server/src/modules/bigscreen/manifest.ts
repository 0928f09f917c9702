import { seedJobs } from '../../db/seed/jobs.js';
import { defineModule } from '../../platform/module.js';
import { pushFeedLine } from './feed.js';
import { bigScreenRefresh } from './job.js';
import { bigScreenRoutes } from './routes.js';

/**
 * 大屏 (`/bigScreen`), its chart gallery (`/echartsDemo`) and 生产管理 (`/BusinessManage`): public pages
 * reading one snapshot of aggregates that the `bigScreenRefresh` job keeps current.
 */
export const bigScreenModule = defineModule({
  name: 'bigscreen',
  routes: [bigScreenRoutes],
  jobs: [bigScreenRefresh],
  onTransition: pushFeedLine,
  referenceSteps: [
    {
      version: 22,
      summary: '大屏：每 5 分钟刷新大屏统计快照的定时任务',
      async apply(db) {
        await seedJobs(db);
      },
    },
  ],
});
