import type {
  AttachmentItem,
  ExchangeDestField,
  ExchangeRecordItem,
  ExchangeRecordQuery,
  ExchangeSourceField,
  ExchangeTaskAdded,
  ExchangeTaskInput,
  OpenAppSecret,
  Page,
  ShareApiInfo,
  ShareApplyDefaults,
  ShareApplyInput,
  ShareAuthorizeInfo,
  ShareDecisionInput,
  ShareDetail,
  ShareListItem,
  ShareNodeInput,
  SharePageQuery,
  ShareUseInfo,
} from '@odp/contracts';
import { http, type RequestOptions } from './client';

/** Query keys of 数据共享: a change of an application invalidates `all` (lists, details, use data). */
export const shareKeys = {
  all: ['share'] as const,
  list: (queryType: number, params: object) => ['share', 'list', queryType, params] as const,
  detail: (applyId: string) => ['share', 'detail', applyId] as const,
  review: (processCode: string) => ['share', 'review', processCode] as const,
  defaults: (catalogId: string) => ['share', 'defaults', catalogId] as const,
  useInfo: (applyId: string) => ['share', 'use', applyId, 'info'] as const,
  apiInfo: (applyId: string) => ['share', 'use', applyId, 'api'] as const,
  authorize: (applyId: string) => ['share', 'use', applyId, 'authorize'] as const,
  sourceFields: (applyId: string) => ['share', 'use', applyId, 'sourceFields'] as const,
  destFields: (sourceId: string, tableName: string) => ['share', 'destFields', sourceId, tableName] as const,
  records: (applyId: string, pageNo: number) => ['share', 'records', applyId, pageNo] as const,
};

/** What a list page sends: the list (`queryType`), its page and the search form's filters. */
export type ShareListParams = Partial<SharePageQuery> & Pick<SharePageQuery, 'queryType' | 'pageNo' | 'pageSize'>;

/** Ids travel in the query string of these POSTs, as the original client sent them. */
const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query)}`;

// —— 申请 ——

export const getApplyDefaults = (catalogId: string) =>
  http.get<ShareApplyDefaults>('/api/share/getApplyDefaultInfo', { catalogId });
/** 保存草稿; silent: the drawer puts a 400 next to the field it names. */
export const saveShareApply = (input: ShareApplyInput) =>
  http.post<{ applyId: string }>('/api/share/save', input, { silent: true });
/** 提交申请 (saves the form and submits it). */
export const submitShareApply = (input: ShareApplyInput) =>
  http.post<{ applyId: string } | null>('/api/share/startShareApply', input, { silent: true });
export const getShareDetail = (applyId: string) => http.get<ShareDetail>('/api/share/detail', { applyId });
export const decideShare = (input: ShareDecisionInput, options?: RequestOptions) =>
  http.post<{ status: string }>('/api/share/decide', input, options);
/** 申请归集 of a catalogue entry. */
export const applyNotionalPooling = (catalogId: string) =>
  http.post<unknown>(withQuery('/api/share/applyNotionalPooling', { catalogId }));

// —— 审核 ——

/** The application as its reviewers see it, by the work order's 流程编码. */
export const getShareReview = (processCode: string) =>
  http.get<ShareDetail>('/api/workcatalog/sourceDepartmentApproval', { processCode });
/** The source department narrows the granted items and period before deciding. */
export const updateShareNode = (input: ShareNodeInput) =>
  http.put<unknown>('/api/workcatalog/updateShareNodeData', input);

// —— 列表 ——

export const listShares = (query: ShareListParams) => http.post<Page<ShareListItem>>('/api/shareData/page', query);
/** 更换授权项目 (`ShareSystemInput`). */
export const changeShareSystem = (input: { applyId: string; useAppSystem: string }) =>
  http.post<null>('/api/share/changeAppSystem', input, { silent: true });

/** 撤回 an application still at the data's department: it becomes a draft again. */
export const recallShare = (applyId: string) => http.post<null>(withQuery('/api/share/recall', { applyId }));

export const releaseShare = (applyId: string) =>
  http.post<unknown>(withQuery('/api/shareData/releaseData', { applyId }));

// —— 使用数据 ——

export const getShareUseInfo = (applyId: string) =>
  http.get<ShareUseInfo>('/api/shareData/getDataUseInfo', { applyId });
export const getShareApiInfo = (applyId: string) =>
  http.get<ShareApiInfo>('/api/shareData/getDataUseApiInterfaceInfo', { applyId });
export const getShareAuthorize = (applyId: string) =>
  http.get<ShareAuthorizeInfo>('/api/shareData/getAuthorizeInfo', { applyId });
/** A new secret for the grant's key; the answer is the only time it is readable. */
export const rotateShareKey = (applyId: string) =>
  http.post<OpenAppSecret>(withQuery('/api/shareData/rotateKey', { applyId }));

// —— 交换资源 ——

export const getSourceTableFields = (applyId: string) =>
  http.post<ExchangeSourceField[]>(withQuery('/api/shareData/getSourceTableFields', { applyId }));
export const getDestTableFields = (sourceId: string, tableName: string) =>
  http.post<ExchangeDestField[]>('/api/shareData/getDestTableFields', { sourceId, tableName });
/** 提交: creates the task (a one-off task runs at once); silent, the form shows the refusal. */
export const addExchangeTask = (input: ExchangeTaskInput) =>
  http.post<ExchangeTaskAdded>('/api/exchange/task/add', input, { silent: true });
/** 使用记录: the runs of the application's exchange tasks, newest first. */
export const listUsageRecords = (query: ExchangeRecordQuery) =>
  http.post<Page<ExchangeRecordItem>>('/api/config/getList', query);

// —— 附件 ——

/** 资源服务申请表: one file as multipart `file`; the purpose names what it is for. */
export function uploadApplyForm(file: File) {
  const form = new FormData();
  form.append('file', file);
  return http.post<AttachmentItem>(withQuery('/api/attachment/upload', { purpose: 'share.applyForm' }), form);
}
