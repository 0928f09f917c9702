/**
 * The public catalogue's words that need no validation: sort keys, facets, search types, download
 * formats, statistics dimensions. Free of zod, so that the portal can import them (see constants.ts).
 */

/** Search results beyond this many are not counted exactly; the portal shows "10000+". */
export const SEARCH_TOTAL_CAP = 10_000;

export const MARKET_SORTS = [
  'releaseTime',
  'dataUpdateTime',
  'viewNum',
  'downloadNum',
  'applicationsNum',
  'scoreAvg',
] as const;
export type MarketSort = (typeof MARKET_SORTS)[number];
export const MARKET_SORT_LABEL: Record<MarketSort, string> = {
  releaseTime: '发布时间',
  dataUpdateTime: '更新时间',
  viewNum: '访问量',
  downloadNum: '下载量',
  applicationsNum: '申请量',
  scoreAvg: '评分',
};

export const FACETS = ['dataFormat', 'shareType', 'openType', 'keyAreasType', 'updateFrequency', 'orgCode'] as const;
export type Facet = (typeof FACETS)[number];
/** Per facet, value → number of entries, each counted with the other filters applied. */
export type FacetCounts = Record<Facet, Record<string, number>>;

/**
 * Content types of the site-wide search, in the order of its tabs. A type is a tab once a module
 * declares its provider (`searchTabs` in the server's manifests); the catalogue and 事项主线目录 answer
 * with catalogue cards, the others with generic hits.
 */
export const SEARCH_TYPES = [
  'catalogue',
  'matters',
  'achievement',
  'information',
  'document',
  'faq',
  'interaction',
] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SEARCH_TYPE_LABEL: Record<SearchType, string> = {
  catalogue: '数据目录',
  matters: '事项主线目录',
  achievement: '应用成果',
  information: '资讯',
  document: '文档',
  faq: '常见问题',
  interaction: '互动',
};
/** The types whose hits are catalogue entries (shown as catalogue cards). */
export const SEARCH_CARD_TYPES = ['catalogue', 'matters'] as const satisfies readonly SearchType[];

/** Formats an open download can be asked for; `original` is the file as uploaded. */
export const DOWNLOAD_FORMATS = ['original', 'csv', 'xlsx', 'json'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

export const OPEN_STAT_DIMS = ['department', 'keyArea'] as const;
export type OpenStatDim = (typeof OPEN_STAT_DIMS)[number];
export const OPEN_STAT_DIM_LABEL: Record<OpenStatDim, string> = { department: '数源部门', keyArea: '重点领域' };

/** Days the 接口调用 trend of 开放统计 covers, today (Beijing time) included. */
export const OPEN_CALL_TREND_DAYS = 30;
