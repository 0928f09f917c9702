import { AchievementPerm as P } from '@odp/contracts';
import { and } from 'drizzle-orm';
import { syncDictionaryItems } from '../../db/seed/dictionary-sync.js';
import { seedJobs } from '../../db/seed/jobs.js';
import { menuButton as button, defineModule } from '../../platform/module.js';
import { assignedTo, countOpenTasks, openTasksOfType } from '../../platform/workflow/tasks.js';
import { achievementLinkCheck } from './link-check.js';
import { achievementRoutes } from './routes.js';
import { achievementSearch } from './search.js';
import { achievementSearchTab } from './search-tab.js';
import { ACHIEVEMENT_ADMIN_PATH, achievementSubject } from './subject.js';

/** The inbox of results waiting for the bureau's review. */
export const ACHIEVEMENT_REVIEW_PATH = '/achievementReview';

/**
 * 应用成果: registered users (personal centre) and departments (back office) submit the apps, sites
 * and reports they built on open data; the bureau reviews them; published ones are listed on
 * `/service/serviceitem`, on the datasets they use and on the home page; a weekly job checks their links.
 */
export const achievementModule = defineModule({
  name: 'achievement',
  routes: [achievementRoutes],
  jobs: [achievementLinkCheck],
  subjects: [achievementSubject],
  search: [achievementSearch],
  searchTabs: [achievementSearchTab],
  badges: {
    // The reviews the signed-in reviewer owes.
    [ACHIEVEMENT_REVIEW_PATH]: async (db, actor) =>
      actor ? countOpenTasks(db, and(openTasksOfType(achievementSubject.machine.subject), assignedTo(actor))) : 0,
  },
  referenceSteps: [
    {
      version: 17,
      summary: '应用成果：成果管理与成果审核菜单和权限（注册用户可提交）、应用类型字典补充“创新方案”、每周链接检查任务',
      async apply(db, { addMissingMenus }) {
        await addMissingMenus(db);
        await syncDictionaryItems(db, ['application_type']);
        await seedJobs(db);
      },
    },
  ],
  menus: [
    {
      order: 15,
      name: '成果管理',
      menuType: 1,
      path: ACHIEVEMENT_ADMIN_PATH,
      component: 'admin/achievement/AchievementListPage',
      icon: 'TrophyOutlined',
      perms: P.list,
      roles: ['dept_admin', 'reviewer'],
      keepAlive: true,
      children: [
        button('提交应用成果', P.submit, ['dept_admin', 'reviewer', 'registered']),
        button('审核与下架应用成果', P.review, ['reviewer']),
      ],
    },
    {
      order: 16,
      name: '成果审核',
      menuType: 1,
      path: ACHIEVEMENT_REVIEW_PATH,
      component: 'admin/achievement/AchievementReviewPage',
      icon: 'AuditOutlined',
      perms: P.reviewInbox,
      roles: ['reviewer'],
    },
  ],
});
