import type {
  AppNameOption,
  AppSystemCreateInput,
  AppSystemItem,
  AppSystemPageQuery,
  AppSystemUpdateInput,
  DataSourceCreateInput,
  DataSourceItem,
  DataSourceOption,
  DataSourcePageQuery,
  DataSourceTestInput,
  DataSourceTestResult,
  DataSourceUpdateInput,
  Page,
  SourceTable,
} from '@odp/contracts';
import { http } from './client';

/** Query keys of 资源管理: every change of a list invalidates its `all`. */
export const resourceKeys = {
  systems: {
    all: ['resources', 'systems'] as const,
    list: (params: object) => ['resources', 'systems', 'list', params] as const,
    names: (orgCode?: string) => ['resources', 'systems', 'names', orgCode ?? ''] as const,
  },
  dataSources: {
    all: ['resources', 'dataSources'] as const,
    list: (params: object) => ['resources', 'dataSources', 'list', params] as const,
    options: ['resources', 'dataSources', 'options'] as const,
    tables: (id: string) => ['resources', 'dataSources', 'tables', id] as const,
    columns: (id: string, table: string) => ['resources', 'dataSources', 'columns', id, table] as const,
  },
};

type Paged<Q extends { pageNo: number; pageSize: number }> = Partial<Q> & Pick<Q, 'pageNo' | 'pageSize'>;

export const listAppSystems = (query: Paged<AppSystemPageQuery>) =>
  http.post<Page<AppSystemItem>>('/api/system/pageTableSystem', query);
export const addAppSystem = (input: AppSystemCreateInput) => http.post<AppSystemItem>('/api/system/addSystem', input);
export const editAppSystem = (input: AppSystemUpdateInput) => http.post<AppSystemItem>('/api/system/editModify', input);
export const copyAppSystem = (id: string) => http.post<AppSystemItem>('/api/system/copySystem', { id });
export const setAppSystemState = (id: string, state: '0' | '1') =>
  http.post<AppSystemItem>('/api/system/modifyState', { id, state });
export const removeAppSystems = (ids: string[]) => http.post<null>('/api/system/deleteBatchSystem', { ids });
/** The enabled systems a catalogue or share form may name (the caller's department unless they see all). */
export const queryAppNames = (orgCode?: string) =>
  http.get<AppNameOption[]>('/api/system/queryAppName', orgCode ? { orgCode } : undefined);

export const listDataSources = (query: Paged<DataSourcePageQuery>) =>
  http.post<Page<DataSourceItem>>('/api/DataSource/page', query);
export const addDataSource = (input: DataSourceCreateInput) =>
  http.post<DataSourceItem>('/api/DataSource/addDataSource', input);
export const editDataSource = (input: DataSourceUpdateInput) =>
  http.post<DataSourceItem>('/api/DataSource/edit', input);
export const removeDataSource = (id: string) => http.delete<null>('/api/DataSource/deleteServiceMatters', { id });
export const testDataSource = (input: DataSourceTestInput) =>
  http.post<DataSourceTestResult>('/api/dataBase/testConnect', input);
export const listSourceTables = (id: string) => http.post<SourceTable[]>('/api/dataBase/listDatabase', { id });
/** The sources a picker offers (the caller's department's, every department's for administrators). */
export const listDataSourceOptions = () => http.get<DataSourceOption[]>('/api/DataSource/getDataSourceList');
