import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '@/app/lazy-page';

const BigScreenPage = lazyPage(() => import('./BigScreenPage'));
const EchartsDemoPage = lazyPage(() => import('./EchartsDemoPage'));
const BusinessManagePage = lazyPage(() => import('./BusinessManagePage'));

/** The public screens outside the portal's layout (spec §2.1): 大屏, 图表示例, 生产管理. */
export const SCREEN_ROUTES: RouteObject[] = [
  { path: '/bigScreen', element: <BigScreenPage /> },
  { path: '/echartsDemo', element: <EchartsDemoPage /> },
  { path: '/BusinessManage', element: <BusinessManagePage /> },
];
