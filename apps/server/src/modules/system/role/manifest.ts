import { Perm } from '@odp/contracts';
import { menuButton as button, defineModule } from '../../../platform/module.js';
import { roleRoutes } from './routes.js';

export const roleModule = defineModule({
  name: 'role',
  routes: [roleRoutes],
  menus: [
    {
      parent: '/system',
      order: 1,
      name: '角色管理',
      menuType: 1,
      path: '/system/role',
      component: 'admin/system/RolePage',
      icon: 'TeamOutlined',
      perms: Perm.roleList,
      keepAlive: true,
      children: [
        button('新增角色', Perm.roleAdd),
        button('编辑角色', Perm.roleEdit),
        button('删除角色', Perm.roleDelete),
        button('角色授权', Perm.roleAssign),
      ],
    },
  ],
});
