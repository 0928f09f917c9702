import type {
  InterfaceCheck,
  InterfaceItem,
  InterfaceListItem,
  InterfaceListQuery,
  InterfaceMountInput,
  InterfacePageQuery,
  Page,
  ReportEntry,
  ReportImportQuery,
  ReportImportResult,
  ReportPageQuery,
  SourceColumn,
  TableAlertItem,
  TableAlertQuery,
  TableMountInput,
  TableSyncLogItem,
  TableSyncResult,
  TableUpdateItem,
  TableUpdatePageQuery,
  UpdateBadDetail,
  UpdateBadDetailQuery,
  UpdateBadQuery,
  UpdateBadRow,
} from '@odp/contracts';
import { http } from './client';
import { saveBlob, uploadFile } from './transfer';

/** Query keys of 数据归集: a mount or a sync invalidates `all`. */
export const collectionKeys = {
  tables: {
    all: ['collection', 'tables'] as const,
    list: (params: object) => ['collection', 'tables', 'list', params] as const,
  },
  logs: (catalogId: string, pageNo: number) => ['collection', 'tables', 'logs', catalogId, pageNo] as const,
  reports: {
    all: ['collection', 'reports'] as const,
    list: (params: object) => ['collection', 'reports', 'list', params] as const,
  },
  reportLogs: (catalogId: string, pageNo: number) => ['collection', 'reports', 'logs', catalogId, pageNo] as const,
  updateTime: {
    all: ['collection', 'updateTime'] as const,
    list: (params: object) => ['collection', 'updateTime', 'list', params] as const,
  },
  overdue: {
    all: ['collection', 'overdue'] as const,
    list: (params: object) => ['collection', 'overdue', 'list', params] as const,
  },
  overdueDetail: (params: object) => ['collection', 'overdue', 'detail', params] as const,
  interfaces: {
    all: ['collection', 'interfaces'] as const,
    list: (params: object) => ['collection', 'interfaces', 'list', params] as const,
    mounted: (params: object) => ['collection', 'interfaces', 'mounted', params] as const,
  },
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

/** 数据上报: the department's 库表 entries. */
export const listReportEntries = (query: Paged<ReportPageQuery>) =>
  http.post<Page<ReportEntry>>('/api/cataLog/pageQuery', query);
export const listReportLogs = (catalogId: string, pageNo: number, pageSize = 10) =>
  http.post<Page<TableSyncLogItem>>('/api/cataLog/updateList', { catalogId, pageNo, pageSize });
/** 下载模板, saved as the original did: `<目录名称><yyyy-MM-dd HH-mm>.xlsx`. */
export const downloadReportTemplate = async (entry: Pick<ReportEntry, 'id' | 'catalogName'>, stamp: string) =>
  saveBlob(
    await http.download('/api/datacollection/downloadShare', { dataId: entry.id }),
    `${entry.catalogName}${stamp}.xlsx`,
  );
/** 上报数据: the sheet as multipart `file`; the rest in the query. Errors are shown by the dialog. */
export const reportExcel = (query: ReportImportQuery, file: File, onProgress: (percent: number) => void) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') search.set(k, String(v));
  return uploadFile<ReportImportResult>(`/api/datacollection/importExcel?${search}`, file, {
    onProgress,
    silent: true,
  });
};

export const listTableAlerts = (query: Paged<TableAlertQuery>) =>
  http.post<Page<TableAlertItem>>('/api/IndexPage/tableAlertList', query);
export const listUpdateBad = (query: Paged<UpdateBadQuery>) =>
  http.post<Page<UpdateBadRow>>('/api/IndexPage/catalogUpdateBadList', query);
export const listUpdateBadDetail = (query: Paged<UpdateBadDetailQuery>) =>
  http.post<Page<UpdateBadDetail>>('/api/IndexPage/updateBadDetailList', query);

/** 接口发布: the department's 接口 entries with their mount and last 测试. */
export const listInterfaces = (query: Paged<InterfacePageQuery>) =>
  http.post<Page<InterfaceItem>>('/api/cataLog/pageInterface', query);
/** 挂载 / 重新挂载 (the apiId stays through a remount). */
export const mountInterface = (input: InterfaceMountInput) =>
  http.post<{ apiId: string; apiPath: string }>('/api/cataLog/interfaceMount', input);
export const cancelInterfaceMount = (catalogId: string) =>
  http.post<null>('/api/cataLog/cancelInterfaceMount', { catalogId });
/** 测试: one call of the upstream, kept as the row's 接口状态. */
export const checkInterface = (catalogId: string) => http.post<InterfaceCheck>('/api/cataLog/syncApi', { catalogId });
/** Interfaces already mounted in the caller's scope (转接口挂载: start from one). */
export const listMountedInterfaces = (query: Paged<InterfaceListQuery>) =>
  http.post<Page<InterfaceListItem>>('/api/cataLog/interfaceMountList', query);
