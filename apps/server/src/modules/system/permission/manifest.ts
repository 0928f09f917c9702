import { Perm } from '@odp/contracts';
import { menuButton as button, defineModule } from '../../../platform/module.js';
import { dataRuleRoutes } from './data-rule/routes.js';
import { permissionRoutes } from './routes.js';

/** Menus and buttons, granting them to roles, and the 数据规则 on them. */
export const permissionModule = defineModule({
  name: 'permission',
  routes: [permissionRoutes, dataRuleRoutes],
  menus: [
    {
      parent: '/system',
      order: 2,
      name: '菜单管理',
      menuType: 1,
      path: '/system/menu',
      component: 'admin/system/PermissionPage',
      icon: 'AppstoreOutlined',
      perms: Perm.permissionList,
      keepAlive: true,
      children: [
        button('新增菜单', Perm.permissionAdd),
        button('编辑菜单', Perm.permissionEdit),
        button('删除菜单', Perm.permissionDelete),
        button('数据规则', Perm.dataRuleEdit),
      ],
    },
  ],
});
