import { lazyPage } from '@/app/lazy-page';

/** 交流互动 pages, by the `component` string of their menus. */
export const interactionPages = {
  'admin/interaction/WorkListPage': lazyPage(() => import('./WorkListPage')),
  'admin/interaction/ConsultPage': lazyPage(() => import('./ConsultPage')),
  'admin/interaction/DataApplicationPage': lazyPage(() => import('./DataApplicationPage')),
  'admin/interaction/DataCorrectionPage': lazyPage(() => import('./DataCorrectionPage')),
  'admin/interaction/RightsProtectionPage': lazyPage(() => import('./RightsProtectionPage')),
  'admin/interaction/StatisticsPage': lazyPage(() => import('./StatisticsPage')),
};
