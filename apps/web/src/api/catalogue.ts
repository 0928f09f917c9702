import type {
  CatalogueAction,
  CatalogueCreateInput,
  CatalogueDetail,
  CatalogueFile,
  CatalogueItem,
  CatalogueListQuery,
  CatalogueLogItem,
  CatalogueLogQuery,
  CatalogueUpdateInput,
  ExportColumn,
  FileKind,
  FilePreview,
  ImportResult,
  LifecycleInput,
  LifecycleResult,
  Page,
} from '@odp/contracts';
import { http } from './client';
import { downloadPost, saveBlob, uploadFile } from './transfer';

/** The list filters as the page sends them; the server validates them against `CatalogueListQuery`. */
export type CatalogueListParams = Partial<CatalogueListQuery> & Pick<CatalogueListQuery, 'pageNo' | 'pageSize'>;

/** The log filters as the page sends them; the server validates them against `CatalogueLogQuery`. */
export type CatalogueLogParams = Partial<CatalogueLogQuery> & Pick<CatalogueLogQuery, 'pageNo' | 'pageSize'>;

/** The detail as `/api/cataLog/get` answers it: the contract's, plus the category's name. */
export type CatalogueEntry = CatalogueDetail & { categoryName?: string | null };

export const catalogueKeys = {
  all: ['catalogue'] as const,
  list: (params: object) => ['catalogue', 'list', params] as const,
  drafts: (params: object) => ['catalogue', 'drafts', params] as const,
  detail: (id: string) => ['catalogue', 'detail', id] as const,
  entryLog: (id: string) => ['catalogue', 'entryLog', id] as const,
  logs: (params: object) => ['catalogue', 'logs', params] as const,
  files: (catalogId: string) => ['catalogue', 'files', catalogId] as const,
  preview: (fileId: string, headerRow?: number) => ['catalogue', 'preview', fileId, headerRow ?? null] as const,
};

export const listCatalogues = (query: CatalogueListParams) =>
  http.post<Page<CatalogueItem>>('/api/cataLog/page', query);

export const listDrafts = (query: CatalogueListParams) =>
  http.post<Page<CatalogueItem>>('/api/cataLog/draftsPage', query);

export const getCatalogue = (id: string) => http.get<CatalogueEntry>('/api/cataLog/get', { id });

/** Silent: the form marks the field the server blamed instead of only showing a notice. */
export const saveCatalogue = (input: CatalogueCreateInput) =>
  http.post<CatalogueDetail>('/api/cataLog/save', input, { silent: true });

export const updateCatalogue = (input: CatalogueUpdateInput) =>
  http.post<CatalogueDetail>('/api/cataLog/update', input, { silent: true });

export const copyCatalogue = (id: string) => http.post<CatalogueDetail>('/api/cataLog/copyCatalog', { id });

/** Drafts are deleted for good; answered per id like the lifecycle calls. */
export const deleteDrafts = (ids: string[]) => http.post<LifecycleResult>('/api/cataLog/draftsDel', { ids });

export const getCatalogueLog = (id: string) => http.get<CatalogueLogItem[]>('/api/cataLog/getLogById', { id });

export const listCatalogueLogs = (query: CatalogueLogParams) =>
  http.post<Page<CatalogueLogItem>>('/api/cataLog/logPage', query);

/** The department's own lifecycle calls; the reviewer's decisions go through work orders. */
const LIFECYCLE_PATHS: Partial<Record<CatalogueAction, string>> = {
  submit: '/api/flowcatalog/submitCatalog',
  recovery: '/api/flowcatalog/processRecovery',
  upShelfApply: '/api/flowcatalog/submitOpenCatalogUpShelf',
  offShelfApply: '/api/flowcatalog/submitopenCatalogOffShelf',
  // Drafts are removed for good, other entries go to 已删除 (recoverable); the server decides per entry.
  delete: '/api/cataLog/deleteBatch',
  recover: '/api/flowcatalog/recover',
};

/** Actions this page can send itself (the others are decisions taken in 目录审核). */
export const isDirectAction = (action: string): action is CatalogueAction => action in LIFECYCLE_PATHS;

/**
 * Applies a lifecycle action to several entries. The server answers per id; when it refuses them
 * all it answers 400 with the same shape in `result`, which `batchResultOf` reads.
 */
export function runLifecycle(action: CatalogueAction, input: LifecycleInput) {
  const path = LIFECYCLE_PATHS[action];
  if (!path) return Promise.reject(new Error(`不支持的操作：${action}`));
  return http.post<LifecycleResult>(path, input, { silent: true });
}

// 导入导出

export const downloadImportTemplate = async () =>
  saveBlob(await http.download('/api/cataLog/importTemplate'), '信息资源目录导入模板.xlsx');

/** Resolves with the number of entries created; a refused file rejects with `result.errors`. */
export const importCatalogues = (file: File, onProgress: (percent: number) => void) =>
  uploadFile<ImportResult>('/api/cataLog/importExcel', file, { onProgress, silent: true });

export const exportCatalogues = (filters: Record<string, unknown>, columns: ExportColumn[]) =>
  downloadPost('/api/cataLog/exportExcel', { ...filters, columns });

// 附件

export const listFiles = (catalogId: string) => http.get<CatalogueFile[]>('/api/file/list', { catalogId });

export const uploadCatalogueFile = (
  catalogId: string,
  kind: FileKind,
  file: File,
  onProgress: (percent: number) => void,
  headerRow?: number,
) =>
  uploadFile<CatalogueFile>(
    `/api/file/upload?catalogId=${encodeURIComponent(catalogId)}&kind=${kind}${headerRow ? `&headerRow=${headerRow}` : ''}`,
    file,
    { onProgress },
  );

export const deleteFile = (id: string) => http.post<unknown>('/api/file/delete', { id });

/** `headerRow`: read a CSV or XLSX with that row (1-based) as its header; detected when absent. */
export const previewFile = (id: string, headerRow?: number) =>
  http.get<FilePreview>('/api/file/preview', headerRow ? { id, headerRow } : { id });

export const downloadFile = async (file: Pick<CatalogueFile, 'id' | 'fileName'>) =>
  saveBlob(await http.download('/api/file/download', { id: file.id }), file.fileName);
