import { lazyPage } from '@/app/lazy-page';

/** 数据归集 pages, by the `component` string of their menus. */
export const collectionPages = {
  'admin/collection/TableUpdatePage': lazyPage(() => import('./TableUpdatePage')),
  'admin/collection/InterfacePage': lazyPage(() => import('./InterfacePage')),
  'admin/collection/ExcelReportPage': lazyPage(() => import('./ExcelReportPage')),
  'admin/collection/UpdateTimePage': lazyPage(() => import('./UpdateTimePage')),
  'admin/collection/OverduePage': lazyPage(() => import('./OverduePage')),
};
