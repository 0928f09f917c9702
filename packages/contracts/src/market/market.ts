import { z } from 'zod';
import type { CatalogueFile } from '../catalogue/entry.js';
import type { ServiceMatter } from '../catalogue/service-matter-terms.js';
import { MAX_PAGE_SIZE } from '../core/envelope.js';
import { optionalText, positiveInt, tooLong, uuidOf } from '../core/fields.js';
import { DOWNLOAD_FORMATS, MARKET_SORTS } from './terms.js';

/** The original client sends '' for an unset filter; treat it as absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
const code = (max: number) => optional(z.string().trim().max(max, tooLong(max)));

/** The filters of the public catalogue, shared by the page and the facet counts. */
export const MarketFilter = z.object({
  /** Keyword: space-separated terms, all of which must match (名称、摘要、部门、领域、信息项). */
  catalogName: optional(z.string().trim().max(100, '搜索词不能超过 100 个字符')),
  /** A node of a category tree (treeItemId 1): entries of that node and its descendants. */
  categoryId: optional(uuidOf('类目 ID')),
  /** 2 department tree, 3 county tree: then `orgCode` is the clicked department or district. */
  treeItemId: optional(z.coerce.number().int().min(1).max(10)),
  keyAreasType: code(4),
  dataFormat: code(8),
  shareType: code(4),
  openType: code(4),
  updateFrequency: code(4),
  orgCode: code(64),
});
export type MarketFilter = z.infer<typeof MarketFilter>;

export const MarketPageQuery = MarketFilter.extend({
  pageNo: positiveInt(1, 1000),
  pageSize: positiveInt(10, Math.min(MAX_PAGE_SIZE, 50)),
  /** Without a sort, keyword results come by relevance (name matches first), others newest first. */
  sort: optional(z.enum(MARKET_SORTS, { error: '不支持的排序字段' })),
  order: optional(z.enum(['asc', 'desc'])),
});
export type MarketPageQuery = z.infer<typeof MarketPageQuery>;

/** One card of the public catalogue. Highlights are HTML-escaped text with <em> around matches. */
export type MarketCard = {
  id: string;
  catalogName: string;
  catalogCode: string;
  informationSummary: string;
  orgCode: string;
  departName: string;
  releaseTime: string | null;
  dataUpdateTime: string | null;
  openType: string;
  shareType: string;
  keyAreasType: string;
  updateFrequency: string;
  dataFormat: string;
  viewNum: number;
  downloadNum: number;
  /** Successful calls of the open data API. */
  callNum: number;
  applicationsNum: number;
  collectNum: number;
  scoreAvg: number;
  totalNum: number;
  highlight: { catalogName: string; informationSummary: string };
  /** In the site search's 事项主线目录 tab: the service item the entry serves. */
  service?: Pick<ServiceMatter, 'businessCode' | 'businessName' | 'implementationCode' | 'implementationName'>;
};

/** A page of cards; when more than SEARCH_TOTAL_CAP match, `total` is the cap and `totalCapped` is true. */
export type MarketPage = {
  records: MarketCard[];
  total: number;
  size: number;
  current: number;
  pages: number;
  totalCapped: boolean;
};

export const MarketIdQuery = z.object({
  id: uuidOf('目录 ID'),
  /** `1` when the page this call is for already counted the view (its HTML carried the detail). */
  counted: z.literal('1').optional(),
  _t: z.unknown().optional(),
});

export type MarketDataItem = {
  serialNumber: number;
  name: string;
  enName: string | null;
  dataType: string;
  dataLength: number | null;
  openAttribute: string | null;
  primaryKey: boolean;
  nullValue: boolean;
  fieldDescription: string | null;
  masked: boolean;
};

export type MarketRelated = {
  id: string;
  catalogName: string;
  departName: string;
  keyAreasType: string;
  releaseTime: string | null;
};

/** Everything the public may know about an entry. */
export type MarketDetail = Omit<MarketCard, 'highlight'> & {
  catalogEn: string | null;
  businessDepartment: string | null;
  sourceSystem: string | null;
  keyAreasRemark: string | null;
  baseLibrary: string;
  categoryId: string | null;
  dataRange: string;
  shareMode: string | null;
  openCondition: string | null;
  openSociety: boolean;
  /** An open application needs the applicant's 实名认证. */
  applyNeedsVerified: boolean;
  inputFrequency: string | null;
  scoreCount: number;
  /** Only 无条件开放 entries can be downloaded; 有条件开放 ones need an open application. */
  downloadable: boolean;
  dataList: MarketDataItem[];
  files: CatalogueFile[];
  /** The mounted table's current copy in the datastore (库表 entries), previewed and downloaded like a file. */
  table: MarketTable | null;
  related: MarketRelated[];
  /** The government service item the entry serves (服务事项), when it is related to one. */
  serviceMatter: ServiceMatter | null;
  /** The caller's own rating and collection, when a token was sent. */
  myRating: { score: number; comment: string | null } | null;
  collected: boolean;
};

/** A mounted table as the public sees it: its rows live in the datastore, synced from the source. */
export type MarketTable = { id: string; tableName: string; rowCount: number; updatedAt: string };

const FILE_OR_TABLE = '请指定数据文件或数据表';

/** A data file (`fileId`) or the mounted table (`resourceId`) of the entry. */
export const MarketPreviewQuery = z
  .object({
    catalogId: uuidOf('目录 ID'),
    fileId: optional(uuidOf('文件 ID')),
    resourceId: optional(uuidOf('数据表 ID')),
    _t: z.unknown().optional(),
  })
  .refine((q) => Boolean(q.fileId) !== Boolean(q.resourceId), { message: FILE_OR_TABLE, path: ['fileId'] });
export type MarketPreviewQuery = z.infer<typeof MarketPreviewQuery>;

export const OpenDownloadQuery = z
  .object({
    catalogId: uuidOf('目录 ID'),
    /** The spec names the file by its name; `fileId` picks one when names repeat. */
    fileName: optional(z.string().trim().min(1, '请指定文件名').max(255)),
    fileId: optional(uuidOf('文件 ID')),
    /** The mounted table instead of a file: CSV, XLSX or JSON (its "original" is CSV). */
    resourceId: optional(uuidOf('数据表 ID')),
    format: z.enum(DOWNLOAD_FORMATS, { error: '下载格式须为 original、csv、xlsx 或 json' }).default('original'),
    _t: z.unknown().optional(),
  })
  .refine((q) => Boolean(q.fileName || q.fileId) !== Boolean(q.resourceId), {
    message: FILE_OR_TABLE,
    path: ['fileName'],
  });
export type OpenDownloadQuery = z.infer<typeof OpenDownloadQuery>;

export const MarketMessages = {
  conditionalOpen: '该数据为有条件开放，请提交开放申请',
} as const;

export const RatingInput = z.object({
  catalogId: uuidOf('目录 ID'),
  score: z.coerce
    .number({ error: '请选择评分' })
    .int('评分须为整数')
    .min(1, '评分须在 1 到 5 之间')
    .max(5, '评分须在 1 到 5 之间'),
  comment: optionalText(500, '评价'),
});
export type RatingInput = z.infer<typeof RatingInput>;

export type RatingResult = {
  scoreAvg: number;
  scoreCount: number;
  myRating: { score: number; comment: string | null };
};

export const RatingListQuery = z.object({
  catalogId: uuidOf('目录 ID'),
  pageNo: positiveInt(1, 10_000),
  pageSize: positiveInt(10, 50),
  _t: z.unknown().optional(),
});

/** A public rating: the rater's name is shown masked. */
export type RatingItem = {
  userName: string;
  score: number;
  comment: string | null;
  createTime: string;
  updateTime: string;
};

export const CollectInput = z.object({ catalogId: uuidOf('目录 ID') });
export type CollectResult = { collected: boolean; collectNum: number };

/** A department or district with public entries. */
export type OpenUnit = { orgCode: string; departName: string; orgType: string; count: number };
