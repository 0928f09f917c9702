import { OpenApplyPerm as P } from '@odp/contracts';
import { and } from 'drizzle-orm';
import { seedJobs } from '../../db/seed/jobs.js';
import { menuButton as button, defineModule } from '../../platform/module.js';
import { assignedTo, countOpenTasks, openTasksOfType } from '../../platform/workflow/tasks.js';
import { openApplyExpiry, openApplyReports } from './jobs.js';
import { openApplyRoutes } from './routes.js';
import { seedOpenApplyDictionaries } from './seed.js';
import { openApplySubject } from './subject.js';
import { userManageRoutes } from './user-routes.js';
import { endWithdrawnGrants } from './withdrawn.js';
import { openApplyWorkOrders } from './work-orders.js';

/** Every role a registered person or company holds (the seed has one: 注册用户). */
const REGISTERED = ['registered'];

/**
 * 开放申请: registered users apply for 有条件开放 data; the provider department and then the bureau
 * decide; a granted application's app reads the granted fields within a daily quota until the period
 * ends; the applicant reports how the data was used. Also the personal centre's 我的服务 calls.
 */
export const openApplyModule = defineModule({
  name: 'open-apply',
  routes: [openApplyRoutes, userManageRoutes],
  jobs: [openApplyExpiry, openApplyReports],
  subjects: [openApplySubject],
  workOrders: [openApplyWorkOrders],
  onCatalogueWithdrawn: endWithdrawnGrants,
  badges: {
    // The reviews the signed-in user owes: their department's provider node, or the bureau's as a reviewer.
    '/openApply': async (db, actor) =>
      actor ? countOpenTasks(db, and(openTasksOfType(openApplySubject.machine.subject), assignedTo(actor))) : 0,
  },
  referenceSteps: [
    {
      version: 11,
      summary: '开放申请：菜单与权限（注册用户可申请）、开放申请规则与审核时限字典、到期与利用情况报告任务',
      async apply(db, { addMissingMenus }) {
        await addMissingMenus(db);
        await seedOpenApplyDictionaries(db);
        await seedJobs(db);
      },
    },
  ],
  menus: [
    {
      order: 13,
      name: '开放申请',
      menuType: 1,
      path: '/openApply',
      component: 'admin/openApply/OpenApplyPage',
      icon: 'FileProtectOutlined',
      perms: P.list,
      roles: ['dept_admin', 'reviewer'],
      keepAlive: true,
      children: [
        button('审核（数据提供部门）', P.providerReview, ['dept_admin']),
        button('审核（大数据局）', P.bureauReview, ['reviewer']),
        button('撤销授权', P.revoke, ['dept_admin', 'reviewer']),
        button('申请有条件开放数据', P.apply, REGISTERED),
      ],
    },
  ],
});
