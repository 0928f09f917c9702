import type {
  OpenApplyDecisionInput,
  OpenApplyDetail,
  OpenApplyFile,
  OpenApplyItem,
  OpenApplyListQuery,
  OverdueReportItem,
  OverdueReportQuery,
  Page,
} from '@odp/contracts';
import { http } from './client';
import { saveBlob } from './transfer';

/*
 * 开放申请, the back office's side: the provider department's datasets' applications (reviewers:
 * all), their review and revocation, and the usage reports past due. The applicant's side is
 * `open-apply.ts`; both cache under `['openApply']`, so a decision here refreshes the applicant's
 * views in the same tab as well.
 */

export type OpenApplyAdminParams = Partial<OpenApplyListQuery> & Pick<OpenApplyListQuery, 'pageNo' | 'pageSize'>;
export type OverdueReportParams = Partial<OverdueReportQuery> & Pick<OverdueReportQuery, 'pageNo' | 'pageSize'>;

export const openApplyAdminKeys = {
  /** The root the applicant's keys share: invalidating it refreshes every open-application view. */
  all: ['openApply'] as const,
  list: {
    all: ['openApply', 'admin', 'list'] as const,
    list: (params: object) => ['openApply', 'admin', 'list', params] as const,
  },
  overdue: {
    all: ['openApply', 'admin', 'overdue'] as const,
    list: (params: object) => ['openApply', 'admin', 'overdue', params] as const,
  },
  detail: (id: string) => ['openApply', 'admin', 'detail', id] as const,
};

/** Silent: the page shows a failed load above the table, with 重试. */
export const listOpenAppliesForStaff = (query: OpenApplyAdminParams) =>
  http.post<Page<OpenApplyItem>>('/api/openApply/list', query, { silent: true });

/** Silent: the drawer shows a failed load in its body, with 重试. */
export const getOpenApplyForStaff = (id: string) =>
  http.get<OpenApplyDetail>('/api/openApply/detail', { id }, { silent: true });

/** 通过 / 不通过 at the node the application waits at; silent: the dialog shows the server's refusal. */
export const decideOpenApply = (input: OpenApplyDecisionInput) =>
  http.post<OpenApplyItem>('/api/openApply/decide', input, { silent: true });

/** 撤销授权 (`OpenApplyRevokeInput`): the grant ends at once. */
export const revokeOpenApply = (input: { id: string; comment: string }) =>
  http.post<OpenApplyItem>('/api/openApply/revoke', input);

/** Silent: the page shows a failed load above the table, with 重试. */
export const listOverdueReports = (query: OverdueReportParams) =>
  http.get<Page<OverdueReportItem>>('/api/openApply/overdueReports', query, { silent: true });

/** An application's uploaded file, fetched with the session (it is not public) and saved under its name. */
export async function downloadAttachment(file: NonNullable<OpenApplyFile>) {
  saveBlob(await http.download('/api/attachment/download', { id: file.id }), file.fileName);
}
