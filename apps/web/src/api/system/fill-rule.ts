import type {
  FillRuleCreateInput,
  FillRuleListQuery,
  FillRulePreviewInput,
  FillRuleRecord,
  FillRuleUpdateInput,
  Page,
} from '@odp/contracts';
import { http } from '../client';
import { resourceKeys } from './query-keys';

export const fillRuleKeys = resourceKeys('fillRule');

export type FillRuleListParams = Partial<FillRuleListQuery> & Pick<FillRuleListQuery, 'pageNo' | 'pageSize'>;

export const listFillRules = (query: FillRuleListParams) => http.get<Page<FillRuleRecord>>('/sys/fillRule/list', query);
export const addFillRule = (input: FillRuleCreateInput) => http.post<FillRuleRecord>('/sys/fillRule/add', input);
export const editFillRule = (input: FillRuleUpdateInput) => http.put<FillRuleRecord>('/sys/fillRule/edit', input);
export const deleteFillRule = (id: string) => http.delete<unknown>('/sys/fillRule/delete', { id });

/** What the next value would look like; silent, as the form shows the failure next to the preview. */
export const previewFillRule = (input: FillRulePreviewInput) =>
  http.post<string>('/sys/fillRule/preview', input, { silent: true });

/** Takes the next value of a rule (consumes a number), for forms that number their records. */
export const executeFillRule = (ruleCode: string) =>
  http.get<string>(`/sys/fillRule/executeRuleByCode/${encodeURIComponent(ruleCode)}`);
