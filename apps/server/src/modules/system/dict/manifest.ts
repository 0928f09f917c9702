import { Perm } from '@odp/contracts';
import { menuButton as button, defineModule } from '../../../platform/module.js';
import { dictRoutes } from './routes.js';

export const dictModule = defineModule({
  name: 'dict',
  routes: [dictRoutes],
  menus: [
    {
      parent: '/system',
      order: 5,
      name: '数据字典',
      menuType: 1,
      path: '/system/dict',
      component: 'admin/system/DictPage',
      icon: 'ProfileOutlined',
      perms: Perm.dictList,
      keepAlive: true,
      children: [
        button('新增字典', Perm.dictAdd),
        button('编辑字典', Perm.dictEdit),
        button('删除字典', Perm.dictDelete),
      ],
    },
  ],
});
