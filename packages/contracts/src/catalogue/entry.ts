import { z } from 'zod';
import { PageQuery } from '../core/envelope.js';
import { idOf, optionalMatching, optionalText, requiredText, tooLong, trimmedText } from '../core/fields.js';
import { ServiceMatterInput } from './service-matter.js';
import type { ServiceMatter } from './service-matter-terms.js';

const codeOf = (label: string, values: readonly string[]) =>
  z.enum(values as [string, ...string[]], { error: `请选择${label}` });

export const KEY_AREA_CODES = Array.from({ length: 21 }, (_, i) => String(i + 1));
export const KEY_AREA_OTHER = '21';
export const SHARE_TYPES = ['10', '20', '30'] as const;
export const OPEN_TYPES = ['1', '2', '3'] as const;
export const UPDATE_FREQUENCIES = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
export const DATA_FORMATS = ['file', 'table', 'api'] as const;
export const FIELD_DATA_TYPES = ['C', 'N', 'D', 'DT', 'B', 'BY'] as const;

/**
 * What `inputFrequency` holds for each 更新频率: the time of day (每日), the weekday (每周), the day
 * of the month (每月), or month-day (每季度/每半年/每年); 不定期, 分钟级 and 小时级 take none.
 */
export const INPUT_FREQUENCY_RULE: Record<string, { pattern: RegExp; hint: string } | null> = {
  '1': { pattern: /^([01]\d|2[0-3]):[0-5]\d$/, hint: '每日更新请填写更新时间，如 08:00' },
  '2': { pattern: /^[1-7]$/, hint: '每周更新请选择星期几（1–7）' },
  '3': { pattern: /^([1-9]|[12]\d|3[01])$/, hint: '每月更新请选择几号（1–31）' },
  '4': { pattern: /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, hint: '请填写更新日期，如 03-31' },
  '5': { pattern: /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, hint: '请填写更新日期，如 06-30' },
  '6': { pattern: /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, hint: '请填写更新日期，如 12-31' },
  '7': null,
  '8': null,
  '9': null,
};

export const DataItemInput = z
  .object({
    name: requiredText('信息项名称', 100).regex(/[\u4e00-\u9fa5]/, '信息项名称须为中文'),
    enName: z
      .string()
      .trim()
      .max(100)
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, '英文名称只能包含字母、数字和下划线，且不能以数字开头')
      .optional()
      .nullable()
      .or(z.literal('').transform(() => null)),
    dataType: codeOf('数据类型', FIELD_DATA_TYPES),
    dataLength: z.coerce.number().int('数据长度须为整数').min(1, '数据长度须大于 0').max(100000).optional().nullable(),
    shareProperty: codeOf('共享属性', SHARE_TYPES).default('10'),
    sharingCondition: optionalText(300, '共享条件'),
    openAttribute: codeOf('开放属性', OPEN_TYPES).optional().nullable(),
    primaryKey: z.boolean().default(false),
    nullValue: z.boolean().default(true),
    dataLevel: z.enum(['1', '2', '3', '4']).optional().nullable(),
    fieldDescription: optionalText(300, '字段描述'),
    masked: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.shareProperty === '20' && !v.sharingCondition) {
      ctx.addIssue({ code: 'custom', path: ['sharingCondition'], message: '共享属性为有条件共享时，请填写共享条件' });
    }
  });
export type DataItemInput = z.infer<typeof DataItemInput>;

const CatalogueFields = z.object({
  catalogName: requiredText('信息资源名称', 100),
  catalogEn: optionalText(200, '英文名称'),
  /** Chosen by reviewers and administrators; a department officer always catalogues for their own department. */
  orgCode: z.string().trim().max(64).optional().nullable(),
  businessDepartment: optionalText(100, '业务责任科室'),
  sourceSystem: optionalText(100, '数源应用系统'),
  contactPerson: optionalText(64, '联系人'),
  contactPhone: optionalMatching(/^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/, '联系电话格式不正确'),
  informationSummary: z
    .string()
    .trim()
    .min(20, '信息资源摘要不能少于 20 个字符')
    .max(300, '信息资源摘要不能超过 300 个字符'),
  keyAreasType: codeOf('重点领域分类', KEY_AREA_CODES),
  keyAreasRemark: optionalText(200, '重点领域备注'),
  baseLibrary: z.enum(['0', '1', '2']).default('0'),
  categoryId: z.string().uuid('请选择资源分类').optional().nullable(),
  dataRange: z.enum(['1', '2', '3', '4']).default('3'),
  shareType: codeOf('共享类型', SHARE_TYPES),
  shareCondition: optionalText(500, '共享条件'),
  dontShareCondition: optionalText(500, '不予共享依据'),
  shareMode: z.enum(DATA_FORMATS).optional().nullable(),
  openType: codeOf('开放类型', OPEN_TYPES),
  openCondition: optionalText(500, '开放条件'),
  openSociety: z.boolean().default(false),
  /** 有条件开放 only: an open application needs the applicant's 实名认证 (已认证). */
  applyNeedsVerified: z.boolean().default(false),
  updateFrequency: codeOf('更新频率', UPDATE_FREQUENCIES),
  inputFrequency: optionalText(32, '更新时间点'),
  releaseTime: z.iso.datetime({ offset: true, error: '发布日期格式不正确' }).optional().nullable(),
  dataFormat: z.enum(DATA_FORMATS, { error: '请选择汇聚方式' }),
  dataList: z.array(DataItemInput).max(500, '信息项不能超过 500 个').default([]),
  /**
   * 服务事项. Left out, an update keeps what the entry has (an import, an older client); 关联政务服务 否
   * removes it.
   */
  serviceMatter: ServiceMatterInput.optional(),
});

/** The conditional rules of DOMAIN.md §2, checked identically by the form and the server. */
function conditionalRules(v: z.infer<typeof CatalogueFields>, ctx: z.RefinementCtx) {
  const need = (ok: boolean, path: string, message: string) => {
    if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
  };
  need(
    v.keyAreasType !== KEY_AREA_OTHER || Boolean(v.keyAreasRemark),
    'keyAreasRemark',
    '重点领域选择“其他”时，请填写备注',
  );
  need(v.shareType !== '20' || Boolean(v.shareCondition), 'shareCondition', '共享类型为有条件共享时，请填写共享条件');
  need(
    v.shareType !== '30' || Boolean(v.dontShareCondition),
    'dontShareCondition',
    '共享类型为不予共享时，请填写不予共享依据',
  );
  need(v.openType !== '2' || Boolean(v.openCondition), 'openCondition', '开放类型为有条件开放时，请填写开放条件');
  const rule = INPUT_FREQUENCY_RULE[v.updateFrequency];
  if (rule) need(Boolean(v.inputFrequency && rule.pattern.test(v.inputFrequency)), 'inputFrequency', rule.hint);
  const names = new Set<string>();
  v.dataList.forEach((item, i) => {
    if (names.has(item.name))
      ctx.addIssue({ code: 'custom', path: ['dataList', i, 'name'], message: `信息项名称“${item.name}”重复` });
    names.add(item.name);
  });
}

export const CatalogueCreateInput = CatalogueFields.superRefine(conditionalRules);
export type CatalogueCreateInput = z.infer<typeof CatalogueCreateInput>;

export const CatalogueUpdateInput = CatalogueFields.extend({ id: z.string().uuid('缺少目录 ID') }).superRefine(
  conditionalRules,
);
export type CatalogueUpdateInput = z.infer<typeof CatalogueUpdateInput>;

/** Fields of the form for the web (the shape without the cross-field rules). */
export const CatalogueFormShape = CatalogueFields.shape;

export const CatalogueListQuery = PageQuery.extend({
  catalogName: trimmedText(100),
  orgCode: trimmedText(64),
  catalogStatus: z.coerce.number().int().min(0).max(3).optional(),
  shelfStatus: z.coerce.number().int().min(0).max(9).optional(),
  keyAreasType: z.string().max(4).optional(),
  openType: z.string().max(4).optional(),
  dataFormat: z.string().max(8).optional(),
});
export type CatalogueListQuery = z.infer<typeof CatalogueListQuery>;

export type DataItem = DataItemInput & { id: string; serialNumber: number };

export type CatalogueFile = {
  id: string;
  kind: 'data' | 'doc';
  fileName: string;
  mimeType: string;
  size: number;
  rowCount: number;
  columns: string[] | null;
  createTime: string;
  /** Of a CSV or XLSX just parsed: the row (1-based) its header was read from. */
  headerRow?: number;
};

/** A row of the back-office list, with the actions the caller may take on it now. */
export type CatalogueItem = {
  id: string;
  catalogCode: string;
  catalogName: string;
  orgCode: string;
  departName: string;
  keyAreasType: string;
  shareType: string;
  openType: string;
  updateFrequency: string;
  dataFormat: string;
  catalogStatus: number;
  shelfStatus: number;
  releaseTime: string | null;
  dataUpdateTime: string | null;
  createTime: string;
  updateTime: string;
  totalNum: number;
  editable: boolean;
  actions: string[];
};

export type CatalogueDetail = CatalogueItem &
  Omit<CatalogueCreateInput, 'dataList' | 'releaseTime' | 'serviceMatter'> & {
    /** The government service item the entry serves (关联政务服务 是), or null. */
    serviceMatter: ServiceMatter | null;
    dataList: DataItem[];
    files: CatalogueFile[];
    viewNum: number;
    downloadNum: number;
    applicationsNum: number;
    collectNum: number;
    scoreAvg: number;
    scoreCount: number;
  };

/** Lifecycle calls take several ids and answer per id. */
export const LifecycleInput = z.object({
  ids: z.array(idOf('目录')).min(1, '请选择目录').max(200, '一次最多处理 200 条'),
  comment: trimmedText(500, tooLong(500, '意见')),
  /** Off-shelf reason code (dict early_warning_information). */
  reason: z.string().max(8).optional(),
});
export type LifecycleInput = z.infer<typeof LifecycleInput>;

export type LifecycleResult = {
  succeeded: string[];
  refused: { id: string; reason: string }[];
};
