import { InterfacePerm as I, CollectionPerm as P, ReportPerm as R } from '@odp/contracts';
import { seedJobs } from '../../db/seed/jobs.js';
import { menuButton as button, defineModule } from '../../platform/module.js';
import { grantDirectory } from './grant-directory.js';
import { interfaceRoutes } from './interface-routes.js';
import { tableSyncOps } from './operations.js';
import { reportRoutes } from './report-routes.js';
import { collectionRoutes } from './routes.js';
import { syncMountedTables } from './sync-job.js';

/** Department staff mount and sync their own department's tables; reviewers and administrators all. */
const DEPARTMENT_STAFF = ['dept_admin'];
/** The timeliness reports: a department its own entries, reviewers every department's. */
const TIMELINESS_READERS = ['dept_admin', 'reviewer'];

/** 数据归集: table mounts synced into the datastore, interface mounts behind the gateway, Excel 数据上报, their update log and the timeliness reports. */
export const collectionModule = defineModule({
  name: 'collection',
  routes: [collectionRoutes, reportRoutes, interfaceRoutes],
  jobs: [syncMountedTables],
  operations: [tableSyncOps],
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
    {
      version: 8,
      summary: '数据归集（数据上报、更新时间统计、已发布目录超时统计）的菜单与按钮',
      async apply(db, { addMissingMenus }) {
        await addMissingMenus(db);
        // Reviewers read the reports under 数据归集, which earlier releases gave department staff only.
        await grantDirectory(db, '/datacollection', ['reviewer']);
      },
    },
    {
      version: 9,
      summary: '数据归集（接口发布）的菜单与按钮',
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
      roles: TIMELINESS_READERS,
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
        {
          name: '接口发布',
          menuType: 1,
          path: '/datacollection/interfaceRelease',
          component: 'admin/collection/InterfacePage',
          icon: 'ApiOutlined',
          perms: I.list,
          roles: DEPARTMENT_STAFF,
          keepAlive: true,
          children: [button('挂载、测试与取消挂载', I.mount, DEPARTMENT_STAFF)],
        },
        {
          name: '数据上报',
          menuType: 1,
          path: '/datacollection/excelReport',
          component: 'admin/collection/ExcelReportPage',
          icon: 'FileExcelOutlined',
          perms: R.list,
          roles: DEPARTMENT_STAFF,
          keepAlive: true,
          children: [button('上报数据', R.import, DEPARTMENT_STAFF)],
        },
        {
          name: '更新时间统计',
          menuType: 1,
          path: '/datacollection/updateTime',
          component: 'admin/collection/UpdateTimePage',
          icon: 'FieldTimeOutlined',
          perms: R.updateTime,
          roles: TIMELINESS_READERS,
        },
        {
          name: '超时统计',
          menuType: 1,
          path: '/datacollection/overdue',
          component: 'admin/collection/OverduePage',
          icon: 'AlertOutlined',
          perms: R.overdue,
          roles: TIMELINESS_READERS,
        },
      ],
    },
  ],
});
