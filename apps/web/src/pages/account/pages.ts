import { lazyPage } from '@/app/lazy-page';

/** Pages of a signed-in user's own area, by the `component` string of their menus. */
export const accountPages = {
  'account/MyAppsPage': lazyPage(() => import('./MyAppsPage')),
};
