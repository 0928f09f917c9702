import type { LogExportInput, LogItem, LoginInfo, LogListQuery, Page, VisitInfo } from '@odp/contracts';
import { http } from '../client';
import { downloadPost } from '../transfer';
import { resourceKeys } from './query-keys';

export const logKeys = {
  ...resourceKeys('log'),
  loginInfo: ['system', 'log', 'loginInfo'] as const,
  visitInfo: ['system', 'log', 'visitInfo'] as const,
};

/** The filters of the log list as the page sends them; the server validates them against `LogListQuery`. */
export type LogListParams = Partial<LogListQuery> & Pick<LogListQuery, 'pageNo' | 'pageSize' | 'logType'>;

export const listLogs = (query: LogListParams) => http.post<Page<LogItem>>('/sys/log/list', query);

/** The current filters' rows (at most 50 000) as an .xlsx file. */
export const exportLogs = (filters: Partial<LogExportInput> & Pick<LogExportInput, 'logType'>) =>
  downloadPost('/sys/log/export', filters);

export const getLoginInfo = () => http.get<LoginInfo>('/sys/loginfo');

export const getVisitInfo = () => http.get<VisitInfo[]>('/sys/visitInfo');
