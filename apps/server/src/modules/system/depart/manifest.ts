import { Perm } from '@odp/contracts';
import { menuButton as button, defineModule } from '../../../platform/module.js';
import { departAdminRoutes } from './admin-routes.js';
import { departRoutes } from './routes.js';

export const departModule = defineModule({
  name: 'depart',
  routes: [departRoutes, departAdminRoutes],
  menus: [
    {
      parent: '/system',
      order: 3,
      name: '部门管理',
      menuType: 1,
      path: '/system/Depart',
      component: 'admin/system/DepartPage',
      icon: 'ApartmentOutlined',
      perms: Perm.departList,
      keepAlive: true,
      children: [
        button('新增部门', Perm.departAdd),
        button('编辑部门', Perm.departEdit),
        button('删除部门', Perm.departDelete),
        button('部门授权', Perm.departPermission),
        button('部门角色', Perm.departRole),
      ],
    },
  ],
});
