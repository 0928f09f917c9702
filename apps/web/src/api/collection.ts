import type {
  Page,
  SourceColumn,
  TableMountInput,
  TableSyncLogItem,
  TableSyncResult,
  TableUpdateItem,
  TableUpdatePageQuery,
} from '@odp/contracts';
import { http } from './client';

/** Query keys of 数据归集: a mount or a sync invalidates `all`. */
export const collectionKeys = {
  tables: {
    all: ['collection', 'tables'] as const,
    list: (params: object) => ['collection', 'tables', 'list', params] as const,
  },
  logs: (catalogId: string, pageNo: number) => ['collection', 'tables', 'logs', catalogId, pageNo] as const,
};

type Paged<Q extends { pageNo: number; pageSize: number }> = Partial<Q> & Pick<Q, 'pageNo' | 'pageSize'>;

export const listTableUpdates = (query: Paged<TableUpdatePageQuery>) =>
  http.post<Page<TableUpdateItem>>('/api/cataLog/pageQueryList', query);
/** 挂载 (with a source and table), 取消挂载 (mountType 1) or 立即同步 (mountType 2). */
export const mountTable = (input: TableMountInput) =>
  http.post<TableSyncResult | null>('/api/cataLog/tableMount', input);
export const listTableSyncLogs = (catalogId: string, pageNo: number, pageSize = 10) =>
  http.post<Page<TableSyncLogItem>>('/api/datacollection/updateLog', { catalogId, pageNo, pageSize });
export const listSourceColumns = (id: string, tableName: string) =>
  http.post<SourceColumn[]>('/api/dataBase/listColumns', { id, tableName });
