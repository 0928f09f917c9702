import type {
  CategoryNode,
  CollectResult,
  DownloadFormat,
  FacetCounts,
  FilePreview,
  KeyAreaCount,
  MarketCard,
  MarketDetail,
  MarketFilter,
  MarketPage,
  MarketSort,
  Page,
  RatingInput,
  RatingItem,
  RatingResult,
  SearchType,
  SiteSearchResult,
} from '@odp/contracts';
import { type CategoryTreeId, Constants, PAGE_DATA_KEYS } from '@odp/contracts/constants';
import { http } from './client';

/**
 * The public side of the catalogue (资源超市): the portal's category trees, the open catalogue list with
 * its facet counts, entry details, previews, downloads, ratings and collections, the home sections and
 * the site search. Only entries that are on shelf and open (无条件开放 / 有条件开放) ever come back.
 */

export type {
  CategoryNode,
  DownloadFormat,
  Facet,
  FacetCounts,
  KeyAreaCount,
  MarketCard,
  MarketDataItem,
  MarketDetail,
  MarketPage,
  MarketRelated,
  MarketSort,
  RatingItem,
  SearchTab,
} from '@odp/contracts';

/** 1 基础/主题信息资源目录, 2 部门信息资源目录, 3 区县信息资源目录, 10 首页类目. */
export type TreeItemId = CategoryTreeId;

/** The filters as the page sends them (the contract's schema also accepts '' for unset). */
export type MarketFilters = Partial<MarketFilter>;

export type MarketQuery = MarketFilters & {
  pageNo: number;
  pageSize: number;
  sort?: MarketSort;
  order?: 'asc' | 'desc';
};

/** A data file's first rows (cells as text), and which columns the server masked. */
export type MarketPreview = FilePreview & { maskedColumns?: string[] };

const clean = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null && v !== '')) as T;

export const getCategoryNodes = (treeItemId: TreeItemId, keyword?: string) =>
  http.get<CategoryNode[]>('/api/category/getNodes', { treeItemId, keyword });

export const pageMarket = (query: MarketQuery) => http.post<MarketPage>('/api/resourceMarket/page', clean(query));

export const getCatalogAmount = (filters: MarketFilters) =>
  http.post<FacetCounts>('/api/resourceMarket/getCatalogAmount', clean(filters));

/** The server counts a view for every call. Silent: the page says what went wrong (e.g. 已下架). */
/** `counted`: the page's HTML carried this entry's detail, and the server counted the view then. */
export const getMarketDetail = (id: string, counted = false) =>
  http.get<MarketDetail>('/api/resourceMarket/detail', counted ? { id, counted: '1' } : { id }, { silent: true });

/** Silent: the preview tab shows its own message (e.g. a document that cannot be previewed). */
export type PreviewSource = { fileId: string } | { resourceId: string };
export const getPreview = (catalogId: string, source: PreviewSource) =>
  http.get<MarketPreview>('/api/resourceMarket/preview', { catalogId, ...source }, { silent: true });

export const listRatings = (catalogId: string, pageNo = 1, pageSize = 10) =>
  http.get<Page<RatingItem>>('/api/resourceMarket/evaluationsList', { catalogId, pageNo, pageSize });

export const rateCatalogue = (input: RatingInput) => http.post<RatingResult>('/api/resourceMarket/evaluations', input);

/** Collects, or un-collects when already collected. */
export const toggleCollection = (catalogId: string) =>
  http.post<CollectResult>('/api/resourceMarket/collections', { catalogId });

/**
 * The address of an open file in a format, for a plain link: the browser streams the download itself
 * (no token needed: only 无条件开放 files are served, anything else answers 403).
 */
export function openDownloadUrl(
  target: { catalogId: string } & ({ fileId: string; fileName: string } | { resourceId: string }),
  format: DownloadFormat,
) {
  const params = new URLSearchParams({
    catalogId: target.catalogId,
    ...('resourceId' in target
      ? { resourceId: target.resourceId }
      : { fileName: target.fileName, fileId: target.fileId }),
    format,
  });
  return `${Constants.apiBase}/api/file/downloadOpen?${params}`;
}

// The home's sections show their own failure, so four failing calls do not stack four notices.
export const getKeyAreaCounts = () => http.get<KeyAreaCount[]>('/api/IndexPage/keyAreas', undefined, { silent: true });

export const getRecentOpen = (orderBy: 'releaseTime' | 'dataUpdateTime', pageSize = 6) =>
  http.get<Page<MarketCard>>('/api/IndexPage/recentOpenDataPage', { pageSize, orderBy }, { silent: true });

export const getDownloadRank = (pageSize = 6) =>
  http.get<Page<MarketCard>>('/api/IndexPage/dataDownloadPage', { pageSize }, { silent: true });

export const searchSite = (params: { search: string; pageNo: number; pageSize: number; type: SearchType }) =>
  http.get<SiteSearchResult>('/api/search/site', params);

export const marketKeys = {
  all: ['market'] as const,
  tree: (treeItemId: TreeItemId) => PAGE_DATA_KEYS.tree(treeItemId),
  list: (query: MarketQuery) => PAGE_DATA_KEYS.marketList(query),
  amount: (filters: MarketFilters) => PAGE_DATA_KEYS.marketAmount(filters),
  /** Per viewer: a signed-in user's answer carries their own rating and collection. */
  detail: (id: string, viewer?: 'user' | 'guest') =>
    viewer ? PAGE_DATA_KEYS.marketDetail(id, viewer) : (['market', 'detail', id] as const),
  preview: (catalogId: string, sourceId: string) => ['market', 'preview', catalogId, sourceId] as const,
  ratings: (catalogId: string) => ['market', 'ratings', catalogId] as const,
  keyAreas: ['market', 'home', 'keyAreas'] as const,
  recent: (orderBy: string) => ['market', 'home', 'recent', orderBy] as const,
  downloads: ['market', 'home', 'downloads'] as const,
  search: (params: object) => ['market', 'search', params] as const,
};
