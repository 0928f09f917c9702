import { Perm } from '@odp/contracts';
import { ALL_STAFF, defineModule, menuButton } from '../../platform/module.js';
import { authRoutes } from './routes.js';

/** Signing in, and what every signed-in member of staff has: the landing page and switching department. */
export const authModule = defineModule({
  name: 'auth',
  routes: [authRoutes],
  menus: [
    {
      order: 0,
      name: '首页',
      menuType: 1,
      path: '/pageHome/PageHome',
      component: 'admin/PageHome',
      icon: 'HomeOutlined',
      roles: ALL_STAFF,
    },
    { order: 7, ...menuButton('切换部门', Perm.departSwitch, ['dept_admin', 'reviewer']) },
  ],
});
