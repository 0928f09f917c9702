import { lazyPage } from '@/app/lazy-page';

/** 统计分析 pages, by the `component` string of their menus. */
export const statisticPages = {
  'admin/statistic/StatisticPage': lazyPage(() => import('./StatisticPage')),
};
