import { StatisticPerm as P, STATISTIC_PATH } from '@odp/contracts';
import { menuButton as button, defineModule } from '../../platform/module.js';
import { statsRoutes } from './routes.js';

const STAFF = ['dept_admin', 'reviewer'];

/**
 * 开放统计 (public) and 统计分析 (back office): the catalogue's kept figures per department and key area,
 * and the platform's measures per department and period (`measures.ts`), with the search terms and
 * detail views they need counted per day (`stat_daily`).
 */
export const statsModule = defineModule({
  name: 'stats',
  routes: [statsRoutes],
  referenceSteps: [
    {
      version: 23,
      summary: '统计分析：各部门按月/季/年的开放、更新、下载、调用、互动与成果指标菜单和权限',
      async apply(db, { addMissingMenus }) {
        await addMissingMenus(db);
      },
    },
  ],
  menus: [
    {
      order: 19,
      name: '统计分析',
      menuType: 1,
      path: STATISTIC_PATH,
      component: 'admin/statistic/StatisticPage',
      icon: 'BarChartOutlined',
      perms: P.view,
      roles: STAFF,
      children: [button('导出统计分析', P.export, STAFF)],
    },
  ],
});
