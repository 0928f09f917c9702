import { eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { type Executor, isEmbedded, rowsOf } from '../../db/client.js';
import { catalogueItems } from '../../db/schema/index.js';
import { columnOf, type Resource, tableOf } from './store.js';

/** Below this a scan is as fast as an index: small tables get none. */
export const INDEXED_FROM_ROWS = 10_000;
/** Each index costs load time and space; the first columns a row query filters or sorts by get one. */
export const MAX_INDEXES = 6;
/** Between two index builds on PGlite: time for the site's waiting requests. */
const EMBEDDED_PAUSE_MS = 250;
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
  const longest = await longestTexts(ex, resource);
  const chosen = candidates
    .filter((f) => f.type !== 'text' || (longest.get(f.column) ?? 0) <= MAX_INDEXED_TEXT)
    .slice(0, MAX_INDEXES);
  // With the load order second, a sort on the column breaks ties without sorting (rows API).
  const build = (field: Resource['fields'][number]) =>
    ex.execute(
      sql`create index ${sql.raw(`"${resource.tableName}_${field.column}_idx"`)} on ${tableOf(resource)} (${columnOf(field)}, _row)`,
    );
  if (ex instanceof PgTransaction) {
    for (const field of chosen) await build(field);
  } else if (isEmbedded(ex)) {
    // PGlite runs every query of the site on this one connection: one build at a time, then a pause
    // in which the requests that queued behind it finish their chains of queries, so a page waits for
    // one build (about a second at 1M rows), not for all of them.
    for (const field of chosen) {
      await build(field);
      await new Promise((resolve) => setTimeout(resolve, EMBEDDED_PAUSE_MS));
    }
  } else {
    // Outside a transaction each build takes its own pooled connection: two at a time keep both
    // cores of a small server busy.
    for (let i = 0; i < chosen.length; i += 2) await Promise.all(chosen.slice(i, i + 2).map(build));
  }
  const made = chosen.length;
  // Statistics for the planner, and the visibility map, so that capped counts read only the index
  // (VACUUM cannot run inside a transaction: there, statistics only).
  if (made)
    await ex.execute(sql`${sql.raw(ex instanceof PgTransaction ? 'analyze' : 'vacuum analyze')} ${tableOf(resource)}`);
  return made;
}

/** The longest value (in bytes) of each text column, in one scan of the table. */
async function longestTexts(ex: Executor, resource: Resource): Promise<Map<string, number>> {
  const texts = resource.fields.filter((f) => f.type === 'text');
  if (!texts.length) return new Map();
  const [row] = await rowsOf<Record<string, string | null>>(
    ex,
    sql`select ${sql.join(
      texts.map((f) => sql`max(octet_length(${columnOf(f)})) as ${sql.raw(`"${f.column}"`)}`),
      sql`, `,
    )} from ${tableOf(resource)}`,
  );
  return new Map(texts.map((f) => [f.column, Number(row?.[f.column] ?? 0)]));
}

async function keyItemNames(ex: Executor, catalogId: string): Promise<Set<string>> {
  const rows = await ex
    .select({ name: catalogueItems.name, enName: catalogueItems.enName, primaryKey: catalogueItems.primaryKey })
    .from(catalogueItems)
    .where(eq(catalogueItems.catalogId, catalogId));
  return new Set(rows.filter((r) => r.primaryKey).flatMap((r) => [r.name, r.enName ?? ''].filter(Boolean)));
}
