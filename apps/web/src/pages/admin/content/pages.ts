import { lazyPage } from '@/app/lazy-page';

/** 内容管理 pages, by the `component` string of their menus. */
export const contentPages = {
  'admin/content/NewsPage': lazyPage(() => import('./NewsPage')),
  'admin/content/PolicyPage': lazyPage(() => import('./PolicyPage')),
  'admin/content/StudyWorldPage': lazyPage(() => import('./StudyWorldPage')),
  'admin/content/FaqPage': lazyPage(() => import('./FaqPage')),
};
