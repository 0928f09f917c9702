import { ExchangePerm as P } from '@odp/contracts';
import { syncDictionaryItems } from '../../db/seed/dictionary-sync.js';
import { seedJobs } from '../../db/seed/jobs.js';
import { menuButton as button, defineModule } from '../../platform/module.js';
import { runExchangeTasks } from './job.js';
import { exchangeOps } from './operations.js';
import { exchangeRoutes } from './routes.js';

/** The applying department's staff exchange their own applications' data into their own databases. */
const DEPARTMENT_STAFF = ['dept_admin'];

/**
 * 交换资源: exchange tasks of share applications in use, their runs (使用记录) and the job that runs
 * the repeating ones. The 使用数据 page that offers them belongs to 数据共享; this module has no page,
 * so its buttons hang on a hidden entry of their own, where roles are granted them.
 */
export const exchangeModule = defineModule({
  name: 'exchange',
  routes: [exchangeRoutes],
  jobs: [runExchangeTasks],
  operations: [exchangeOps],
  referenceSteps: [
    {
      version: 12,
      summary: '交换资源：交换任务的按钮权限与定时执行任务',
      async apply(db, { addMissingMenus }) {
        await addMissingMenus(db);
        await seedJobs(db);
      },
    },
    {
      version: 13,
      summary: '传输模式字典改为交换任务的一次性、重复性',
      async apply(db) {
        // Earlier releases seeded full/incremental/real-time sync, which no exchange task uses.
        await syncDictionaryItems(db, ['transport_mode'], { relabel: true });
      },
    },
  ],
  menus: [
    {
      order: 40,
      name: '交换资源',
      menuType: 1,
      path: '/exchange',
      hidden: true,
      roles: DEPARTMENT_STAFF,
      children: [
        button('新建交换任务', P.add, DEPARTMENT_STAFF),
        button('执行与停止交换任务', P.run, DEPARTMENT_STAFF),
        button('使用记录', P.record, DEPARTMENT_STAFF),
      ],
    },
  ],
});
