import {
  type MarketPage,
  SEARCH_TOTAL_CAP,
  type SearchHit,
  type SearchHitPage,
  type SearchType,
  type SiteSearchQuery,
  toPage,
} from '@odp/contracts';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { highlightTerms, toTsquery } from './bigram.js';
import { findInSubject, matchesSearch } from './query.js';
import type { SearchSubject } from './subject.js';

/**
 * A tab of the site search (`/openPlatform/search`), declared by the module that owns the content:
 * how many records match what was typed (counted up to SEARCH_TOTAL_CAP + 1, so the tab can say
 * "10000+"), and the page of the chosen tab. The catalogue's tabs answer with catalogue cards, every
 * other type with generic hits.
 */
export type SearchTabProvider =
  | {
      type: SearchType;
      kind: 'cards';
      count(db: Executor, search: string): Promise<number>;
      page(db: Executor, q: SiteSearchQuery): Promise<MarketPage>;
    }
  | {
      type: SearchType;
      kind: 'hits';
      count(db: Executor, search: string): Promise<number>;
      page(db: Executor, q: SiteSearchQuery): Promise<SearchHitPage>;
    };

/**
 * A hits tab over a search subject: records whose vector matches and that `visible` lets anyone see
 * (published, public, not deleted), ranked by ts_rank; `present` turns the page's ids into hits, with
 * the terms to mark. Records `present` leaves out (deleted meanwhile) are dropped from the page.
 */
export function subjectSearchTab(opts: {
  type: SearchType;
  subject: SearchSubject;
  /** What the public may find, as a condition on the subject's table. */
  visible: SQL;
  present(db: Executor, ids: readonly string[], terms: readonly string[]): Promise<SearchHit[]>;
}): SearchTabProvider {
  const { table, vector } = opts.subject.store;
  const count = async (db: Executor, search: string) => {
    const tsquery = toTsquery(search);
    if (!tsquery) return 0;
    const inner = db
      .select({ one: sql`1` })
      .from(table)
      .where(and(matchesSearch(vector, tsquery), opts.visible))
      .limit(SEARCH_TOTAL_CAP + 1)
      .as('hit');
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
    return Number(row?.n ?? 0);
  };
  return {
    type: opts.type,
    kind: 'hits',
    count,
    async page(db, q): Promise<SearchHitPage> {
      const counted = await count(db, q.search);
      const total = Math.min(counted, SEARCH_TOTAL_CAP);
      const offset = (q.pageNo - 1) * q.pageSize;
      const found =
        offset < total
          ? await findInSubject(db, opts.subject, q.search, { where: opts.visible, limit: q.pageSize, offset })
          : [];
      const hits = found.length
        ? await opts.present(
            db,
            found.map((f) => f.id),
            highlightTerms(q.search),
          )
        : [];
      const byId = new Map(hits.map((h) => [h.id, h]));
      const records = found.flatMap((f) => byId.get(f.id) ?? []);
      return { ...toPage(records, total, q), totalCapped: counted > SEARCH_TOTAL_CAP };
    },
  };
}

/** A page of a tab that has no provider (its module is not installed): empty, never an error. */
export const emptyHitPage = (q: SiteSearchQuery): SearchHitPage => ({
  ...toPage<SearchHit>([], 0, q),
  totalCapped: false,
});
