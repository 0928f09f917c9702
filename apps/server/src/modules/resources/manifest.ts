import { ResourcePerm as P } from '@odp/contracts';
import { menuButton as button, defineModule } from '../../platform/module.js';
import { dataSourceRoutes } from './datasource/routes.js';
import { appSystemRoutes } from './systems/routes.js';

/** Department staff keep their own department's systems and data sources; administrators all. */
const DEPARTMENT_STAFF = ['dept_admin'];

/** 资源管理: application systems (系统维护) and data sources. */
export const resourcesModule = defineModule({
  name: 'resources',
  routes: [appSystemRoutes, dataSourceRoutes],
  referenceSteps: [
    {
      version: 4,
      summary: '资源管理（数据源管理、系统维护）的菜单与按钮',
      async apply(db, { addMissingMenus }) {
        await addMissingMenus(db);
      },
    },
  ],
  menus: [
    {
      order: 8,
      name: '资源管理',
      menuType: 0,
      path: '/resources',
      component: 'layouts/RouteView',
      icon: 'ClusterOutlined',
      roles: DEPARTMENT_STAFF,
      children: [
        {
          name: '数据源管理',
          menuType: 1,
          path: '/resources/dataOigin',
          component: 'admin/resources/DataSourcePage',
          icon: 'DatabaseOutlined',
          perms: P.dataSourceList,
          roles: DEPARTMENT_STAFF,
          children: [
            button('新增数据源', P.dataSourceAdd, DEPARTMENT_STAFF),
            button('编辑数据源', P.dataSourceEdit, DEPARTMENT_STAFF),
            button('删除数据源', P.dataSourceDelete, DEPARTMENT_STAFF),
            button('全部部门的数据源', P.dataSourceAll, []),
          ],
        },
        {
          name: '系统维护',
          menuType: 1,
          path: '/systemmaintenance',
          component: 'admin/resources/AppSystemPage',
          icon: 'AppstoreOutlined',
          perms: P.systemList,
          roles: DEPARTMENT_STAFF,
          keepAlive: true,
          children: [
            button('新增应用', P.systemAdd, DEPARTMENT_STAFF),
            button('编辑应用', P.systemEdit, DEPARTMENT_STAFF),
            button('删除应用', P.systemDelete, DEPARTMENT_STAFF),
            button('全部部门的应用系统', P.systemAll, []),
          ],
        },
      ],
    },
  ],
});
