import { type Page, type PageQuery, toPage } from '@odp/contracts';
import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from '../http/errors.js';

/** Runs the rows and the count of one page together. */
export async function paginate<T>(
  query: Pick<PageQuery, 'pageNo' | 'pageSize'>,
  rows: (limit: number, offset: number) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<Page<T>> {
  const [records, total] = await Promise.all([rows(query.pageSize, (query.pageNo - 1) * query.pageSize), count()]);
  return toPage(records, total, query);
}

/** Turns the client's sort field into a column through the resource's allowlist; anything else is a 400. */
export function orderBy(
  query: Pick<PageQuery, 'sort' | 'order'>,
  sortable: Record<string, AnyPgColumn>,
  fallback: SQL | AnyPgColumn,
): SQL | AnyPgColumn {
  if (!query.sort) return fallback;
  // Own keys only: `constructor` or `toString` must not reach the prototype.
  const column = Object.hasOwn(sortable, query.sort) ? sortable[query.sort] : undefined;
  if (!column) throw badRequest(`不支持按 ${query.sort} 排序`);
  return query.order === 'asc' ? asc(column) : desc(column);
}
