import { NavigationPerm as P } from '@odp/contracts';
import { menuButton as button, defineModule } from '../../platform/module.js';
import { navigationRoutes } from './routes.js';

/**
 * 功能导航: the administrator's list of external applications (and pages of this site such as
 * 开发者中心) shown as cards on `/system/FunctionNavigation`, opened in a new tab or embedded in
 * `/system/EmbedPage`; entries needing login hand the application a signed one-time token.
 */
export const navigationModule = defineModule({
  name: 'navigation',
  routes: [navigationRoutes],
  referenceSteps: [
    {
      version: 21,
      summary: '功能导航：功能导航管理菜单和权限',
      async apply(db, { addMissingMenus }) {
        await addMissingMenus(db);
      },
    },
  ],
  menus: [
    {
      parent: '/system',
      order: 15,
      name: '功能导航管理',
      menuType: 1,
      path: '/system/navigation',
      component: 'admin/system/NavigationPage',
      icon: 'AppstoreAddOutlined',
      perms: P.list,
      children: [button('维护导航应用', P.edit)],
    },
  ],
});
