import { eq, type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';
import { type DatastoreField, datastoreResources } from '../../db/schema/index.js';
import { columnOf, ensureParts, type Resource, tableOf } from './store.js';

/** What a held key does: 覆盖 the held row, 跳过 the new one, or refuse the whole load. */
export type KeyPolicy = 'replace' | 'skip' | 'refuse';

export type MergeCounts = { inserted: number; replaced: number; skipped: number };

/** A key value and the load's row number (1 = the first data row) it was found at. */
export type KeyClash = { row: number; key: string; where: 'load' | 'copy' };

const fieldOf = (r: Resource, name: string): DatastoreField => {
  const field = r.fields.find((f) => f.name === name);
  if (!field) throw new Error(`datastore field missing: ${name}`);
  return field;
};

/** The key as one text value (a typed column reads back as the text it was loaded from). */
const keyText = (alias: string, r: Resource, keys: string[]) =>
  sql.join(
    keys.map((k) => sql`coalesce(${sql.raw(alias)}.${columnOf(fieldOf(r, k))}::text, '')`),
    sql` || E'\\u001f' || `,
  );

const sameKey = (target: Resource, staged: Resource, keys: string[]) =>
  sql.join(
    keys.map((k) => sql`t.${columnOf(fieldOf(target, k))}::text = s.${columnOf(fieldOf(staged, k))}::text`),
    sql` and `,
  );

/** A row of the load whose key has an empty part, if any. */
export async function emptyKeyRow(ex: Executor, staged: Resource, keys: string[]): Promise<number | null> {
  const empty = sql.join(
    keys.map((k) => sql`${columnOf(fieldOf(staged, k))} is null`),
    sql` or `,
  );
  const [row] = await rowsOf<{ _row: string }>(
    ex,
    sql`select _row from ${tableOf(staged)} where ${empty} order by _row limit 1`,
  );
  return row ? Number(row._row) : null;
}

/**
 * Rows of a load that repeat a key of the same load: under 覆盖 the last one stays (as if the rows
 * were applied in order), otherwise the first. Answers the first repeat; with `remove` the repeats
 * are deleted from the load and counted.
 */
export async function repeatedKeys(
  ex: Executor,
  staged: Resource,
  keys: string[],
  keepLast: boolean,
): Promise<{ first: KeyClash | null; removed: number }> {
  const order = keepLast ? sql`_row desc` : sql`_row`;
  const ranked = sql`select s._row, ${keyText('s', staged, keys)} as key,
      row_number() over (partition by ${keyText('s', staged, keys)} order by ${order}) as rn
    from ${tableOf(staged)} s`;
  const [first] = await rowsOf<{ _row: string; key: string }>(
    ex,
    sql`select _row, key from (${ranked}) r where rn > 1 order by _row limit 1`,
  );
  if (!first) return { first: null, removed: 0 };
  const [{ n }] = await rowsOf<{ n: string }>(
    ex,
    sql`with gone as (delete from ${tableOf(staged)} where _row in (select _row from (${ranked}) r where rn > 1)
      returning 1) select count(*) as n from gone`,
  );
  return { first: { row: Number(first._row), key: first.key, where: 'load' }, removed: Number(n) };
}

/** A target column typed otherwise than the load's becomes text, so that every loaded value fits unchanged. */
async function alignTypes(ex: Executor, target: Resource, staged: Resource) {
  let changed = false;
  const fields = target.fields.map((t) => {
    const s = staged.fields.find((f) => f.name === t.name);
    if (!s || s.type === t.type || t.type === 'text') return t;
    changed = true;
    return { ...t, type: 'text' as const };
  });
  if (!changed) return;
  for (const [i, f] of fields.entries()) {
    if (f.type === target.fields[i].type) continue;
    await ex.execute(
      sql`alter table ${tableOf(target)} alter column ${columnOf(f)} type text using ${columnOf(f)}::text`,
    );
  }
  await ex.update(datastoreResources).set({ fields }).where(eq(datastoreResources.id, target.id));
  target.fields = fields;
}

/**
 * Merges a staged load (keys unique and non-empty, see above) into a resource's table by key, in the
 * caller's transaction: rows with a new key are appended after the last row; a held key is
 * overwritten, skipped or refused (answered as the first clash, having written nothing). Both tables
 * carry the same field names. Keeps `target.rowCount` current.
 */
export async function mergeByKey(
  tx: Executor,
  target: Resource,
  staged: Resource,
  keys: string[],
  policy: KeyPolicy,
): Promise<MergeCounts | { clash: KeyClash }> {
  const held = sql`exists (select 1 from ${tableOf(target)} t where ${sameKey(target, staged, keys)})`;
  const [{ n: heldCount }] = await rowsOf<{ n: string }>(
    tx,
    sql`select count(*) as n from ${tableOf(staged)} s where ${held}`,
  );
  const conflicts = Number(heldCount);
  if (conflicts > 0 && policy === 'refuse') {
    const [first] = await rowsOf<{ _row: string; key: string }>(
      tx,
      sql`select s._row, ${keyText('s', staged, keys)} as key from ${tableOf(staged)} s where ${held}
        order by s._row limit 1`,
    );
    return { clash: { row: Number(first._row), key: first.key, where: 'copy' } };
  }
  await alignTypes(tx, target, staged);
  const loaded = (t: DatastoreField): SQL => {
    const s = fieldOf(staged, t.name);
    return s.type === t.type ? sql`s.${columnOf(s)}` : sql`s.${columnOf(s)}::text`;
  };
  if (conflicts > 0 && policy === 'replace') {
    const sets = target.fields.map((t) => sql`${columnOf(t)} = ${loaded(t)}`);
    await tx.execute(sql`update ${tableOf(target)} t set ${sql.join(sets, sql`, `)}
      from ${tableOf(staged)} s where ${sameKey(target, staged, keys)}`);
  }
  const names = target.fields.map((t) => sql`, ${columnOf(t)}`);
  const values = target.fields.map((t) => sql`, ${loaded(t)}`);
  if (target.partRows) {
    // New rows go after the last one: the parts for them must exist first (store.ts).
    const [{ last, adding }] = await rowsOf<{ last: string; adding: string }>(
      tx,
      sql`select (select coalesce(max(_row), 0) from ${tableOf(target)}) as last,
        (select count(*) from ${tableOf(staged)}) as adding`,
    );
    await ensureParts(tx, target, Number(last), Number(last) + Number(adding) - conflicts);
  }
  const [{ n: insertedCount }] = await rowsOf<{ n: string }>(
    tx,
    sql`with base as (select coalesce(max(_row), 0) as last from ${tableOf(target)}),
      added as (insert into ${tableOf(target)} (_row${sql.join(names)})
        select base.last + row_number() over (order by s._row)${sql.join(values)}
        from ${tableOf(staged)} s, base where not ${held}
        returning 1)
      select count(*) as n from added`,
  );
  const inserted = Number(insertedCount);
  const rowCount = target.rowCount + inserted;
  await tx
    .update(datastoreResources)
    .set({ rowCount, updatedAt: new Date() })
    .where(eq(datastoreResources.id, target.id));
  target.rowCount = rowCount;
  return policy === 'replace'
    ? { inserted, replaced: conflicts, skipped: 0 }
    : { inserted, replaced: 0, skipped: conflicts };
}
