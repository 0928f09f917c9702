import {
  CARD_DICTS,
  CATALOGUE_DETAIL_PATH,
  CATALOGUE_FIRST_PAGE,
  CATALOGUE_PAGE_PATH,
  CategoryTree,
  DETAIL_DICTS,
  MarketIdQuery,
  PAGE_DATA_KEYS,
} from '@odp/contracts';
import type { PageData } from '../../platform/http/page-data.js';
import { categoryNodes } from '../catalogue/category/service.js';
import { getDictItems } from '../system/dict/service.js';
import { catalogueAmount, marketDetail, marketPage } from './service.js';

/** The entry a detail address names, checked as the detail call checks its `id`. */
const entryIdOf = (query: URLSearchParams) => {
  const parsed = MarketIdQuery.safeParse({ id: query.get('id') });
  return parsed.success ? parsed.data.id : null;
};

/** The left trees both catalogue pages show (the detail names its category from them). */
const TREES = [CategoryTree.depart, CategoryTree.district, CategoryTree.category];

/**
 * The first screens of the public catalogue and of an entry's detail arrive with the page, so a phone
 * paints them without a round trip after the code has loaded: on the catalogue's plain address the
 * first page of entries and the facet counts (a filtered address asks as usual), on a detail the
 * entry; on both the trees and the dictionaries their labels come from.
 */
export const cataloguePageData: PageData[] = [
  {
    page: CATALOGUE_PAGE_PATH,
    key: (query) => (query.size === 0 ? PAGE_DATA_KEYS.marketList(CATALOGUE_FIRST_PAGE) : null),
    load: ({ db }) => marketPage(db, { ...CATALOGUE_FIRST_PAGE }),
  },
  {
    page: CATALOGUE_PAGE_PATH,
    key: (query) => (query.size === 0 ? PAGE_DATA_KEYS.marketAmount({}) : null),
    load: ({ db }) => catalogueAmount(db, {}),
  },
  ...CARD_DICTS.map(
    (code): PageData => ({
      page: [CATALOGUE_PAGE_PATH, CATALOGUE_DETAIL_PATH],
      key: PAGE_DATA_KEYS.dict(code),
      load: ({ db }) => getDictItems(db, code),
    }),
  ),
  ...DETAIL_DICTS.filter((code) => !(CARD_DICTS as readonly string[]).includes(code)).map(
    (code): PageData => ({
      page: CATALOGUE_DETAIL_PATH,
      key: PAGE_DATA_KEYS.dict(code),
      load: ({ db }) => getDictItems(db, code),
    }),
  ),
  {
    // The guest's answer, and the view counted as its call would; a signed-in visitor's page asks for
    // their own answer saying the view is counted (`counted=1`).
    page: CATALOGUE_DETAIL_PATH,
    key: (query) => {
      const id = entryIdOf(query);
      return id ? PAGE_DATA_KEYS.marketDetail(id, 'guest') : null;
    },
    load: ({ db, query }) => marketDetail(db, entryIdOf(query) ?? '', null),
  },
  ...TREES.map(
    (treeItemId): PageData => ({
      page: [CATALOGUE_PAGE_PATH, CATALOGUE_DETAIL_PATH],
      key: PAGE_DATA_KEYS.tree(treeItemId),
      load: ({ db }) => categoryNodes(db, treeItemId, undefined, 'public'),
    }),
  ),
];
