import { lazyPage } from '@/app/lazy-page';

/** The message pages every member of staff has, by the `component` string of their menus. */
export const messagePages = {
  'admin/message/MessageNotificationPage': lazyPage(() => import('./MessageNotificationPage')),
  'admin/message/UserAnnouncementPage': lazyPage(() => import('./UserAnnouncementPage')),
  'admin/message/BellPage': lazyPage(() => import('./BellPage')),
};
