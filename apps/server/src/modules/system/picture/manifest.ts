import { Perm } from '@odp/contracts';
import { menuButton as button, defineModule } from '../../../platform/module.js';
import { pictureRoutes } from './routes.js';

export const pictureModule = defineModule({
  name: 'picture',
  routes: [pictureRoutes],
  menus: [
    {
      parent: '/system',
      order: 8,
      name: '轮播图管理',
      menuType: 1,
      path: '/system/picture',
      component: 'admin/system/PicturePage',
      icon: 'AppstoreOutlined',
      perms: Perm.pictureList,
      children: [button('维护轮播图', Perm.pictureEdit)],
    },
  ],
});
