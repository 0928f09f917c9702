import { Perm } from '@odp/contracts';
import { ALL_STAFF, menuButton as button, defineModule } from '../../../platform/module.js';
import { announcementRoutes } from './routes.js';
import { announcementSubject } from './subject.js';

export const announcementModule = defineModule({
  name: 'announcement',
  routes: [announcementRoutes],
  subjects: [announcementSubject],
  menus: [
    {
      parent: '/system',
      order: 9,
      name: '通知公告',
      menuType: 1,
      path: '/system/announcement',
      component: 'admin/system/AnnouncementPage',
      icon: 'BellOutlined',
      perms: Perm.announcementList,
      keepAlive: true,
      children: [
        button('编辑公告', Perm.announcementEdit),
        button('发布/撤销公告', Perm.announcementRelease),
        button('删除公告', Perm.announcementDelete),
      ],
    },
    {
      order: 5,
      name: '我的消息',
      menuType: 1,
      path: '/isps/userAnnouncement',
      component: 'admin/message/UserAnnouncementPage',
      hidden: true,
      roles: ALL_STAFF,
    },
  ],
});
