import { Perm } from '@odp/contracts';
import { menuButton as button, defineModule } from '../../../platform/module.js';
import { tenantRoutes } from './routes.js';

export const tenantModule = defineModule({
  name: 'tenant',
  routes: [tenantRoutes],
  menus: [
    {
      parent: '/system',
      order: 4,
      name: '租户管理',
      menuType: 1,
      path: '/system/tenant',
      component: 'admin/system/TenantPage',
      icon: 'CloudServerOutlined',
      perms: Perm.tenantList,
      children: [button('编辑租户', Perm.tenantEdit)],
    },
  ],
});
