import type {
  AttachmentItem,
  AttachmentPurpose,
  MyServiceItem,
  MyServicesQuery,
  OpenApplyAction,
  OpenApplyDetail,
  OpenApplyHistoryItem,
  OpenApplyInput,
  OpenApplyItem,
  OpenApplyPageQuery,
  OpenApplyPerm,
  OpenApplyStatus,
  OpenUseAgreement,
  Page,
  TestApiDetailInput,
  TestApiInfo,
  TestApiResult,
  UsageReportInput,
  UsageReportItem,
} from '@odp/contracts';
import { Constants } from '@odp/contracts/constants';
import { http } from './client';

/*
 * 开放申请 (有条件开放 data) and 我的服务, the applicant's side. Types only from the contract: the
 * detail page's 申请使用 button is on the portal's first load, and the contract's open-apply module
 * builds zod schemas at import.
 */

/** The permission a registered user holds to apply (`OpenApplyPerm.apply`). */
export const OPEN_APPLY_PERMISSION: (typeof OpenApplyPerm)['apply'] = 'openApply:apply';

/** Statuses of an application that stand in the way of applying again for the same dataset. */
export const OPEN_APPLY_ACTIVE: readonly OpenApplyStatus[] = ['0', '1', '2', '3'];

export type OpenApplyListParams = Partial<OpenApplyPageQuery> & Pick<OpenApplyPageQuery, 'pageNo' | 'pageSize'>;
export type MyServicesParams = Partial<MyServicesQuery> & Pick<MyServicesQuery, 'pageNo' | 'pageSize'>;

export const openApplyKeys = {
  all: ['openApply'] as const,
  agreement: ['openApply', 'agreement'] as const,
  mine: (params: object) => ['openApply', 'mine', params] as const,
  /** The signed-in user's applications for one dataset (the detail page's button). */
  forCatalog: (catalogId: string) => ['openApply', 'catalog', catalogId] as const,
  detail: (id: string) => ['openApply', 'detail', id] as const,
  allServices: ['openApply', 'services'] as const,
  services: (params: object) => ['openApply', 'services', params] as const,
  testInfo: (id: string) => ['openApply', 'testInfo', id] as const,
};

export const getOpenApplyAgreement = () => http.get<OpenUseAgreement>('/api/openApply/agreement');

/** The address of a template (申请表 or 安全承诺书), for a plain download link. */
export const openApplyTemplateUrl = (kind: 'application' | 'pledge') =>
  `${Constants.apiBase}/api/openApply/template?kind=${kind}`;

/** One file for an application; silent: the form shows why a file was refused next to it. */
export function uploadAttachment(file: File, purpose: AttachmentPurpose) {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post<AttachmentItem>(`/api/attachment/upload?purpose=${encodeURIComponent(purpose)}`, form, {
    silent: true,
  });
}

/** What the form sends: `OpenApplyInput`, the acceptance as ticked (the server refuses an unticked one). */
export type OpenApplyRequest = Omit<OpenApplyInput, 'agreementAccepted'> & { agreementAccepted: boolean };

/** Silent: the form shows the server's refusal beside the fields. */
export const submitOpenApply = (input: OpenApplyRequest) =>
  http.post<OpenApplyItem>('/api/openApply/apply', input, { silent: true });

export const listMyOpenApplies = (params: OpenApplyListParams) =>
  http.get<Page<OpenApplyItem>>('/api/openApply/mine', params);

/** The caller's applications for one dataset, newest first (quietly: the page works without them). */
export const listMyOpenAppliesFor = (catalogName: string) =>
  http.get<Page<OpenApplyItem>>('/api/openApply/mine', { pageNo: 1, pageSize: 50, catalogName }, { silent: true });

export const getOpenApplyDetail = (id: string) => http.get<OpenApplyDetail>('/api/openApply/detail', { id });

/** `OpenApplyBindAppInput`: the application and the user's app whose key reads the dataset. */
export const bindOpenApplyApp = (input: { id: string; appId: string }) =>
  http.post<OpenApplyItem>('/api/openApply/bindApp', input);

export const submitUsageReport = (input: UsageReportInput) => http.post<unknown>('/api/openApply/report', input);

export const listMyServices = (params: MyServicesParams) =>
  http.get<Page<MyServiceItem>>('/api/userManage/myServicesList', params);

/** 接口测试, before calling: the endpoint, the granted fields, today's calls. */
export const getServiceTestInfo = (id: string) => http.get<TestApiInfo>('/api/userManage/testApi', { id });

/** 接口测试: one call of the rows API with the service's app; silent: the panel shows what came back. */
export const testMyService = (input: TestApiDetailInput) =>
  http.post<TestApiResult>('/api/userManage/testApiDetail', input, { silent: true });

export const endMyService = (id: string) => http.post<unknown>('/api/userManage/endService', { id });

export type {
  AttachmentItem,
  AttachmentPurpose,
  MyServiceItem,
  OpenApplyAction,
  OpenApplyDetail,
  OpenApplyHistoryItem,
  OpenApplyItem,
  OpenApplyStatus,
  OpenUseAgreement,
  TestApiInfo,
  TestApiResult,
  UsageReportItem,
};
