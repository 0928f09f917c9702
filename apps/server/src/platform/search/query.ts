import { and, asc, desc, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { toTsquery } from './bigram.js';
import type { SearchSubject } from './subject.js';

/** The tsquery text is always a bound parameter: it comes from what a user typed. */
const tsq = (tsquery: string) => sql`to_tsquery('simple', ${tsquery})`;

/** Whether a vector matches a query made by toTsquery; uses the column's GIN index. */
export const matchesSearch = (vector: AnyPgColumn, tsquery: string): SQL => sql`${vector} @@ ${tsq(tsquery)}`;

/** ts_rank with PostgreSQL's default weights (A 1.0, B 0.4, C 0.2, D 0.1). */
export const searchRank = (vector: AnyPgColumn, tsquery: string): SQL<number> =>
  sql<number>`ts_rank(${vector}, ${tsq(tsquery)})`;

export type SearchHit = { id: string; rank: number };

/**
 * Records of a subject matching what a user typed, best ranked first and ties by id, so that pages
 * are stable. `where` narrows to what the caller may show (the subject's public rule, for the site
 * search); an input with nothing searchable in it finds nothing.
 */
export async function findInSubject(
  db: Executor,
  subject: SearchSubject,
  text: string,
  opts: { where?: SQL; limit?: number; offset?: number } = {},
): Promise<SearchHit[]> {
  const tsquery = toTsquery(text);
  if (!tsquery) return [];
  const { table, id, vector } = subject.store;
  const rank = searchRank(vector, tsquery);
  const rows = await db
    .select({ id, rank })
    .from(table)
    .where(and(matchesSearch(vector, tsquery), opts.where))
    .orderBy(desc(rank), asc(id))
    .limit(opts.limit ?? 20)
    .offset(opts.offset ?? 0);
  return rows.map((r) => ({ id: String(r.id), rank: Number(r.rank) }));
}
