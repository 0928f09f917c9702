import { lazyPage } from '@/app/lazy-page';

/** 资源管理 pages, by the `component` string of their menus. */
export const resourcePages = {
  'admin/resources/AppSystemPage': lazyPage(() => import('./AppSystemPage')),
  'admin/resources/DataSourcePage': lazyPage(() => import('./DataSourcePage')),
};
