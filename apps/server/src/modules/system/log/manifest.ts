import { Perm } from '@odp/contracts';
import { defineModule } from '../../../platform/module.js';
import { logRoutes } from './routes.js';

export const logModule = defineModule({
  name: 'log',
  routes: [logRoutes],
  menus: [
    {
      parent: '/system',
      order: 11,
      name: '系统日志',
      menuType: 1,
      path: '/system/log',
      component: 'admin/system/LogPage',
      icon: 'FileTextOutlined',
      perms: Perm.logList,
      keepAlive: true,
    },
  ],
});
