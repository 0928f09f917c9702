import { randomUUID } from 'node:crypto';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Executor, isEmbedded, rowsOf } from '../../db/client.js';
import { type DatastoreField, type DatastoreType, datastoreResources } from '../../db/schema/index.js';
import { badRequest } from '../../platform/http/errors.js';
import { fits } from './types.js';

export type Resource = typeof datastoreResources.$inferSelect;
export type ResourceKind = 'file' | 'table';

/**
 * Table and column names are made here (`f_<hex>`, `t_<hex>`, `c1`…) and checked again before they
 * become SQL: nothing a user typed ever names a datastore object.
 */
export function ident(name: string): SQL {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(name)) throw new Error(`invalid datastore identifier: ${name}`);
  return sql.raw(`"${name}"`);
}

export const tableOf = (r: Pick<Resource, 'tableName'>) => sql`datastore.${ident(r.tableName)}`;
export const columnOf = (f: Pick<DatastoreField, 'column'>) => ident(f.column);

/**
 * On the embedded database a resource's table is range-partitioned by `_row`, this many rows a part.
 * PGlite runs every query of the process on one connection, on this thread: a statement over a
 * million rows (an index build, VACUUM, a scan for the longest value) would hold the whole site for
 * seconds. Part by part, with the site's waiting requests served in between, each holds it for a
 * fraction of a second. PostgreSQL serves other requests on other connections: one plain table.
 */
export const PART_ROWS = 100_000;
/** Between two parts on the embedded database: time for the requests that queued behind one. */
const BETWEEN_PARTS_MS = 30;

const betweenParts = (ex: Executor) =>
  isEmbedded(ex) ? new Promise((resolve) => setTimeout(resolve, BETWEEN_PARTS_MS)) : Promise.resolve();

const partName = (r: Pick<Resource, 'tableName'>, k: number) => `${r.tableName}_p${k}`;

/**
 * Makes sure the parts for rows `fromRow + 1` to `lastRow` exist. Called before every write that
 * adds rows, as a partitioned table refuses a row no part holds; in the writer's transaction, so a
 * part rolls back with the rows it was made for.
 */
export async function ensureParts(ex: Executor, resource: Resource, fromRow: number, lastRow: number): Promise<void> {
  const size = resource.partRows;
  if (!size || lastRow <= fromRow) return;
  // A load appends batch after batch through one resource object: the parts it made are not made again.
  const made = partsMadeBy.get(resource) ?? -1;
  for (let k = Math.max(Math.floor(fromRow / size), made + 1); k <= Math.floor((lastRow - 1) / size); k++) {
    await ex.execute(
      sql`create table if not exists ${sql`datastore.${ident(partName(resource, k))}`} partition of ${tableOf(resource)}
        for values from (${sql.raw(String(k * size + 1))}) to (${sql.raw(String((k + 1) * size + 1))})`,
    );
    partsMadeBy.set(resource, k);
  }
}
/** The highest part a load has made through its resource object (its batches then skip the statement). */
const partsMadeBy = new WeakMap<Resource, number>();

/**
 * The tables that hold a resource's rows: its parts in row order, or the table itself. A statement
 * over all rows runs on each in turn (`eachPart`).
 */
export async function partsOf(ex: Executor, resource: Resource): Promise<string[]> {
  if (!resource.partRows) return [resource.tableName];
  const prefix = `${resource.tableName}_p`;
  const rows = await rowsOf<{ name: string }>(
    ex,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = ${`datastore.${resource.tableName}`}::regclass`,
  );
  return rows
    .map((r) => r.name)
    .filter((name) => name.startsWith(prefix))
    .sort((a, b) => Number(a.slice(prefix.length)) - Number(b.slice(prefix.length)));
}

/**
 * Runs `work` on each table holding the resource's rows, letting the site's waiting requests (and
 * the chains of queries they start) run between two parts on the embedded database.
 */
export async function eachPart<T>(
  ex: Executor,
  resource: Resource,
  work: (table: SQL, tableName: string) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  for (const [i, name] of (await partsOf(ex, resource)).entries()) {
    if (i > 0) await betweenParts(ex);
    results.push(await work(tableOf({ tableName: name }), name));
  }
  return results;
}
const fieldsOf = (names: string[], types: DatastoreType[]): DatastoreField[] =>
  names.map((name, i) => ({ column: `c${i + 1}`, name, type: types[i] ?? 'text' }));

/**
 * A new resource with an empty table of one column per name, typed as asked. The table and its row
 * are made together (in the caller's transaction, else in one of their own): a failed upload or sync
 * leaves neither, and no crash leaves a table without the row that drops it.
 */
export async function createResource(
  ex: Executor,
  input: {
    catalogId: string;
    fileId?: string | null;
    kind: ResourceKind;
    names: string[];
    types?: DatastoreType[];
    /** Rows per part; by default PART_ROWS on the embedded database, one plain table on PostgreSQL. */
    partRows?: number | null;
  },
): Promise<Resource> {
  const tableName = `${input.kind === 'file' ? 'f' : 't'}_${randomUUID().replaceAll('-', '')}`;
  const fields = fieldsOf(input.names, input.types ?? []);
  const columns = fields.map((f) => sql`, ${columnOf(f)} ${sql.raw(f.type)}`);
  const partRows = input.partRows === undefined ? (isEmbedded(ex) ? PART_ROWS : null) : input.partRows;
  return ex.transaction(async (tx) => {
    await tx.execute(
      sql`create table ${tableOf({ tableName })} (_row bigint primary key${sql.join(columns)})${sql.raw(partRows ? ' partition by range (_row)' : '')}`,
    );
    const [resource] = await tx
      .insert(datastoreResources)
      .values({
        catalogId: input.catalogId,
        fileId: input.fileId ?? null,
        kind: input.kind,
        tableName,
        fields,
        partRows,
      })
      .returning();
    return resource;
  });
}

/**
 * Appends rows numbered from `from + 1` in one statement (one JSON parameter: many parameters are
 * slow on PGlite). A row wider than the table adds text columns (named 列N); a value a typed column
 * cannot hold unchanged turns that column into text first. Empty cells are stored as NULL.
 * `resource.fields` is kept current for the caller's next batch.
 */
export async function appendRows(ex: Executor, resource: Resource, from: number, rows: string[][]): Promise<void> {
  if (rows.length === 0) return;
  const fields = [...resource.fields];
  const width = rows.reduce((w, r) => Math.max(w, r.length), 0);
  let changed = false;
  for (let i = fields.length; i < width; i++) {
    const field: DatastoreField = { column: `c${i + 1}`, name: `列${i + 1}`, type: 'text' };
    await ex.execute(sql`alter table ${tableOf(resource)} add column ${columnOf(field)} text`);
    fields.push(field);
    changed = true;
  }
  for (const [i, field] of fields.entries()) {
    if (
      field.type === 'text' ||
      fits(
        field.type,
        rows.map((r) => r[i]),
      )
    )
      continue;
    await ex.execute(
      sql`alter table ${tableOf(resource)} alter column ${columnOf(field)} type text using ${columnOf(field)}::text`,
    );
    fields[i] = { ...field, type: 'text' };
    changed = true;
  }
  if (changed) {
    await ex.update(datastoreResources).set({ fields }).where(eq(datastoreResources.id, resource.id));
    resource.fields = fields;
  }
  const names = fields.map((f) => sql`, ${columnOf(f)}`);
  const values = fields.map((f, i) => sql`, nullif(t.value->>${sql.raw(String(i))}, '')::${sql.raw(f.type)}`);
  await ensureParts(ex, resource, from, from + rows.length);
  await ex.execute(sql`insert into ${tableOf(resource)} (_row${sql.join(names)})
    select ${from}::bigint + t.ord${sql.join(values)}
    from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality as t(value, ord)`);
}

/** Records the number of rows a finished load holds. */
export async function setRowCount(ex: Executor, resource: Resource, rowCount: number): Promise<void> {
  await ex
    .update(datastoreResources)
    .set({ rowCount, updatedAt: new Date() })
    .where(eq(datastoreResources.id, resource.id));
  resource.rowCount = rowCount;
}

/**
 * Called in the transaction that makes a staged copy an entry's current one (or merges it): touches
 * its row, so that the leftover sweep (`leftovers.ts`), which re-checks the age of a row it had to wait
 * for, leaves it; and refuses when the sweep removed it first, so no entry is ever pointed at a
 * resource that is gone.
 */
export async function claimStaged(tx: Executor, resource: Pick<Resource, 'id'>): Promise<void> {
  const [kept] = await tx
    .update(datastoreResources)
    .set({ updatedAt: new Date() })
    .where(eq(datastoreResources.id, resource.id))
    .returning({ id: datastoreResources.id });
  if (!kept) throw badRequest('暂存的数据已超时被清理，请重新操作');
}

/** Removes a resource; its table goes with it (trigger ds_resource_drop, migration 0006). */
export async function dropResource(ex: Executor, resource: Pick<Resource, 'id'>): Promise<void> {
  await ex.delete(datastoreResources).where(eq(datastoreResources.id, resource.id));
}

export async function resourceOfFile(ex: Executor, fileId: string): Promise<Resource | null> {
  const [found] = await ex.select().from(datastoreResources).where(eq(datastoreResources.fileId, fileId));
  return found ?? null;
}

/** Every column as the text it was loaded from, in order, with NULL read back as ''. */
const textColumns = (r: Resource) =>
  sql.join(
    r.fields.map((f, i) => sql`coalesce(${columnOf(f)}::text, '') as ${ident(`v${i}`)}`),
    sql`, `,
  );

function toArrays(r: Resource, rows: Record<string, string>[]): string[][] {
  return rows.map((row) => r.fields.map((_, i) => row[`v${i}`]));
}

/** The first `limit` rows in load order. */
export async function firstRows(ex: Executor, resource: Resource, limit: number): Promise<string[][]> {
  if (resource.fields.length === 0) return [];
  const rows = await rowsOf<Record<string, string>>(
    ex,
    sql`select ${textColumns(resource)} from ${tableOf(resource)} order by _row limit ${limit}`,
  );
  return toArrays(resource, rows);
}

// Measured on PGlite with 1M rows: 2 000 per batch exported ~72 000 rows/s, 3 000 ~115 000 with flat
// memory, 5 000 grew the embedded database's heap by ~170 MB.
const BATCH = 3000;

/**
 * Every row in load order, read in batches (keyset on the row number) so memory stays flat, with
 * other requests served between batches (on PGlite every query runs on this thread).
 */
export async function* allRows(ex: Executor, resource: Resource): AsyncGenerator<string[]> {
  if (resource.fields.length === 0) return;
  // Part by part, in row order: a keyset read of one part is planned on that part alone.
  for (const part of await partsOf(ex, resource)) {
    let after = 0;
    for (;;) {
      const batch = await rowsOf<Record<string, string> & { _row: string }>(
        ex,
        sql`select _row, ${textColumns(resource)} from ${tableOf({ tableName: part })}
          where _row > ${after} order by _row limit ${BATCH}`,
      );
      yield* toArrays(resource, batch);
      if (batch.length < BATCH) break;
      await new Promise((resolve) => setImmediate(resolve));
      after = Number(batch[batch.length - 1]._row);
    }
  }
}

/** Whether any text cell would be evaluated as a formula by a spreadsheet (typed columns never are). */
export async function hasFormulaCells(ex: Executor, resource: Resource): Promise<boolean> {
  const text = resource.fields.filter((f) => f.type === 'text');
  if (text.length === 0) return false;
  const risky = text.map(
    (f) =>
      sql`(${columnOf(f)} ~ '^[=+@\t\r-]' and ${columnOf(f)} !~ '^[+-]?([0-9]+([.][0-9]*)?|[.][0-9]+)([eE][+-]?[0-9]+)?$')`,
  );
  // Part by part, stopping at the first part that has one.
  for (const [i, name] of (await partsOf(ex, resource)).entries()) {
    if (i > 0) await betweenParts(ex);
    const [row] = await rowsOf<{ found: boolean }>(
      ex,
      sql`select exists (select 1 from ${tableOf({ tableName: name })} where ${sql.join(risky, sql` or `)}) as found`,
    );
    if (row?.found) return true;
  }
  return false;
}
