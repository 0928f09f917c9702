import { z } from 'zod';
import { PageQuery } from '../core/envelope.js';
import { idOf } from '../core/fields.js';
import type { UpdateStatus } from './table-mount.js';

/** Permission codes of 数据归集 › 数据上报 and the timeliness reports, checked on every route. */
export const ReportPerm = {
  /** 数据上报 list, 上报记录 and 下载模板. */
  list: 'dataReporting:list',
  /** 上报数据: an Excel sheet into the caller's department's 库表 entry. */
  import: 'dataReporting:import',
  /** 更新时间统计 (every department with catalog:review). */
  updateTime: 'updateStatistics:list',
  /** 已发布目录超时统计 and its detail (every department with catalog:review). */
  overdue: 'publishedOverdue:list',
} as const;

/** dict `primary_key_conflict_policy`: what a row whose key is already held does. */
export const CONFLICT_POLICY = { replace: '1', skip: '2', refuse: '3' } as const;
export type ConflictPolicy = (typeof CONFLICT_POLICY)[keyof typeof CONFLICT_POLICY];
export const CONFLICT_POLICY_LABEL: Record<ConflictPolicy, string> = {
  '1': '覆盖已有记录',
  '2': '跳过冲突记录',
  '3': '报错并终止',
};

/** The mode of an update-log row (ds_sync_log) and how the 更新记录 names it. */
export const UPDATE_LOG_MODE_LABEL: Record<string, string> = {
  full: '全量同步',
  incremental: '增量同步',
  excel: 'Excel 上报',
};

/** `/api/cataLog/pageQuery`: the caller's department's 库表 entries an Excel sheet may be reported into. */
export const ReportPageQuery = PageQuery.extend({
  catalogName: z.string().trim().max(100).optional(),
  updateStatus: z.enum(['1', '2', '3'], { error: '更新状态不正确' }).optional(),
  updateFrequency: z.string().trim().max(4).optional(),
});
export type ReportPageQuery = z.infer<typeof ReportPageQuery>;

/** A row of 数据上报. */
export type ReportEntry = {
  id: string;
  catalogName: string;
  orgCode: string;
  departName: string;
  updateFrequency: string;
  totalNum: number;
  /** 编目状态 and 上架状态, so that the officer sees drafts for what they are. */
  catalogStatus: number;
  shelfStatus: number;
  databaseName: string | null;
  tableName: string | null;
  /** 最近更新时间 (the spec's importTime): the last time the entry's data changed, however. */
  dataUpdateTime: string | null;
  updateStatus: UpdateStatus;
  /** The data items flagged as primary key; empty when none is (the officer then names the key column). */
  keyColumns: string[];
  /** The columns a sheet must carry: the current copy's, or the data items' before the first report. */
  columns: string[];
};

/**
 * `/api/datacollection/importExcel` (multipart `file`): where the sheet goes and what a held key does.
 * `keyColumn` names the key when no data item is flagged as one; `headerRow` overrides detection.
 */
export const ReportImportQuery = z.object({
  catalogId: idOf('目录'),
  conflictPolicy: z.enum(['1', '2', '3'], { error: '请选择主键冲突策略' }),
  keyColumn: z.string().trim().min(1, '主键列不能为空').max(100).optional(),
  headerRow: z.coerce
    .number()
    .int('表头行须为整数')
    .min(1, '表头行不能小于 1')
    .max(100, '表头行不能超过 100')
    .optional(),
});
export type ReportImportQuery = z.infer<typeof ReportImportQuery>;

/** What one report did. */
export type ReportImportResult = {
  catalogId: string;
  fileName: string;
  /** Rows with a key the copy did not hold. */
  inserted: number;
  /** Rows that replaced the row holding their key (覆盖). */
  replaced: number;
  /** Rows left out because their key was held, in the copy or earlier in the sheet (跳过). */
  skipped: number;
  totalNum: number;
  headerRow: number;
};

/** `/api/datacollection/downloadShare?dataId=`: the entry's template. */
export const ReportTemplateQuery = z.object({ dataId: idOf('目录') });

/** `/api/cataLog/updateList`: the Excel reports of one entry. */
export const ReportLogQuery = PageQuery.extend({ catalogId: idOf('目录') });
export type ReportLogQuery = z.infer<typeof ReportLogQuery>;
