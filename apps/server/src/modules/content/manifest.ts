import { ContentPerm as P } from '@odp/contracts';
import { seedJobs } from '../../db/seed/jobs.js';
import { menuButton as button, defineModule } from '../../platform/module.js';
import { scheduledPublicationOps } from './operations.js';
import { contentRoutes } from './routes.js';
import { publishScheduledContent } from './schedule.js';
import { contentSearch } from './search.js';
import { contentSearchTabs } from './search-tab.js';
import { contentSubject } from './subject.js';

/** The bureau's content staff; the administrator is granted everything. */
const CONTENT_STAFF = ['reviewer'];
const buttons = () => [
  button('查看内容', P.list, CONTENT_STAFF),
  button('编辑内容', P.edit, CONTENT_STAFF),
  button('发布与撤回内容', P.publish, CONTENT_STAFF),
  button('删除内容', P.delete, CONTENT_STAFF),
];

/**
 * 内容管理: 新闻动态 and 政策法规 (资讯中心), the documents of the study-world store (帮助文档, 政策法规,
 * 数据规范) and 常见问题 — one table, one publish machine, one scheduled job for 预约发布 — and their
 * public pages' reads.
 */
export const contentModule = defineModule({
  name: 'content',
  routes: [contentRoutes],
  jobs: [publishScheduledContent],
  operations: [scheduledPublicationOps],
  subjects: [contentSubject],
  search: [contentSearch],
  searchTabs: contentSearchTabs,
  referenceSteps: [
    {
      version: 20,
      summary: '内容管理：新闻动态、政策法规、资料管理、常见问题菜单和权限，内容预约发布任务',
      async apply(db, { addMissingMenus }) {
        await addMissingMenus(db);
        await seedJobs(db);
      },
    },
  ],
  menus: [
    {
      order: 17,
      name: '内容管理',
      menuType: 0,
      path: '/content',
      component: 'layouts/RouteView',
      icon: 'ReadOutlined',
      roles: CONTENT_STAFF,
      children: [
        {
          name: '新闻动态',
          menuType: 1,
          path: '/content/news',
          component: 'admin/content/NewsPage',
          icon: 'FileTextOutlined',
          perms: P.newsPage,
          roles: CONTENT_STAFF,
          keepAlive: true,
          children: buttons(),
        },
        {
          name: '政策法规',
          menuType: 1,
          path: '/content/policy',
          component: 'admin/content/PolicyPage',
          icon: 'SolutionOutlined',
          perms: P.policyPage,
          roles: CONTENT_STAFF,
          keepAlive: true,
        },
        {
          name: '资料管理',
          menuType: 1,
          path: '/content/studyWorld',
          component: 'admin/content/StudyWorldPage',
          icon: 'FolderOpenOutlined',
          perms: P.documentPage,
          roles: CONTENT_STAFF,
          keepAlive: true,
        },
        {
          name: '常见问题',
          menuType: 1,
          path: '/content/faq',
          component: 'admin/content/FaqPage',
          icon: 'QuestionCircleOutlined',
          perms: P.faqPage,
          roles: CONTENT_STAFF,
          keepAlive: true,
        },
      ],
    },
  ],
});
