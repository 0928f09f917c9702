import { QuestionnairePerm as P, QUESTIONNAIRE_PATHS } from '@odp/contracts';
import { menuButton as button, defineModule } from '../../platform/module.js';
import { questionnaireRoutes } from './routes.js';
import { questionnaireSubject } from './subject.js';

const BUREAU = ['reviewer'];

/**
 * 调查问卷: the bureau builds questionnaires in the back office, publishes them on the portal's
 * 交流互动, visitors answer once each, and the results are charted and exported.
 */
export const questionnaireModule = defineModule({
  name: 'questionnaire',
  routes: [questionnaireRoutes],
  subjects: [questionnaireSubject],
  referenceSteps: [
    {
      version: 19,
      summary: '调查问卷：问卷管理、问卷编辑、统计结果菜单和权限',
      async apply(db, { addMissingMenus }) {
        await addMissingMenus(db);
      },
    },
  ],
  menus: [
    {
      order: 19,
      name: '调查问卷',
      menuType: 0,
      path: '/questionnaire',
      component: 'layouts/RouteView',
      icon: 'FormOutlined',
      roles: BUREAU,
      children: [
        {
          name: '问卷管理',
          menuType: 1,
          path: QUESTIONNAIRE_PATHS.adminList,
          component: 'admin/questionnaire/QuestionnaireListPage',
          icon: 'UnorderedListOutlined',
          perms: P.list,
          roles: BUREAU,
          keepAlive: true,
          children: [
            button('新增、编辑、发布、撤回、结束、删除问卷', P.edit, BUREAU),
            button('查看与导出问卷结果', P.results, BUREAU),
            button('管理所有部门的问卷', P.all, BUREAU),
          ],
        },
        {
          // The builder and the results are pages of the list, opened from its rows; the buttons above grant them.
          name: '问卷编辑',
          menuType: 1,
          path: QUESTIONNAIRE_PATHS.adminEdit,
          component: 'admin/questionnaire/QuestionnaireEditPage',
          roles: BUREAU,
          hidden: true,
        },
        {
          name: '问卷结果',
          menuType: 1,
          path: QUESTIONNAIRE_PATHS.adminResults,
          component: 'admin/questionnaire/QuestionnaireResultsPage',
          roles: BUREAU,
          hidden: true,
        },
      ],
    },
  ],
});
