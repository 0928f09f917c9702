import { z } from 'zod';
import type {
  InterfaceParam,
  InterfaceResponseParam,
  RequestMode,
  ResponseType,
} from '../collection/interface-mount.js';
import { positiveInt, trimmedText } from '../core/fields.js';

/** Where the open data API lives under the API base path (`/dtwave-om/open/api/v1/…` by default). */
export const OPEN_API_PREFIX = '/open/api/v1';

export const OPEN_ROWS_MAX_LIMIT = 1000;
export const OPEN_ROWS_DEFAULT_LIMIT = 100;
/** Deeper pages are refused: a filter narrows a query far cheaper than an offset walks it. */
export const OPEN_ROWS_MAX_OFFSET = 100_000;
/**
 * A filtered total stops counting here (`totalCapped`): counting every match of a broad filter costs
 * more than the page itself, and past this number a caller pages on or narrows the filter anyway.
 */
export const OPEN_ROWS_COUNT_CAP = 1_000;

/** Query parameters of the rows API that are not field filters. */
export const OPEN_ROWS_RESERVED = ['q', 'fields', 'sort', 'limit', 'offset', 'format', 'resource'] as const;
/** `<key>.<op>=value`; a bare `<key>=value` is equality. */
export const OPEN_FILTER_OPS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'like'] as const;
export type OpenFilterOp = (typeof OPEN_FILTER_OPS)[number];
export const OPEN_FILTER_OP_LABEL: Record<OpenFilterOp, string> = {
  eq: '等于',
  ne: '不等于',
  gt: '大于',
  gte: '大于等于',
  lt: '小于',
  lte: '小于等于',
  like: '包含',
};

/** Callers are counted in tiers; each tier's per-second and per-day limits come from dict `open_api_quota`. */
export const OPEN_QUOTA_TIERS = ['anonymous', 'registered', 'granted'] as const;
export type OpenQuotaTier = (typeof OPEN_QUOTA_TIERS)[number];
export const OPEN_QUOTA_TIER_LABEL: Record<OpenQuotaTier, string> = {
  anonymous: '匿名调用（按来源地址）',
  registered: '应用密钥调用',
  granted: '获授权应用调用',
};
export type OpenQuota = { perSecond: number; perDay: number };
/** What a fresh installation ships (dict items `<tier>.second` and `<tier>.day`). */
export const DEFAULT_OPEN_QUOTAS: Record<OpenQuotaTier, OpenQuota> = {
  anonymous: { perSecond: 5, perDay: 2_000 },
  registered: { perSecond: 20, perDay: 50_000 },
  granted: { perSecond: 50, perDay: 200_000 },
};
export const OPEN_QUOTA_DICT = 'open_api_quota';

export const OpenApiMessages = {
  keyInvalid: '应用密钥无效或应用已停用',
  signatureIncomplete: '签名调用须同时提供 X-App-Key、X-Timestamp、X-Nonce 与 X-Signature',
  signatureBad: '签名校验失败，请检查应用密钥与签名方法',
  timestampStale: '请求时间戳无效或与服务器时间相差超过 5 分钟',
  nonceBad: 'X-Nonce 须为 8 至 64 位字母、数字、- 或 _',
  replay: '该请求已使用过（X-Nonce 重复），请重新签名',
  conditional: '该数据集为有条件开放，须使用已获授权的应用签名调用',
  notGranted: '应用未获得该数据集的授权，或授权已过期',
  perSecond: '调用过于频繁，请稍后再试',
  perDay: '今日调用次数已用完，请明日再试',
  noResource: '该数据集暂无可查询的数据',
  datasetMissing: '数据集不存在或未开放',
  serviceMissing: '接口不存在、未开放或已取消挂载',
  upstreamFailed: '上游接口调用失败，请稍后再试',
  upstreamTimeout: '上游接口响应超时，请稍后再试',
  upstreamTooLarge: '上游接口返回的内容过大',
} as const;

/** The gateway's limits on one upstream call (not settings: they protect the server). */
export const SERVICE_LIMITS = { connectMs: 5_000, totalMs: 15_000, maxBytes: 2 * 1024 * 1024 } as const;

export const OpenServiceParams = z.object({ apiId: z.string().uuid('接口 ID 格式不正确') });

/** A mounted interface as a developer calls it through the gateway. */
export type OpenService = {
  apiId: string;
  name: string;
  method: RequestMode;
  responseType: ResponseType;
  description: string | null;
  endpoint: string;
  parameters: InterfaceParam[];
  responseParameters: InterfaceResponseParam[];
  requestExample: string | null;
  returnExample: string | null;
};

export const OpenDatasetsQuery = z.object({
  q: trimmedText(50, '关键词不能超过 50 个字符'),
  page: positiveInt(1, 10_000),
  size: positiveInt(20, 100),
});
export type OpenDatasetsQuery = z.infer<typeof OpenDatasetsQuery>;

export const OpenDatasetParams = z.object({ catalogId: z.string().uuid('数据集 ID 格式不正确') });

/** A field as the rows API names it: `key` is what filters, `fields` and `sort` use. */
export type OpenDatasetField = {
  key: string;
  name: string;
  type: 'string' | 'number' | 'date' | 'datetime' | 'boolean';
  description: string | null;
  /** Masked for this caller: shown masked, and not usable in filters, sort or q. */
  masked: boolean;
};

export type OpenDatasetResource = {
  id: string;
  kind: 'file' | 'table';
  name: string;
  rowCount: number;
  updatedAt: string;
  /** The resource the rows API reads when no `resource` is given. */
  isDefault: boolean;
};

export type OpenDatasetSummary = {
  id: string;
  name: string;
  department: string | null;
  openType: string;
  dataFormat: string;
  updateFrequency: string;
  releaseTime: string | null;
  dataUpdateTime: string | null;
  rowCount: number;
};

export type OpenDatasetMeta = OpenDatasetSummary & {
  summary: string;
  openCondition: string | null;
  resources: OpenDatasetResource[];
  /** Fields of the default resource, as the caller sees them. */
  fields: OpenDatasetField[];
  calls: number;
  endpoints: { rows: string; openapi: string };
  /** The entry's mounted interface, called through the gateway; null when it has none. */
  service: OpenService | null;
};

export type OpenRows = {
  dataset: string;
  resource: string;
  fields: OpenDatasetField[];
  total: number;
  /** The total stopped counting at OPEN_ROWS_COUNT_CAP. */
  totalCapped: boolean;
  offset: number;
  limit: number;
  rows: Record<string, string | null>[];
};
