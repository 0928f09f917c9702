import { lazyPage } from '@/app/lazy-page';

/** 应用成果 pages, by the `component` string of their menus. */
export const achievementPages = {
  'admin/achievement/AchievementListPage': lazyPage(() => import('./AchievementListPage')),
  'admin/achievement/AchievementReviewPage': lazyPage(() => import('./AchievementReviewPage')),
};
