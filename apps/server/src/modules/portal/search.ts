import {
  SEARCH_TOTAL_CAP,
  SEARCH_TYPE_LABEL,
  SEARCH_TYPES,
  type SearchTab,
  type SiteSearchQuery,
  type SiteSearchResult,
} from '@odp/contracts';
import type { Db } from '../../db/client.js';
import { installedModules } from '../../platform/module-registry.js';
import { emptyHitPage } from '../../platform/search/tab.js';

/**
 * Site-wide search: a tab per content type some module provides (`searchTabs` in the manifests), in
 * the order of SEARCH_TYPES, with its total, and the page of the chosen type. The chosen type's total
 * is its page's; the others are counted (capped).
 */
export async function siteSearch(db: Db, q: SiteSearchQuery): Promise<SiteSearchResult> {
  const providers = installedModules().searchTabs;
  const chosen = providers.get(q.type);
  const result: Omit<SiteSearchResult, 'tabs'> = !chosen
    ? { kind: 'hits', page: emptyHitPage(q) }
    : chosen.kind === 'cards'
      ? { kind: 'cards', page: await chosen.page(db, q) }
      : { kind: 'hits', page: await chosen.page(db, q) };
  const tabs: SearchTab[] = [];
  for (const type of SEARCH_TYPES) {
    const provider = providers.get(type);
    if (!provider) continue;
    const counted = type === q.type ? null : await provider.count(db, q.search);
    tabs.push({
      type,
      label: SEARCH_TYPE_LABEL[type],
      total: counted === null ? result.page.total : Math.min(counted, SEARCH_TOTAL_CAP),
      totalCapped: counted === null ? result.page.totalCapped : counted > SEARCH_TOTAL_CAP,
    });
  }
  return { tabs, ...result } as SiteSearchResult;
}
