import { lazyPage } from '@/app/lazy-page';

/** 绩效管理, 指标管理 and 指标开发, by the `component` string of their menus. */
export const assessmentPages = {
  'admin/assessment/PerformancePage': lazyPage(() => import('./PerformancePage')),
  'admin/assessment/TargetManagePage': lazyPage(() => import('./TargetManagePage')),
  'admin/assessment/TargetDevPage': lazyPage(() => import('./TargetDevPage')),
};
