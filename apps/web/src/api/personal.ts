import type {
  ApplyRecord,
  DownloadRecord,
  MyCollection,
  MyEvaluation,
  Page,
  PersonalPageQuery,
  SubmitRecord,
  ViewRecord,
} from '@odp/contracts';
import { http } from './client';

/** The personal centre's own records of the signed-in user (`/api/userManage/*`). */
export type PersonalPage = Pick<PersonalPageQuery, 'pageNo' | 'pageSize'>;

export const personalKeys = {
  all: ['personal'] as const,
  list: (kind: string, params: object) => ['personal', kind, params] as const,
};

const list =
  <T>(url: string) =>
  (params: PersonalPage) =>
    http.get<Page<T>>(`/api/userManage/${url}`, params);

export const listMyCollections = list<MyCollection>('myCollections');
export const listMyEvaluations = list<MyEvaluation>('myEvaluations');
export const listViewHistory = list<ViewRecord>('userViewHistory');
export const listDownloadHistory = list<DownloadRecord>('userDownloadHistory');
export const listApplyHistory = list<ApplyRecord>('userApplyHistory');
export const listSubmitHistory = list<SubmitRecord>('userSubmitHistory');

export const cancelCollection = (catalogId: string) =>
  http.post<{ removed: boolean }>('/api/userManage/cancelCollection', { catalogId });
export const deleteEvaluation = (catalogId: string) =>
  http.post<{ removed: boolean }>('/api/userManage/deleteEvaluation', { catalogId });

export type { ApplyRecord, DownloadRecord, MyCollection, MyEvaluation, SubmitRecord, ViewRecord };
