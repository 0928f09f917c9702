import { z } from 'zod';
import { positiveInt, tooLong, uuidOf } from '../core/fields.js';
import { DATA_FORMATS, UPDATE_FREQUENCIES } from './entry.js';
import { SERVICE_MATTER_LABEL as L, YES_NO_CODES } from './service-matter-terms.js';

/** '' and null from a form are "not given". */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/** One value, a comma list or an array (JSON bodies send arrays, forms send repeated keys or commas). */
const asList = (v: unknown) => {
  if (v === undefined || v === null || v === '') return undefined;
  const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : v;
  return Array.isArray(list) ? list.map((x) => (typeof x === 'string' ? x.trim() : x)).filter((x) => x !== '') : list;
};

/** Text of the search form: at most 100 characters, blank is absent. */
const searchText = (label: string) => z.preprocess(blank, z.string().trim().max(100, tooLong(100, label)).optional());

/** A facet's chosen values: an array, or one value or a comma list as a form sends them. */
const codeList = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.preprocess(
    asList,
    z
      .array(z.enum(values, { error: `${label}取值不正确` }))
      .max(20, `${label}取值过多`)
      .optional(),
  );

/** Departments by orgCode (数源部门), as an array or a comma list. */
const orgList = z.preprocess(
  asList,
  z
    .array(z.string().max(64, '部门编码不能超过 64 个字符'), { error: '数源部门格式不正确' })
    .max(100, '一次最多选择 100 个部门')
    .optional(),
);

/** The filters of the service-matters catalogue, shared by the page and the facet counts. */
export const ServiceMattersFilter = z.object({
  implementationCode: searchText(L.implementationCode),
  implementationName: searchText(L.implementationName),
  catalogName: searchText('目录名称'),
  businessName: searchText(L.businessName),
  businessCode: searchText(L.businessCode),
  /** 数源部门: one department (the left tree), or several (`sourceUnitList`). */
  sourceUnitCode: z.preprocess(blank, z.string().trim().max(64, '部门编码不能超过 64 个字符').optional()),
  sourceUnitList: orgList,
  updateFrequency: codeList('更新周期', UPDATE_FREQUENCIES),
  electronicLicense: codeList('是否电子证照', YES_NO_CODES),
  dataFormat: codeList('资源类型', DATA_FORMATS),
});
export type ServiceMattersFilter = z.infer<typeof ServiceMattersFilter>;

export const ServiceMattersPageQuery = ServiceMattersFilter.extend({
  pageNo: positiveInt(1, 1000),
  pageSize: positiveInt(10, 50),
  /** The original portal sends orderBy 'updateTime' with orderSc; 'releaseTime' is offered too. */
  orderBy: z.preprocess(
    blank,
    z.enum(['updateTime', 'releaseTime'], { error: '排序字段须为 updateTime 或 releaseTime' }).default('updateTime'),
  ),
  orderSc: z.preprocess(blank, z.enum(['asc', 'desc'], { error: '排序方向须为 asc 或 desc' }).default('desc')),
});
export type ServiceMattersPageQuery = z.infer<typeof ServiceMattersPageQuery>;

export const ServiceMatterIdQuery = z.object({ id: uuidOf('目录 ID'), _t: z.unknown().optional() });
export type ServiceMatterIdQuery = z.infer<typeof ServiceMatterIdQuery>;
