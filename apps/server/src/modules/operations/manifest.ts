import { OpsPerm } from '@odp/contracts';
import { menuButton as button, defineModule } from '../../platform/module.js';
import { operationsRoutes } from './routes.js';

/**
 * 任务运维 (spec's /OPS with Work and Examples): every background task the modules declare
 * (`operations` in their manifests) in one list with its runs, for the administrators who run the platform.
 */
export const operationsModule = defineModule({
  name: 'operations',
  routes: [operationsRoutes],
  referenceSteps: [
    {
      version: 26,
      summary: '任务运维：任务列表与执行记录菜单和权限',
      async apply(db, { addMissingMenus }) {
        await addMissingMenus(db);
      },
    },
  ],
  menus: [
    {
      order: 21,
      name: '任务运维',
      menuType: 0,
      path: '/OPS',
      component: 'layouts/RouteView',
      icon: 'ControlOutlined',
      children: [
        {
          name: '任务列表',
          menuType: 1,
          path: '/OPS/Work',
          component: 'admin/ops/OpsWorkPage',
          icon: 'ScheduleOutlined',
          perms: OpsPerm.work,
          children: [button('立即执行、暂停、恢复与重试', OpsPerm.operate)],
        },
        {
          name: '执行记录',
          menuType: 1,
          path: '/OPS/Examples',
          component: 'admin/ops/OpsExamplesPage',
          icon: 'HistoryOutlined',
          perms: OpsPerm.examples,
        },
      ],
    },
  ],
});
