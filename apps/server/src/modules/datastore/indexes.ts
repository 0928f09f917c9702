import { eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { type Executor, rowsOf } from '../../db/client.js';
import { catalogueItems } from '../../db/schema/index.js';
import { columnOf, type Resource, tableOf } from './store.js';

/** Below this a scan is as fast as an index: small tables get none. */
export const INDEXED_FROM_ROWS = 10_000;
/** Each index costs load time and space; the first columns a row query filters or sorts by get one. */
export const MAX_INDEXES = 6;
/** A b-tree entry must fit a page: text columns with longer values are left to scans. */
const MAX_INDEXED_TEXT = 200;

/**
 * B-tree indexes for the row API's filters and sorts on a freshly loaded resource: its key items
 * first, then the typed columns (numbers and dates: ranges and sorts), then short text columns
 * (equality), at most MAX_INDEXES. Built on the new table before it becomes current, so visitors
 * never see a copy without them.
 */
export async function indexFilterable(ex: Executor, resource: Resource): Promise<number> {
  if (resource.rowCount < INDEXED_FROM_ROWS || resource.fields.length === 0) return 0;
  const keys = await keyItemNames(ex, resource.catalogId);
  const rank = (f: Resource['fields'][number]) => (keys.has(f.name) ? 0 : f.type !== 'text' ? 1 : 2);
  const candidates = [...resource.fields].sort((a, b) => rank(a) - rank(b));
  let made = 0;
  for (const field of candidates) {
    if (made >= MAX_INDEXES) break;
    if (field.type === 'text') {
      const [row] = await rowsOf<{ longest: number | null }>(
        ex,
        sql`select max(octet_length(${columnOf(field)})) as longest from ${tableOf(resource)}`,
      );
      if (Number(row?.longest ?? 0) > MAX_INDEXED_TEXT) continue;
    }
    const name = sql.raw(`"${resource.tableName}_${field.column}_idx"`);
    // With the load order second, a sort on the column breaks ties without sorting (rows API).
    await ex.execute(sql`create index ${name} on ${tableOf(resource)} (${columnOf(field)}, _row)`);
    made++;
  }
  // Statistics for the planner, and the visibility map, so that capped counts read only the index
  // (VACUUM cannot run inside a transaction: there, statistics only).
  if (made)
    await ex.execute(sql`${sql.raw(ex instanceof PgTransaction ? 'analyze' : 'vacuum analyze')} ${tableOf(resource)}`);
  return made;
}

async function keyItemNames(ex: Executor, catalogId: string): Promise<Set<string>> {
  const rows = await ex
    .select({ name: catalogueItems.name, enName: catalogueItems.enName, primaryKey: catalogueItems.primaryKey })
    .from(catalogueItems)
    .where(eq(catalogueItems.catalogId, catalogId));
  return new Set(rows.filter((r) => r.primaryKey).flatMap((r) => [r.name, r.enName ?? ''].filter(Boolean)));
}
