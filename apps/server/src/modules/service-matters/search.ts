import { type MarketPage, SEARCH_TOTAL_CAP, type SiteSearchQuery, toPage } from '@odp/contracts';
import { inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { catalogues, catalogueServiceMatters as s } from '../../db/schema/index.js';
import { escapeLike } from '../../platform/resource/like.js';
import { cappedCount, filterConditions, pageRows, relevanceOrder } from '../market/repository.js';
import { parseKeyword, presentCard } from '../market/service.js';

/** A typed code (or its beginning): 实施清单编码 and 业务办理项编码 are found by prefix. */
const CODE_PREFIX = /^[0-9A-Za-z][0-9A-Za-z-]{3,63}$/;

/**
 * The 事项主线目录 tab of the site search: public entries serving a government service item whose
 * name, department, summary, items or service item (names and whole codes, all in the catalogue's
 * search vector) match, or whose 实施清单/业务办理项 code starts with what was typed.
 */
function conditions(search: string): SQL[] | null {
  const keyword = parseKeyword(search);
  const text = search.trim();
  const byCode = CODE_PREFIX.test(text)
    ? sql`exists (select 1 from ${s} where ${s.catalogId} = ${catalogues.id} and (
        ${s.implementationCode} ilike ${`${escapeLike(text)}%`} or ${s.businessCode} ilike ${`${escapeLike(text)}%`}))`
    : null;
  if (!keyword && !byCode) return null;
  const related = sql`exists (select 1 from ${s} where ${s.catalogId} = ${catalogues.id})`;
  const [isPublic, ...matched] = filterConditions({}, keyword);
  const match = keyword && byCode ? or(matched[0], byCode) : (matched[0] ?? byCode);
  return [isPublic, related, match as SQL];
}

export async function countMatterHits(db: Executor, search: string): Promise<number> {
  const conds = conditions(search);
  return conds ? cappedCount(db, conds) : 0;
}

export async function matterHitsPage(db: Executor, q: SiteSearchQuery): Promise<MarketPage> {
  const conds = conditions(q.search);
  const counted = conds ? await cappedCount(db, conds) : 0;
  const total = Math.min(counted, SEARCH_TOTAL_CAP);
  const offset = (q.pageNo - 1) * q.pageSize;
  const keyword = parseKeyword(q.search);
  const order = keyword ? relevanceOrder(keyword) : [sql`${catalogues.releaseTime} desc nulls last`];
  const rows = conds && offset < total ? await pageRows(db, conds, order, q.pageSize, offset) : [];
  const services = rows.length
    ? await db
        .select({
          id: s.catalogId,
          businessCode: s.businessCode,
          businessName: s.businessName,
          implementationCode: s.implementationCode,
          implementationName: s.implementationName,
        })
        .from(s)
        .where(
          inArray(
            s.catalogId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  const byId = new Map(services.map(({ id, ...rest }) => [id, rest]));
  const terms = keyword?.terms ?? [];
  return {
    ...toPage(
      rows.map((r) => ({ ...presentCard(r, terms), service: byId.get(r.id) })),
      total,
      q,
    ),
    totalCapped: counted > SEARCH_TOTAL_CAP,
  };
}
