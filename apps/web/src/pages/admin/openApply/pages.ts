import { lazyPage } from '@/app/lazy-page';

/** 开放申请 pages, by the `component` string of their menus. */
export const openApplyPages = {
  'admin/openApply/OpenApplyPage': lazyPage(() => import('./OpenApplyPage')),
};
