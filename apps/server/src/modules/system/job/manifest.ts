import { Perm } from '@odp/contracts';
import { menuButton as button, defineModule } from '../../../platform/module.js';
import { cleanTemporaryUploads } from './handlers/clean-temporary-uploads.js';
import { purgeExpiredCaptchas } from './handlers/purge-expired-captchas.js';
import { purgeExpiredSessions } from './handlers/purge-expired-sessions.js';
import { purgeOldLogs } from './handlers/purge-old-logs.js';
import { workflowDeadlines } from './handlers/workflow-deadlines.js';
import { scheduledJobOps } from './operations.js';
import { jobRoutes } from './routes.js';

export const jobModule = defineModule({
  name: 'job',
  routes: [jobRoutes],
  jobs: [purgeOldLogs, purgeExpiredSessions, purgeExpiredCaptchas, cleanTemporaryUploads, workflowDeadlines],
  operations: [scheduledJobOps],
  menus: [
    {
      parent: '/system',
      order: 10,
      name: '定时任务',
      menuType: 1,
      path: '/system/QuartzJobList',
      component: 'admin/system/QuartzJobPage',
      icon: 'HistoryOutlined',
      perms: Perm.jobList,
      keepAlive: true,
      children: [button('维护定时任务', Perm.jobEdit), button('立即执行', Perm.jobRun)],
    },
  ],
});
