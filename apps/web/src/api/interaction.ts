import type {
  AttachmentItem,
  BatchResult,
  ConsultSaveInput,
  DataApplicationSaveInput,
  DataCorrectionSaveInput,
  InteractionDetail,
  InteractionKind,
  InteractionListQuery,
  InteractionRecord,
  InteractionStatistics,
  InteractionWorkItem,
  MyInteractionItem,
  Page,
  PublicInteractionItem,
  RightsProtectionSaveInput,
} from '@odp/contracts';
import { http } from './client';
import { saveBlob } from './transfer';

/* 交流互动: the portal's 公开 and 我的 lists and forms, the back office's lists, handling calls and figures. */

export const interactionKeys = {
  all: ['interaction'] as const,
  publicList: (kind: string, q: object) => ['interaction', 'public', kind, q] as const,
  publicDetail: (id: string) => ['interaction', 'public', 'detail', id] as const,
  mine: (q: object) => ['interaction', 'mine', q] as const,
  list: (kind: string, q: object) => ['interaction', 'list', kind, q] as const,
  detail: (id: string) => ['interaction', 'detail', id] as const,
  work: (q: object) => ['interaction', 'work', q] as const,
  stats: (scope: 'public' | 'staff') => ['interaction', 'stats', scope] as const,
};

const KIND_PATH: Record<InteractionKind, { prefix: string; list: string; get: string }> = {
  consult: { prefix: '/api/consult', list: 'consultList', get: 'getConsultById' },
  dataApplication: { prefix: '/api/dataApplication', list: 'dataApplicationList', get: 'getDataApplicationById' },
  dataCorrection: { prefix: '/api/dataCorrection', list: 'dataCorrectionList', get: 'getDataCorrectionById' },
  rightsProtection: { prefix: '/api/rightsProtection', list: 'rightsProtectionList', get: 'getRightsProtectionById' },
};

type Form<T> = { [K in keyof T]?: T[K] };
export type SubmitForm =
  | { kind: 'consult'; body: Form<ConsultSaveInput> }
  | { kind: 'dataApplication'; body: Form<DataApplicationSaveInput> }
  | { kind: 'dataCorrection'; body: Form<DataCorrectionSaveInput> }
  | { kind: 'rightsProtection'; body: Form<RightsProtectionSaveInput> };

/** Silent: the form shows the refusal beside its fields. */
export const submitTicket = (form: SubmitForm) =>
  http.post<MyInteractionItem>(`${KIND_PATH[form.kind].prefix}/save`, form.body, { silent: true });

export const listPublicTickets = (kind: InteractionKind, pageNo: number, keyword?: string) =>
  http.get<Page<PublicInteractionItem>>('/api/workinteraction/public', {
    kind,
    pageNo: String(pageNo),
    pageSize: '10',
    ...(keyword ? { keyword } : {}),
  });
export const getPublicTicket = (id: string) =>
  http.get<PublicInteractionItem>('/api/workinteraction/publicDetail', { id });
export const listMyTickets = (q: { kind?: InteractionKind; pageNo: number; pageSize?: number }) =>
  http.get<Page<MyInteractionItem>>('/api/workinteraction/mine', {
    pageNo: String(q.pageNo),
    pageSize: String(q.pageSize ?? 10),
    ...(q.kind ? { kind: q.kind } : {}),
  });
export const rateTicket = (id: string, score: number) => http.post<null>('/api/workinteraction/rate', { id, score });
export const reopenTicket = (id: string, comment?: string) =>
  http.post<null>('/api/workinteraction/reopen', { id, comment });
export const setTicketPrivacy = (id: string, isPublic: boolean) =>
  http.post<null>('/api/workinteraction/privacy', { id, isPublic });
export const finishTicket = (id: string) =>
  http.post<BatchResult>('/api/workinteraction/transition', { ids: [id], action: 'finish' });
export const publicInteractionStatistics = () =>
  http.get<InteractionStatistics>('/api/workinteraction/publicStatistics', undefined, { silent: true });

export type PickedEntry = { id: string; catalogName: string; sourceUnit: string | null; dataFormat: string | null };
export const pickEntries = (catalogName: string, pageNo: number) =>
  http.post<Page<PickedEntry>>('/api/rightsProtection/queryBAWO', {
    catalogName: catalogName || undefined,
    pageNo,
    pageSize: 8,
  });

// — back office —
export const listTickets = (kind: InteractionKind, q: Partial<InteractionListQuery>) =>
  http.post<Page<InteractionRecord>>(`${KIND_PATH[kind].prefix}/${KIND_PATH[kind].list}`, q);
export const getTicket = (kind: InteractionKind, id: string) =>
  http.get<InteractionDetail>(`${KIND_PATH[kind].prefix}/${KIND_PATH[kind].get}`, { id });
export const replyTicket = (id: string, reply: string, attachmentIds: string[]) =>
  http.post<null>('/api/workinteraction/reply', { id, reply, attachmentIds });
export const transitionTickets = (action: 'accept' | 'return' | 'close' | 'finish', ids: string[], comment?: string) =>
  http.post<BatchResult>('/api/workinteraction/transition', { ids, action, comment });
export const transferTickets = (ids: string[], orgCode: string, comment?: string) =>
  http.post<BatchResult>('/api/workinteraction/transfer', { ids, orgCode, comment });
export const startOffShelf = (id: string, reason: string, comment: string) =>
  http.post<null>('/api/workinteraction/offShelf', { id, reason, comment });
/** 转为常见问题: an FAQ draft (编辑中) of the ticket's question and reply, edited and 上架'd in 内容管理. */
export const ticketToFaq = (id: string, category: string) =>
  http.post<{ id: string }>('/api/workinteraction/toFaq', { id, category });
export const listWork = (q: { type: '1' | '2'; pageNo: number; kind?: InteractionKind; keyword?: string }) =>
  http.post<Page<InteractionWorkItem>>('/api/workinteraction/workList', { ...q, pageSize: 10 });
export const staffInteractionStatistics = (range: { startTime?: string; endTime?: string } = {}) =>
  http.get<InteractionStatistics>('/api/workinteraction/statistics', range as Record<string, string>);

/** Saves an attachment of a ticket (its readers are decided by the server; a visitor must sign in). */
export const downloadTicketFile = async (file: { id: string; fileName: string }) =>
  saveBlob(await http.download('/api/attachment/download', { id: file.id }), file.fileName);

export type { AttachmentItem };
