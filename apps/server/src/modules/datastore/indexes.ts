import { eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { type Executor, rowsOf } from '../../db/client.js';
import { catalogueItems } from '../../db/schema/index.js';
import { columnOf, eachPart, ident, type Resource, tableOf } from './store.js';

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
  const longest = await longestTexts(ex, resource);
  const chosen = candidates
    .filter((f) => f.type !== 'text' || (longest.get(f.column) ?? 0) <= MAX_INDEXED_TEXT)
    .slice(0, MAX_INDEXES);
  const indexName = (table: string, field: Resource['fields'][number]) => ident(`${table}_${field.column}_idx`);
  // With the load order second, a sort on the column breaks ties without sorting (rows API).
  const build = (field: Resource['fields'][number]) =>
    ex.execute(
      sql`create index ${indexName(resource.tableName, field)} on ${tableOf(resource)} (${columnOf(field)}, _row)`,
    );
  if (resource.partRows) {
    // A partitioned table (the embedded database, store.ts): an index on the table alone, then one per
    // part attached to it, each a short statement; it is valid once every part has its own.
    for (const field of chosen) {
      await ex.execute(
        sql`create index ${indexName(resource.tableName, field)} on only ${tableOf(resource)} (${columnOf(field)}, _row)`,
      );
      await eachPart(ex, resource, async (part, partName) => {
        await ex.execute(sql`create index ${indexName(partName, field)} on ${part} (${columnOf(field)}, _row)`);
        await ex.execute(
          sql`alter index datastore.${indexName(resource.tableName, field)} attach partition datastore.${indexName(partName, field)}`,
        );
      });
    }
  } else if (ex instanceof PgTransaction) {
    for (const field of chosen) await build(field);
  } else {
    // Outside a transaction each build takes its own pooled connection: two at a time keep both
    // cores of a small server busy.
    for (let i = 0; i < chosen.length; i += 2) await Promise.all(chosen.slice(i, i + 2).map(build));
  }
  const made = chosen.length;
  // Statistics for the planner, and the visibility map, so that capped counts read only the index
  // (VACUUM cannot run inside a transaction: there, statistics only). Part by part where there are
  // parts: the planner reads each part's own statistics.
  const maintain = ex instanceof PgTransaction ? 'analyze' : 'vacuum analyze';
  if (made) await eachPart(ex, resource, (part) => ex.execute(sql`${sql.raw(maintain)} ${part}`));
  return made;
}

/** The longest value (in bytes) of each text column, in one scan of each part. */
async function longestTexts(ex: Executor, resource: Resource): Promise<Map<string, number>> {
  const texts = resource.fields.filter((f) => f.type === 'text');
  if (!texts.length) return new Map();
  const perPart = await eachPart(ex, resource, async (part) => {
    const [row] = await rowsOf<Record<string, string | null>>(
      ex,
      sql`select ${sql.join(
        texts.map((f) => sql`max(octet_length(${columnOf(f)})) as ${sql.raw(`"${f.column}"`)}`),
        sql`, `,
      )} from ${part}`,
    );
    return row;
  });
  return new Map(texts.map((f) => [f.column, Math.max(0, ...perPart.map((row) => Number(row?.[f.column] ?? 0)))]));
}

async function keyItemNames(ex: Executor, catalogId: string): Promise<Set<string>> {
  const rows = await ex
    .select({ name: catalogueItems.name, enName: catalogueItems.enName, primaryKey: catalogueItems.primaryKey })
    .from(catalogueItems)
    .where(eq(catalogueItems.catalogId, catalogId));
  return new Set(rows.filter((r) => r.primaryKey).flatMap((r) => [r.name, r.enName ?? ''].filter(Boolean)));
}
