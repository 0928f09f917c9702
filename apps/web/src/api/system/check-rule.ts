import type {
  CheckRuleCreateInput,
  CheckRuleListQuery,
  CheckRuleRecord,
  CheckRuleUpdateInput,
  Page,
} from '@odp/contracts';
import { http } from '../client';
import { resourceKeys } from './query-keys';

export const checkRuleKeys = resourceKeys('checkRule');

export type CheckRuleListParams = Partial<CheckRuleListQuery> & Pick<CheckRuleListQuery, 'pageNo' | 'pageSize'>;

export const listCheckRules = (query: CheckRuleListParams) =>
  http.get<Page<CheckRuleRecord>>('/sys/checkRule/list', query);
export const addCheckRule = (input: CheckRuleCreateInput) => http.post<CheckRuleRecord>('/sys/checkRule/add', input);
export const editCheckRule = (input: CheckRuleUpdateInput) => http.put<CheckRuleRecord>('/sys/checkRule/edit', input);
export const deleteCheckRule = (id: string) => http.delete<unknown>('/sys/checkRule/delete', { id });

/**
 * Checks a value against a stored rule. Silent: a failing value is an answer (the 400 names the
 * segment), which the caller shows next to the value.
 */
export const checkByRuleCode = (ruleCode: string, value: string) =>
  http.get<null>('/sys/checkRule/checkByCode', { ruleCode, value }, { silent: true });
