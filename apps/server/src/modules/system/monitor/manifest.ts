import { Perm } from '@odp/contracts';
import { menuButton as button, defineModule } from '../../../platform/module.js';
import { monitorRoutes } from './routes.js';

export const monitorModule = defineModule({
  name: 'monitor',
  routes: [monitorRoutes],
  menus: [
    {
      parent: '/system',
      order: 12,
      name: '在线用户',
      menuType: 1,
      path: '/system/online',
      component: 'admin/system/OnlineUserPage',
      icon: 'CloudServerOutlined',
      perms: Perm.onlineList,
      children: [button('强制退出', Perm.forceLogout)],
    },
    {
      parent: '/system',
      order: 13,
      name: '系统信息',
      menuType: 1,
      path: '/system/info',
      component: 'admin/system/SystemInfoPage',
      icon: 'DashboardOutlined',
      perms: Perm.systemInfo,
    },
  ],
});
