import type {
  AnswerInput,
  BatchResult,
  Page,
  QuestionnaireAction,
  QuestionnaireCard,
  QuestionnaireDetail,
  QuestionnaireListQuery,
  QuestionnairePublicDetail,
  QuestionnaireRecord,
  QuestionnaireResults,
  QuestionnaireSaveForm,
  TextAnswer,
} from '@odp/contracts';
import { http } from './client';
import { saveBlob } from './transfer';

/* 调查问卷: the back office's builder, results and export; the portal's list, answer page and summary. */

export const questionnaireKeys = {
  all: ['questionnaire'] as const,
  list: (params: object) => ['questionnaire', 'list', params] as const,
  detail: (id: string) => ['questionnaire', 'detail', id] as const,
  results: (id: string) => ['questionnaire', 'results', id] as const,
  texts: (id: string, questionId: string, page: number) => ['questionnaire', 'texts', id, questionId, page] as const,
  publicList: (page: number) => ['questionnaire', 'public', 'list', page] as const,
  publicDetail: (id: string) => ['questionnaire', 'public', 'detail', id] as const,
  publicResults: (id: string) => ['questionnaire', 'public', 'results', id] as const,
};

export const listQuestionnaires = (params: Partial<QuestionnaireListQuery>) =>
  http.get<Page<QuestionnaireRecord>>('/api/questionnaire/questionnaireList', params as Record<string, string>);
export const getQuestionnaire = (id: string) =>
  http.get<QuestionnaireDetail>('/api/questionnaire/getQuestionnaireById', { id });
/** Silent: the builder shows the refusal beside its field. */
export const saveQuestionnaire = (form: QuestionnaireSaveForm) =>
  http.post<string>('/api/questionnaire/save', form, { silent: true });
export const transitionQuestionnaires = (action: Exclude<QuestionnaireAction, 'edit'>, ids: string[]) =>
  http.post<BatchResult>('/api/questionnaire/transition', { ids, action });
export const questionnaireResults = (id: string) =>
  http.get<QuestionnaireResults>('/api/questionnaire/results', { id });
export const textAnswers = (id: string, questionId: string, pageNo: number, pageSize: number) =>
  http.get<Page<TextAnswer>>('/api/questionnaire/textAnswers', { id, questionId, pageNo, pageSize });
export async function exportAnswers(id: string, title: string) {
  saveBlob(await http.download('/api/questionnaire/export', { id }), `${title}-答卷.xlsx`);
}

export const pagePublicQuestionnaires = (pageNo: number, pageSize: number) =>
  http.get<Page<QuestionnaireCard>>('/api/questionnaire/public/list', { pageNo, pageSize });
export const getPublicQuestionnaire = (id: string) =>
  http.get<QuestionnairePublicDetail>('/api/questionnaire/public/detail', { id }, { silent: true });
/** Silent: the answer page shows the refusal beside the question it names. */
export const submitAnswers = (input: AnswerInput) =>
  http.post<{ joinNumber: number }>('/api/questionnaire/public/answer', input, { silent: true });
export const publicQuestionnaireResults = (id: string) =>
  http.get<QuestionnaireResults>('/api/questionnaire/public/results', { id });
