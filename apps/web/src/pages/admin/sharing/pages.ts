import { lazyPage } from '@/app/lazy-page';

/** 数据共享 pages, by the `component` string of their menus. */
export const sharingPages = {
  'admin/sharing/MyDataPage': lazyPage(() => import('./MyDataPage')),
  'admin/sharing/InReviewPage': lazyPage(() => import('./InReviewPage')),
  'admin/sharing/InUsePage': lazyPage(() => import('./InUsePage')),
  'admin/sharing/ReleasedPage': lazyPage(() => import('./ReleasedPage')),
  'admin/sharing/RejectedPage': lazyPage(() => import('./RejectedPage')),
  'admin/sharing/UseDataPage': lazyPage(() => import('./UseDataPage')),
};
