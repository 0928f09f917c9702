import { lazyPage } from '@/app/lazy-page';

/** The back office's own landing page, by the `component` string of its menu. */
export const adminPages = {
  'admin/PageHome': lazyPage(() => import('./PageHome')),
};
