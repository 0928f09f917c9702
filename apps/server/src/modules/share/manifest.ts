import { SharePerm as P } from '@odp/contracts';
import { syncDictionaryItems } from '../../db/seed/dictionary-sync.js';
import { seedJobs } from '../../db/seed/jobs.js';
import { menuButton as button, defineModule } from '../../platform/module.js';
import { releaseExpiredShares, releaseWithdrawn } from './release.js';
import { shareRoutes } from './routes.js';
import { SHARE_RULE_DICT } from './service.js';
import { shareSubject } from './subject.js';
import { owedReviewCount, shareWorkOrders } from './work-orders.js';

/** Department staff apply, release and decide their own data's 数源部门 node. */
const DEPARTMENT_STAFF = ['dept_admin'];
/** The bureau's reviewers decide the 大数据局 node and read every list. */
const SHARE_READERS = ['dept_admin', 'reviewer'];

const page = (name: string, path: string, component: string, icon: string) => ({
  name,
  menuType: 1 as const,
  path,
  component: `admin/sharing/${component}`,
  icon,
  keepAlive: true,
});

/**
 * 数据共享: a department applies for another department's catalogue entry, the data's department and
 * the bureau decide (SHARE_MACHINE on the workflow kernel), the grant is an app key scoped to the
 * entry's granted items and period, ended by release, expiry or the entry's withdrawal.
 */
export const shareModule = defineModule({
  name: 'share',
  routes: [shareRoutes],
  jobs: [releaseExpiredShares],
  subjects: [shareSubject],
  workOrders: [shareWorkOrders],
  onCatalogueWithdrawn: releaseWithdrawn,
  badges: { '/datasharing/examine': owedReviewCount },
  referenceSteps: [
    {
      version: 10,
      summary: '数据共享的菜单与按钮、共享状态与释放原因字典、审核时限与共享规则、到期释放任务',
      async apply(db, { addMissingMenus }) {
        await addMissingMenus(db);
        // Earlier releases seeded these two with labels of another system; nothing used them yet.
        await syncDictionaryItems(db, ['share_data_status', 'share_data_release_status'], { relabel: true });
        await syncDictionaryItems(db, ['workflow_due_days', SHARE_RULE_DICT]);
        await seedJobs(db);
      },
    },
  ],
  menus: [
    {
      order: 10,
      name: '数据共享',
      menuType: 0,
      path: '/datasharing',
      component: 'layouts/RouteView',
      icon: 'ShareAltOutlined',
      roles: SHARE_READERS,
      children: [
        {
          ...page('我的数据', '/datasharing/releaseing', 'MyDataPage', 'DatabaseOutlined'),
          perms: P.list,
          children: [button('申请共享', P.apply, DEPARTMENT_STAFF), button('申请归集', P.pooling, DEPARTMENT_STAFF)],
        },
        {
          ...page('审批中', '/datasharing/examine', 'InReviewPage', 'AuditOutlined'),
          children: [
            button('数源部门审核', P.sourceReview, DEPARTMENT_STAFF),
            button('大数据局审核', P.bureauReview, ['reviewer']),
          ],
        },
        {
          ...page('正在使用', '/datasharing/useing', 'InUsePage', 'PlayCircleOutlined'),
          children: [button('释放数据', P.release, DEPARTMENT_STAFF)],
        },
        page('已释放', '/datasharing/releasedlist', 'ReleasedPage', 'StopOutlined'),
        page('驳回记录', '/datasharing/rejected', 'RejectedPage', 'CloseCircleOutlined'),
        {
          // 使用数据 opens from a row of 正在使用; the applying department's staff only.
          name: '使用数据',
          menuType: 1,
          path: '/datasharing/useing/useData',
          component: 'admin/sharing/UseDataPage',
          hidden: true,
          roles: DEPARTMENT_STAFF,
        },
      ],
    },
  ],
});
