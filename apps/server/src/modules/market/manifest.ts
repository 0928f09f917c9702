import { defineModule } from '../../platform/module.js';
import type { SearchTabProvider } from '../../platform/search/tab.js';
import { cataloguePageData } from './page-data.js';
import { cappedCount, filterConditions } from './repository.js';
import { marketRoutes } from './routes.js';
import { marketPage, parseKeyword } from './service.js';

/** The site search's 数据目录 tab: the public catalogue's own search, by name, summary and items. */
const catalogueTab: SearchTabProvider = {
  type: 'catalogue',
  kind: 'cards',
  async count(db, search) {
    const keyword = parseKeyword(search);
    return keyword ? cappedCount(db, filterConditions({}, keyword)) : 0;
  },
  page: (db, q) => marketPage(db, { pageNo: q.pageNo, pageSize: q.pageSize, catalogName: q.search }),
};

export const marketModule = defineModule({
  name: 'market',
  routes: [marketRoutes],
  pageData: cataloguePageData,
  searchTabs: [catalogueTab],
});
