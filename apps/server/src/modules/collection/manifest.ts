import { CollectionPerm as P } from '@odp/contracts';
import { seedJobs } from '../../db/seed/jobs.js';
import { menuButton as button, defineModule } from '../../platform/module.js';
import { collectionRoutes } from './routes.js';
import { syncMountedTables } from './sync-job.js';

/** Department staff mount and sync their own department's tables; reviewers and administrators all. */
const DEPARTMENT_STAFF = ['dept_admin'];

/** 数据归集: table mounts synced into the datastore, with their update log. */
export const collectionModule = defineModule({
  name: 'collection',
  routes: [collectionRoutes],
  jobs: [syncMountedTables],
  referenceSteps: [
    {
      version: 5,
      summary: '库表挂载同步任务',
      async apply(db) {
        await seedJobs(db);
      },
    },
    {
      version: 6,
      summary: '数据归集（库表更新）的菜单与按钮',
      async apply(db, { addMissingMenus }) {
        await addMissingMenus(db);
      },
    },
  ],
  menus: [
    {
      order: 9,
      name: '数据归集',
      menuType: 0,
      path: '/datacollection',
      component: 'layouts/RouteView',
      icon: 'CloudSyncOutlined',
      roles: DEPARTMENT_STAFF,
      children: [
        {
          name: '库表更新',
          menuType: 1,
          path: '/datacollection/tableUpdate',
          component: 'admin/collection/TableUpdatePage',
          icon: 'TableOutlined',
          perms: P.tableList,
          roles: DEPARTMENT_STAFF,
          keepAlive: true,
          children: [button('挂载与同步', P.tableMount, DEPARTMENT_STAFF)],
        },
      ],
    },
  ],
});
