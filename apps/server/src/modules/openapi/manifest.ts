import { OpenAppPerm as P } from '@odp/contracts';
import { addMissingDictionaries } from '../../db/seed/dictionary-sync.js';
import { seedJobs } from '../../db/seed/jobs.js';
import { ALL_STAFF, menuButton as button, defineModule } from '../../platform/module.js';
import { openAppRoutes } from './apps/routes.js';
import { openApiHousekeeping } from './housekeeping-job.js';
import { openDataRoutes } from './routes.js';
import { openServiceRoutes } from './service-routes.js';

/** The open data API: datasets and rows for developers, their applications, keys, quotas and call log. */
export const openApiModule = defineModule({
  name: 'openapi',
  routes: [openAppRoutes, openDataRoutes, openServiceRoutes],
  jobs: [openApiHousekeeping],
  referenceSteps: [
    {
      version: 7,
      summary: '开放数据接口：我的应用菜单、调用配额字典与清理任务',
      async apply(db, { addMissingMenus }) {
        await addMissingMenus(db);
        await addMissingDictionaries(db);
        await seedJobs(db);
      },
    },
  ],
  menus: [
    {
      order: 14,
      name: '开发者中心',
      menuType: 0,
      path: '/developer',
      component: 'layouts/RouteView',
      icon: 'ApiOutlined',
      roles: ALL_STAFF,
      children: [
        {
          name: '我的应用',
          menuType: 1,
          path: '/developer/apps',
          component: 'account/MyAppsPage',
          icon: 'AppstoreOutlined',
          perms: P.list,
          roles: ALL_STAFF,
          keepAlive: true,
          children: [
            button('创建应用', P.add, ALL_STAFF),
            button('编辑应用', P.edit, ALL_STAFF),
            button('更换密钥与停用', P.key, ALL_STAFF),
          ],
        },
      ],
    },
  ],
});
