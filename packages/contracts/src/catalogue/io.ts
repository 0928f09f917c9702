import { z } from 'zod';
import { CatalogueListQuery } from './entry.js';
import { SERVICE_MATTER_LABEL } from './service-matter-terms.js';

/** Columns the export may contain, in the order they appear; `columns` in a request must be among these keys. */
export const EXPORT_COLUMNS = {
  catalogCode: '信息资源代码',
  catalogName: '信息资源名称',
  catalogEn: '英文名称',
  departName: '数源单位',
  businessDepartment: '业务责任科室',
  sourceSystem: '数源应用系统',
  contactPerson: '联系人',
  contactPhone: '联系电话',
  informationSummary: '信息资源摘要',
  keyAreasType: '重点领域分类',
  baseLibrary: '基础库/专题库',
  categoryName: '资源分类',
  dataRange: '数据范围',
  shareType: '共享类型',
  shareCondition: '共享条件',
  shareMode: '共享方式',
  openType: '开放类型',
  openCondition: '开放条件',
  updateFrequency: '更新频率',
  dataFormat: '汇聚方式',
  catalogStatus: '编目状态',
  shelfStatus: '上架状态',
  itemCount: '信息项数',
  totalNum: '数据量（行）',
  releaseTime: '发布日期',
  dataUpdateTime: '最近更新时间',
  createTime: '创建时间',
  updateTime: '更新时间',
  // 服务事项 (data_catalog_service_matter): the same headers the import reads back.
  ...SERVICE_MATTER_LABEL,
} as const;
export type ExportColumn = keyof typeof EXPORT_COLUMNS;
export const DEFAULT_EXPORT_COLUMNS: ExportColumn[] = [
  'catalogCode',
  'catalogName',
  'departName',
  'keyAreasType',
  'shareType',
  'openType',
  'updateFrequency',
  'dataFormat',
  'catalogStatus',
  'shelfStatus',
  'releaseTime',
  'updateTime',
];
/** The most rows one export writes. */
export const EXPORT_MAX_ROWS = 10_000;

export const CatalogueExportInput = CatalogueListQuery.omit({ pageNo: true, pageSize: true }).extend({
  columns: z
    .array(
      z.string().refine((v) => Object.hasOwn(EXPORT_COLUMNS, v), {
        error: (issue) => `不支持导出列 ${String(issue.input).slice(0, 40)}`,
      }),
    )
    .max(Object.keys(EXPORT_COLUMNS).length)
    .optional(),
});
export type CatalogueExportInput = z.infer<typeof CatalogueExportInput>;

/** One reason a row of an import file was refused; `row` is the spreadsheet's row number. */
export type ImportRowError = { sheet: string; row: number; field: string; message: string };
export type ImportResult = { created: number };

/** The most entries one import file may hold, and its largest size. */
export const IMPORT_MAX_ROWS = 1000;
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
