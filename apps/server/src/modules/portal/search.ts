import {
  type MarketPage,
  SEARCH_TOTAL_CAP,
  SEARCH_TYPE_LABEL,
  SEARCH_TYPES,
  type SearchTab,
  type SearchType,
  type SiteSearchQuery,
} from '@odp/contracts';
import type { Db } from '../../db/client.js';
import { cappedCount, filterConditions } from '../market/repository.js';
import { marketPage, parseKeyword } from '../market/service.js';
import { countMatterHits, matterHitsPage } from '../service-matters/search.js';

/** What a content type contributes to the site search: a (capped) count for its tab, and a page. */
type SearchProvider = {
  count(db: Db, search: string): Promise<number>;
  page(db: Db, q: SiteSearchQuery): Promise<MarketPage>;
};

/** One provider per type; news, results and the rest add theirs when they land. */
const PROVIDERS: Record<SearchType, SearchProvider> = {
  catalogue: {
    async count(db, search) {
      const keyword = parseKeyword(search);
      return keyword ? cappedCount(db, filterConditions({}, keyword)) : 0;
    },
    page: (db, q) => marketPage(db, { pageNo: q.pageNo, pageSize: q.pageSize, catalogName: q.search }),
  },
  // 事项主线目录: the catalogue's entries that serve a government service item.
  matters: { count: countMatterHits, page: matterHitsPage },
};

export type SiteSearchResult = { tabs: SearchTab[]; page: MarketPage };

/** Site-wide search: a tab per content type with its total, and the page of the chosen type. */
export async function siteSearch(db: Db, q: SiteSearchQuery): Promise<SiteSearchResult> {
  const page = await PROVIDERS[q.type].page(db, q);
  const tabs: SearchTab[] = [];
  for (const type of SEARCH_TYPES) {
    const provider: SearchProvider = PROVIDERS[type];
    const counted = type === q.type ? null : await provider.count(db, q.search);
    tabs.push({
      type,
      label: SEARCH_TYPE_LABEL[type],
      total: counted === null ? page.total : Math.min(counted, SEARCH_TOTAL_CAP),
      totalCapped: counted === null ? page.totalCapped : counted > SEARCH_TOTAL_CAP,
    });
  }
  return { tabs, page };
}
