import { AssessmentPerm as P } from '@odp/contracts';
import { and } from 'drizzle-orm';
import { seedJobs } from '../../db/seed/jobs.js';
import { menuButton as button, defineModule } from '../../platform/module.js';
import { assignedTo, countOpenTasks, openTasksOfType } from '../../platform/workflow/tasks.js';
import { assetRoutes } from './asset/routes.js';
import { computeIndicatorsJob } from './develop/job.js';
import { indicatorOps } from './develop/operations.js';
import { developRoutes } from './develop/routes.js';
import { performanceRoutes } from './performance/routes.js';
import { assessmentSubject, PERFORMANCE_PATH } from './performance/subject.js';

export const TARGET_MANAGE_PATH = '/targetManage';
export const TARGET_DEV_PATH = '/targetDev';

/**
 * 指标管理, 指标开发 and 绩效管理 (docs §4t): indicators defined on a business-domain tree, computed per
 * department and period from the platform's own tables by registered calculations or formulas (a
 * daily job and on demand, with run history), and departments assessed on them through the kernel.
 */
export const assessmentModule = defineModule({
  name: 'assessment',
  routes: [assetRoutes, developRoutes, performanceRoutes],
  jobs: [computeIndicatorsJob],
  operations: [indicatorOps],
  subjects: [assessmentSubject],
  badges: {
    // Assessments waiting for the signed-in reviewer's confirmation.
    [PERFORMANCE_PATH]: async (db, actor) =>
      actor ? countOpenTasks(db, and(openTasksOfType(assessmentSubject.machine.subject), assignedTo(actor))) : 0,
  },
  referenceSteps: [
    {
      version: 24,
      summary: '指标管理、指标开发与绩效管理菜单和权限，每日指标计算任务',
      async apply(db, { addMissingMenus }) {
        await addMissingMenus(db);
        await seedJobs(db);
      },
    },
  ],
  menus: [
    {
      order: 20,
      name: '绩效管理',
      menuType: 1,
      path: PERFORMANCE_PATH,
      component: 'admin/assessment/PerformancePage',
      icon: 'TrophyOutlined',
      perms: P.view,
      roles: ['reviewer', 'dept_admin'],
      children: [
        button('考核方案与开始考核', P.manage, []),
        button('填写本部门说明', P.comment, ['dept_admin']),
        button('确认或退回考核', P.confirm, ['reviewer']),
      ],
    },
    {
      order: 20.1,
      name: '指标管理',
      menuType: 1,
      path: TARGET_MANAGE_PATH,
      component: 'admin/assessment/TargetManagePage',
      icon: 'ApartmentOutlined',
      perms: P.indexList,
      roles: [],
      children: [button('新增、编辑、提交和删除业务域与指标', P.indexManage)],
    },
    {
      order: 20.2,
      name: '指标开发',
      menuType: 1,
      path: TARGET_DEV_PATH,
      component: 'admin/assessment/TargetDevPage',
      icon: 'CalculatorOutlined',
      perms: P.indexDevelop,
      roles: [],
    },
  ],
});
