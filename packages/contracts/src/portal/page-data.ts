import { CATALOGUE_DICT } from '../catalogue/terms.js';

/**
 * Answers the server writes into a public page's HTML (as JSON in a script element of this id), so
 * that the page's first screen renders with them instead of asking for them after its code has
 * loaded: a round trip less before the first screen shows on a phone. Each is stored under its
 * query key, which both sides read from here.
 */
export const PAGE_DATA_ELEMENT_ID = 'odp-page-data';

/** The public catalogue's address and its entries' detail page. */
export const CATALOGUE_PAGE_PATH = '/catalogue/datacatalogue';
export const CATALOGUE_DETAIL_PATH = '/catalogue/datacatalogue/details';

/** The dictionaries a result card takes its labels from. */
export const CARD_DICTS = [
  CATALOGUE_DICT.openType,
  CATALOGUE_DICT.dataFormat,
  CATALOGUE_DICT.keyAreasType,
  CATALOGUE_DICT.updateFrequency,
] as const;

/** The dictionaries the detail page's first screen (its heading and 基本信息) takes labels from. */
export const DETAIL_DICTS = [
  CATALOGUE_DICT.openType,
  CATALOGUE_DICT.dataFormat,
  CATALOGUE_DICT.keyAreasType,
  CATALOGUE_DICT.updateFrequency,
  CATALOGUE_DICT.businessDepartment,
  CATALOGUE_DICT.baseLibrary,
  CATALOGUE_DICT.dataRange,
  CATALOGUE_DICT.shareType,
  CATALOGUE_DICT.shareMode,
] as const;

/** The query a catalogue address without parameters stands for (the list's first page). */
export const CATALOGUE_FIRST_PAGE = { pageNo: 1, pageSize: 10 } as const;

export const PAGE_DATA_KEYS = {
  /** The portal home slideshow (`/sys/common/picture/query`). */
  homePictures: ['portal', 'pictures'],
  /** The home's counters (`/api/IndexPage/indexNum`). */
  indexNum: ['portal', 'indexNum'],
  /** The site settings the header and footer show (`/api/config/site`). */
  site: ['portal', 'site'],
  /** One dictionary's items (`/sys/dict/getDictItems/{code}`). */
  dict: (code: string) => ['system', 'dict', code] as const,
  /** One tree of the catalogue's left side (`/api/category/getNodes?treeItemId=`). */
  tree: (treeItemId: number) => ['market', 'tree', treeItemId] as const,
  /** A page of the public catalogue (`/api/resourceMarket/page`) for the query given. */
  marketList: (query: object) => ['market', 'list', query] as const,
  /** The facet counts (`/api/resourceMarket/getCatalogAmount`) for the filters given. */
  marketAmount: (filters: object) => ['market', 'amount', filters] as const,
  /**
   * An entry's detail (`/api/resourceMarket/detail`) as a guest or a signed-in user sees it (the
   * latter carries their own rating and collection); the page data holds the guest's.
   */
  marketDetail: (id: string, viewer: 'guest' | 'user') => ['market', 'detail', id, viewer] as const,
} as const;

/** One entry of the element's content: a query key and the answer's result. */
export type PageDataEntry = { key: readonly unknown[]; data: unknown };
