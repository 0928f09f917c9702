import { lazyPage } from '@/app/lazy-page';

/** The review centre's pages, by the `component` string of their menus. */
export const reviewPages = {
  'admin/review/WorkOrderPage': lazyPage(() => import('./WorkOrderPage')),
};
