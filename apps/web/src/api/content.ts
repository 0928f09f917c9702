import type {
  BatchResult,
  ContentAction,
  ContentFile,
  ContentItem,
  ContentUploadPurpose,
  HomeInformation,
  Page,
  PublicContentDetail,
  PublicContentItem,
  PublicFaq,
  PublicNotice,
} from '@odp/contracts';
import { http } from './client';

/* 内容管理: 资讯 (/api/information), 资料 (/api/studyWorld), 常见问题 (/api/commonQuestion). Types only from the contract. */

export const contentKeys = {
  all: ['content'] as const,
  list: (area: ContentArea, params: object) => ['content', 'list', area, params] as const,
  item: (area: ContentArea, id: string) => ['content', 'item', area, id] as const,
  publicAll: ['content', 'public'] as const,
  publicList: (area: string, q: object) => ['content', 'public', area, q] as const,
  detail: (id: string) => ['content', 'public', 'detail', id] as const,
  notice: (id: string) => ['content', 'public', 'notice', id] as const,
  home: ['content', 'public', 'home'] as const,
  faqs: (q: object) => ['content', 'public', 'faq', q] as const,
  roles: ['content', 'roles'] as const,
};

/** The three spec prefixes, one per kind. */
export type ContentArea = 'information' | 'studyWorld' | 'commonQuestion';
const LIST: Record<ContentArea, string> = {
  information: '/api/information/page',
  studyWorld: '/api/studyWorld/page',
  commonQuestion: '/api/commonQuestion/questionList',
};
const GET: Record<ContentArea, [string, string]> = {
  information: ['/api/information/getInformationInfo', 'informationId'],
  studyWorld: ['/api/studyWorld/getStudyWorldInfo', 'studyWorldId'],
  commonQuestion: ['/api/commonQuestion/getQuestionById', 'id'],
};

export const listContent = (area: ContentArea, params: Record<string, unknown>) =>
  http.post<Page<ContentItem>>(LIST[area], params);
export const getContent = (area: ContentArea, id: string) => {
  const [url, key] = GET[area];
  return http.get<ContentItem>(url, { [key]: id });
};
/** Silent: the form shows the refusal beside its field. */
export const saveContent = (area: ContentArea, form: Record<string, unknown>, id?: string) =>
  id
    ? http.put<{ id: string }>(`/api/${area}/update`, { ...form, id }, { silent: true })
    : http.post<{ id: string }>(`/api/${area}/save`, form, { silent: true });
export const transitionContent = (area: ContentArea, action: ContentAction, ids: string[], appointTime?: string) =>
  http.post<BatchResult>(`/api/${area}/transition`, { ids, action, appointTime });
export const contentRoles = () => http.get<{ roleCode: string; roleName: string }[]>('/api/studyWorld/getAllRole');

export function uploadContentFile(purpose: ContentUploadPurpose, file: File) {
  const form = new FormData();
  form.append('file', file);
  return http.post<ContentFile>(`/api/content/upload?purpose=${purpose}`, form);
}

// — public —
export const publicInformation = (q: { informationType: string; keyword?: string; pageNo: number; pageSize: number }) =>
  http.get<Page<PublicContentItem>>('/api/information/public/page', q);
export const informationDetail = (id: string) =>
  http.get<PublicContentDetail>('/api/information/public/detail', { id }, { silent: true });
export const publicNotice = (id: string) =>
  http.get<PublicNotice>('/api/information/public/notice', { id }, { silent: true });
export const homeInformation = () =>
  http.get<HomeInformation>('/api/information/public/home', undefined, { silent: true });
export const publicDocuments = (q: {
  dataManagementType: string;
  keyword?: string;
  pageNo: number;
  pageSize: number;
}) => http.get<Page<PublicContentItem>>('/api/studyWorld/public/page', q);
export const publicFaqs = (q: { category?: string; keyword?: string }) =>
  http.get<PublicFaq[]>('/api/commonQuestion/public/list', q);
/** A document's file as a blob, with the session (a document may be released to some roles only). */
export const documentFile = (id: string, inline: boolean) =>
  http.download('/api/studyWorld/public/file', { id, ...(inline ? { inline: '1' } : {}) });
