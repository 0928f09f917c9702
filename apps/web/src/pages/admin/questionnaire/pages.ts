import { lazyPage } from '@/app/lazy-page';

/** 调查问卷 pages, by the `component` string of their menus. */
export const questionnairePages = {
  'admin/questionnaire/QuestionnaireListPage': lazyPage(() => import('./QuestionnaireListPage')),
  'admin/questionnaire/QuestionnaireEditPage': lazyPage(() => import('./QuestionnaireEditPage')),
  'admin/questionnaire/QuestionnaireResultsPage': lazyPage(() => import('./QuestionnaireResultsPage')),
};
