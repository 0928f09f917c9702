import { ALL_STAFF, defineModule } from '../../platform/module.js';
import { newsRoutes } from './routes.js';

export const newsModule = defineModule({
  name: 'news',
  routes: [newsRoutes],
  menus: [
    {
      order: 4,
      name: '消息中心',
      menuType: 1,
      path: '/MessageCenter/MessageNotification',
      component: 'admin/message/MessageNotificationPage',
      icon: 'MessageOutlined',
      roles: ALL_STAFF,
    },
    {
      order: 6,
      name: '消息提醒',
      menuType: 1,
      path: '/bell',
      component: 'admin/message/BellPage',
      hidden: true,
      roles: ALL_STAFF,
    },
  ],
});
