import {
  INTERACTION_ADMIN_PATHS,
  INTERACTION_INBOX_PATH,
  INTERACTION_KINDS,
  INTERACTION_LIST_PERM,
  INTERACTION_STATS_PATH,
  InteractionPerm as P,
  WORKFLOW_DUE_DICT,
} from '@odp/contracts';
import { and, inArray } from 'drizzle-orm';
import { workflowTasks } from '../../db/schema/index.js';
import { syncDictionaryItems } from '../../db/seed/dictionary-sync.js';
import { menuButton as button, defineModule } from '../../platform/module.js';
import { assignedTo, countOpenTasks } from '../../platform/workflow/tasks.js';
import { ticketQuickReply } from './quick-reply.js';
import { interactionRoutes } from './routes.js';
import { interactionSearch } from './search.js';
import { interactionSearchTab } from './search-tab.js';
import { TICKET_SUBJECTS } from './subject.js';

const STAFF = ['dept_admin', 'reviewer'];

/** The reply tasks the signed-in user owes, of some kinds. */
const owed =
  (kinds: readonly string[]) =>
  async (db: Parameters<typeof countOpenTasks>[0], actor?: Parameters<typeof assignedTo>[0]) =>
    actor ? countOpenTasks(db, and(inArray(workflowTasks.subjectType, [...kinds]), assignedTo(actor))) : 0;

const LIST_PAGES = {
  consult: { name: '问题反馈', component: 'admin/interaction/ConsultPage', icon: 'QuestionCircleOutlined' },
  dataApplication: { name: '数据需求', component: 'admin/interaction/DataApplicationPage', icon: 'FileSearchOutlined' },
  dataCorrection: { name: '数据纠错', component: 'admin/interaction/DataCorrectionPage', icon: 'EditOutlined' },
  rightsProtection: { name: '权益保护', component: 'admin/interaction/RightsProtectionPage', icon: 'SafetyOutlined' },
} as const;

/**
 * 交流互动: the tickets of the interaction desk (问题反馈, 数据需求, 数据纠错, 权益保护) on the workflow
 * kernel — routed to a department or the bureau's desk, answered within a deadline per kind, rated and
 * reopened by their submitters, listed publicly once replied.
 */
export const interactionModule = defineModule({
  name: 'interaction',
  routes: [interactionRoutes],
  subjects: Object.values(TICKET_SUBJECTS),
  quickReplies: [ticketQuickReply],
  search: [interactionSearch],
  searchTabs: [interactionSearchTab],
  // One badge: the parent menu adds its children's, so per-kind lists would count each task twice.
  badges: { [INTERACTION_INBOX_PATH]: owed(INTERACTION_KINDS) },
  referenceSteps: [
    {
      version: 18,
      summary:
        '交流互动：问题反馈、数据需求、数据纠错、权益保护的后台列表、互动工单与统计菜单和权限，各类事项的答复时限',
      async apply(db, { addMissingMenus }) {
        await addMissingMenus(db);
        await syncDictionaryItems(db, [WORKFLOW_DUE_DICT]);
      },
    },
  ],
  menus: [
    {
      order: 18,
      name: '交流互动',
      menuType: 0,
      path: '/interaction',
      component: 'layouts/RouteView',
      icon: 'CommentOutlined',
      roles: STAFF,
      children: [
        {
          name: '互动工单',
          menuType: 1,
          path: INTERACTION_INBOX_PATH,
          component: 'admin/interaction/WorkListPage',
          icon: 'InboxOutlined',
          perms: P.workList,
          roles: STAFF,
          children: [
            button('受理与回复互动事项', P.handle, STAFF),
            button('转办互动事项', P.assign, ['reviewer']),
            button('提交互动事项', P.submit, ['registered', ...STAFF]),
          ],
        },
        ...INTERACTION_KINDS.map((k) => ({
          ...LIST_PAGES[k],
          menuType: 1 as const,
          path: INTERACTION_ADMIN_PATHS[k],
          perms: INTERACTION_LIST_PERM[k],
          roles: STAFF,
          keepAlive: true,
        })),
        {
          name: '互动统计',
          menuType: 1,
          path: INTERACTION_STATS_PATH,
          component: 'admin/interaction/StatisticsPage',
          icon: 'BarChartOutlined',
          perms: P.statistics,
          roles: STAFF,
        },
      ],
    },
  ],
});
