import {
  type CatalogueCreateInput,
  type DataItemInput,
  SERVICE_MATTER_DICT as SD,
  type ServiceMatterInput,
  SERVICE_MATTER_LABEL as SL,
} from '@odp/contracts';

/** How a cell is read: free text, a dictionary code given as code or label, 是/否, a date, a number. */
export type CellKind =
  | { kind: 'text' }
  | { kind: 'dict'; dict: string }
  | { kind: 'bool' }
  | { kind: 'date' }
  | { kind: 'time' }
  | { kind: 'int' }
  | { kind: 'category' }
  | { kind: 'depart' }
  /** 是/否 as the codes '1'/'0'. */
  | { kind: 'yesno' }
  /** Several dictionary items, by code or label, separated by 、 , ， ; or ；. */
  | { kind: 'dicts'; dict: string };

export type ColumnSpec<F extends string> = CellKind & {
  header: string;
  field: F;
  required?: boolean;
  width?: number;
  note?: string;
};

type EntryField = Exclude<keyof CatalogueCreateInput, 'dataList'>;
type ItemField = keyof DataItemInput;

export const ENTRY_SHEET = '目录';
export const ITEM_SHEET = '信息项';
export const GUIDE_SHEET = '说明';
/** The 信息项 sheet's column naming the entry a data item belongs to. */
export const ITEM_OWNER_HEADER = '目录名称';

const text = { kind: 'text' } as const;
const dict = (code: string) => ({ kind: 'dict', dict: code }) as const;

/** The columns of the 目录 sheet, in template order. */
export const ENTRY_COLUMNS: ColumnSpec<EntryField>[] = [
  { header: '信息资源名称', field: 'catalogName', required: true, width: 30, ...text },
  { header: '英文名称', field: 'catalogEn', width: 20, ...text },
  {
    header: '数源单位',
    field: 'orgCode',
    width: 24,
    kind: 'depart',
    note: '部门名称或机构编码；仅审核员与管理员可填，部门用户导入的目录一律属于本部门',
  },
  { header: '业务责任科室', field: 'businessDepartment', width: 16, ...text },
  { header: '数源应用系统', field: 'sourceSystem', width: 24, ...text },
  { header: '联系人', field: 'contactPerson', width: 12, ...text },
  { header: '联系电话', field: 'contactPhone', width: 16, ...text },
  { header: '信息资源摘要', field: 'informationSummary', required: true, width: 40, note: '20–300 个字符', ...text },
  { header: '重点领域分类', field: 'keyAreasType', required: true, width: 14, ...dict('key_areas_type') },
  { header: '重点领域备注', field: 'keyAreasRemark', width: 16, note: '重点领域为“其他”时必填', ...text },
  { header: '基础库/专题库', field: 'baseLibrary', width: 14, ...dict('base_library') },
  { header: '资源分类', field: 'categoryId', width: 18, kind: 'category', note: '类目名称，如 交通出行' },
  { header: '数据范围', field: 'dataRange', width: 10, ...dict('data_range') },
  { header: '共享类型', field: 'shareType', required: true, width: 14, ...dict('share_type') },
  { header: '共享条件', field: 'shareCondition', width: 20, note: '有条件共享时必填', ...text },
  { header: '不予共享依据', field: 'dontShareCondition', width: 20, note: '不予共享时必填', ...text },
  { header: '共享方式', field: 'shareMode', width: 10, ...dict('share_mode') },
  { header: '开放类型', field: 'openType', required: true, width: 14, ...dict('open_type') },
  { header: '开放条件', field: 'openCondition', width: 20, note: '有条件开放时必填', ...text },
  { header: '是否向社会开放', field: 'openSociety', width: 14, kind: 'bool' },
  { header: '更新频率', field: 'updateFrequency', required: true, width: 10, ...dict('update_frequency') },
  {
    header: '更新时间点',
    field: 'inputFrequency',
    width: 14,
    kind: 'time',
    note: '每日：08:00；每周：1–7；每月：1–31；每季度/每半年/每年：MM-DD；其他频率不填',
  },
  { header: '发布日期', field: 'releaseTime', width: 14, kind: 'date', note: '如 2026-01-31' },
  { header: '汇聚方式', field: 'dataFormat', required: true, width: 10, ...dict('data_format') },
];

/** The columns of the 信息项 sheet after 目录名称. */
export const ITEM_COLUMNS: ColumnSpec<ItemField>[] = [
  { header: '信息项名称', field: 'name', required: true, width: 20, ...text },
  { header: '英文名称', field: 'enName', width: 18, ...text },
  { header: '数据类型', field: 'dataType', required: true, width: 12, ...dict('field_data_type') },
  { header: '数据长度', field: 'dataLength', width: 10, kind: 'int' },
  { header: '共享属性', field: 'shareProperty', width: 12, ...dict('share_property') },
  { header: '共享条件', field: 'sharingCondition', width: 18, ...text },
  { header: '开放属性', field: 'openAttribute', width: 12, ...dict('open_properties') },
  { header: '是否主键', field: 'primaryKey', width: 10, kind: 'bool' },
  { header: '是否可为空', field: 'nullValue', width: 10, kind: 'bool' },
  { header: '数据分级', field: 'dataLevel', width: 16, ...dict('data_level') },
  { header: '字段描述', field: 'fieldDescription', width: 24, ...text },
  { header: '是否脱敏', field: 'masked', width: 10, kind: 'bool' },
];

type ServiceField = keyof ServiceMatterInput;

/**
 * The 服务事项 columns of the 目录 sheet, after the entry's own (export and import share the headers).
 * An entry whose 关联政务服务 is 否 or blank and whose other 服务事项 cells are empty has none.
 */
export const SERVICE_COLUMNS: ColumnSpec<ServiceField>[] = [
  {
    header: SL.relatedGovernment,
    field: 'relatedGovernment',
    width: 12,
    kind: 'yesno',
    note: '是/否；填“是”时业务办理项、实施清单的编码和名称及事项类型必填',
  },
  { header: SL.businessCode, field: 'businessCode', width: 22, ...text },
  { header: SL.businessName, field: 'businessName', width: 24, ...text },
  { header: SL.eventType, field: 'eventType', width: 14, ...dict(SD.eventType) },
  { header: SL.eventLevel, field: 'eventLevel', width: 12, ...dict(SD.eventLevel) },
  { header: SL.directoryCode, field: 'directoryCode', width: 18, ...text },
  { header: SL.itemData, field: 'itemData', width: 20, ...text },
  { header: SL.implementationCode, field: 'implementationCode', width: 26, ...text },
  { header: SL.implementationName, field: 'implementationName', width: 24, ...text },
  { header: SL.drivingLevel, field: 'drivingLevel', width: 12, ...dict(SD.drivingLevel) },
  { header: SL.resultType, field: 'resultType', width: 12, ...dict(SD.resultType) },
  { header: SL.applicationScenario, field: 'applicationScenario', width: 12, ...dict(SD.applicationScenario) },
  {
    header: SL.applicationScenarioDescribe,
    field: 'applicationScenarioDescribe',
    width: 12,
    ...dict(SD.applicationScenarioDescribe),
  },
  {
    header: SL.provideChannels,
    field: 'provideChannels',
    width: 24,
    kind: 'dicts',
    dict: SD.provideChannels,
    note: '可填多个，用“、”分隔',
  },
  { header: SL.electronicLicense, field: 'electronicLicense', width: 12, ...dict(SD.electronicLicense) },
];

export const DICTS_USED = [
  ...new Set(
    [...ENTRY_COLUMNS, ...SERVICE_COLUMNS, ...ITEM_COLUMNS].flatMap((c) =>
      c.kind === 'dict' || c.kind === 'dicts' ? [c.dict] : [],
    ),
  ),
];

/** A header as typed in a file: the required marker and spaces do not count. */
export const normaliseHeader = (h: string) => h.replace(/[*＊\s]/g, '');

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export { XLSX_MIME };

/** Content-Disposition for a download with a Chinese file name (RFC 6266 / 5987). */
export function attachment(fileName: string, fallback: string): string {
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Spreadsheet formula injection: a cell starting with = + - @ (or a tab/CR) is kept as text. */
export function neutralise(value: unknown): unknown {
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(value)) return `'${value}`;
  return value;
}
