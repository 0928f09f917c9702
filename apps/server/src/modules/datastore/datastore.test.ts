import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { catalogueFiles, datastoreResources } from '../../db/schema/index.js';
import { createDepart } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { createMarketEntry } from '../market/testing.js';
import { INDEXED_FROM_ROWS, indexFilterable } from './indexes.js';
import { mergeByKey } from './merge.js';
import { allRows, appendRows, createResource, firstRows, hasFormulaCells, partsOf, setRowCount } from './store.js';
import { storedRows } from './testing.js';
import { fits, typeOfItem } from './types.js';

let ctx: TestContext;
let catalogId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const depart = await createDepart(ctx.db);
  catalogId = (await createMarketEntry(ctx.db, depart.orgCode)).id;
});
afterAll(() => ctx.close());

const columnTypes = async (tableName: string) =>
  Object.fromEntries(
    (
      await rowsOf<{ column_name: string; data_type: string }>(
        ctx.db,
        sql`select column_name, data_type from information_schema.columns
          where table_schema = 'datastore' and table_name = ${tableName} order by ordinal_position`,
      )
    ).map((r) => [r.column_name, r.data_type]),
  );

const tableExists = async (tableName: string) =>
  (await rowsOf<{ t: string | null }>(ctx.db, sql`select to_regclass(${`datastore.${tableName}`}) as t`))[0].t !== null;

describe('lossless column types', () => {
  it('types a column only when every value reads back unchanged', () => {
    expect(fits('numeric', ['12', '-3.5', '0', '0.25', '', undefined])).toBe(true);
    for (const v of ['007', '+5', '-0', '1e3', '12 ', '１２']) expect(fits('numeric', [v]), v).toBe(false);
    expect(fits('date', ['2026-02-28', ''])).toBe(true);
    for (const v of ['2026-02-30', '2026/02/01', '2026-2-1']) expect(fits('date', [v]), v).toBe(false);
    expect(fits('timestamp', ['2026-11-24 08:30:00'])).toBe(true);
    expect(fits('timestamp', ['2026-11-24T08:30:00'])).toBe(false);
    expect(fits('timestamp', ['2026-11-24 24:00:00'])).toBe(false);
    expect(fits('text', ['anything'])).toBe(true);
    expect([typeOfItem('N'), typeOfItem('D'), typeOfItem('DT'), typeOfItem('C'), typeOfItem(null)]).toEqual([
      'numeric',
      'date',
      'timestamp',
      'text',
      'text',
    ]);
  });
});

describe('a resource table', () => {
  it('keeps typed columns typed, turns a column to text when a value would change, and widens for long rows', async () => {
    const r = await createResource(ctx.db, {
      catalogId,
      kind: 'file',
      names: ['名称', '泊位', '编号', '日期'],
      types: ['text', 'numeric', 'numeric', 'date'],
    });
    expect(r.tableName).toMatch(/^f_[0-9a-f]{32}$/);
    await appendRows(ctx.db, r, 0, [
      ['湖滨', '12', '1', '2026-01-01'],
      ['西湖', '', '2', ''],
    ]);
    expect(await columnTypes(r.tableName)).toMatchObject({ c2: 'numeric', c3: 'numeric', c4: 'date' });
    await appendRows(ctx.db, r, 2, [['江边', '30', '007', '2026-03-01', '备注']]);
    expect(await columnTypes(r.tableName)).toMatchObject({ c2: 'numeric', c3: 'text', c4: 'date', c5: 'text' });
    const [stored] = await ctx.db.select().from(datastoreResources).where(eq(datastoreResources.id, r.id));
    expect(stored.fields.map((f) => [f.name, f.type])).toEqual([
      ['名称', 'text'],
      ['泊位', 'numeric'],
      ['编号', 'text'],
      ['日期', 'date'],
      ['列5', 'text'],
    ]);
    await setRowCount(ctx.db, r, 3);
    expect(await firstRows(ctx.db, r, 2)).toEqual([
      ['湖滨', '12', '1', '2026-01-01', ''],
      ['西湖', '', '2', '', ''],
    ]);
    const all: string[][] = [];
    for await (const row of allRows(ctx.db, r)) all.push(row);
    expect(all[2]).toEqual(['江边', '30', '007', '2026-03-01', '备注']);
    expect(await hasFormulaCells(ctx.db, r)).toBe(false);
    await appendRows(ctx.db, r, 3, [['=HYPERLINK("x")', '1', '2', '']]);
    expect(await hasFormulaCells(ctx.db, r)).toBe(true);
  });

  it('reads thousands of rows in order across batches', async () => {
    const r = await createResource(ctx.db, { catalogId, kind: 'table', names: ['序号'], types: ['numeric'] });
    expect(r.tableName).toMatch(/^t_/);
    const rows = Array.from({ length: 4500 }, (_, i) => [String(i + 1)]);
    await appendRows(ctx.db, r, 0, rows.slice(0, 3000));
    await appendRows(ctx.db, r, 3000, rows.slice(3000));
    const read: string[] = [];
    for await (const row of allRows(ctx.db, r)) read.push(row[0]);
    expect(read).toEqual(rows.map((x) => x[0]));
  });

  it('goes with its file: deleting the file row drops the table', async () => {
    const [file] = await ctx.db
      .insert(catalogueFiles)
      .values({
        catalogId,
        kind: 'data',
        fileName: 'a.csv',
        storedName: 'a',
        mimeType: 'text/csv',
        size: 1,
        sha256: 'x',
      })
      .returning();
    const r = await createResource(ctx.db, { catalogId, fileId: file.id, kind: 'file', names: ['名称'] });
    await appendRows(ctx.db, r, 0, [['湖滨']]);
    expect(await tableExists(r.tableName)).toBe(true);
    await ctx.db.delete(catalogueFiles).where(eq(catalogueFiles.id, file.id));
    expect(await tableExists(r.tableName)).toBe(false);
    expect(await ctx.db.select().from(datastoreResources).where(eq(datastoreResources.id, r.id))).toEqual([]);
  });

  it('never takes a table name from outside', async () => {
    const r = await createResource(ctx.db, { catalogId, kind: 'file', names: ['名称'] });
    await expect(firstRows(ctx.db, { ...r, tableName: 'x"; drop table sys_user; --' }, 1)).rejects.toThrow(
      /invalid datastore identifier/,
    );
  });
});

describe('indexes for the row API', () => {
  const indexedColumns = async (tableName: string) =>
    (
      await rowsOf<{ indexdef: string }>(
        ctx.db,
        sql`select indexdef from pg_indexes where schemaname = 'datastore' and tablename = ${tableName} and indexname <> ${`${tableName}_pkey`}`,
      )
    )
      .map((r) => /\((c\d+), _row\)/.exec(r.indexdef)?.[1])
      .sort();

  it('indexes typed and short text columns of a large resource, not long text, and none on a small one', async () => {
    const names = ['编号', '区县', '金额', '说明'];
    const big = await createResource(ctx.db, {
      catalogId,
      kind: 'table',
      names,
      types: ['text', 'text', 'numeric', 'text'],
    });
    const rows = Array.from({ length: INDEXED_FROM_ROWS }, (_, i) => [
      `N${i}`,
      ['东湖区', '西湖区'][i % 2],
      String(i),
      i === 5 ? '长'.repeat(300) : '短',
    ]);
    for (let i = 0; i < rows.length; i += 2000) await appendRows(ctx.db, big, i, rows.slice(i, i + 2000));
    await setRowCount(ctx.db, big, rows.length);
    expect(await indexFilterable(ctx.db, big)).toBe(3);
    expect(await indexedColumns(big.tableName)).toEqual(['c1', 'c2', 'c3']);

    // Inside a transaction (a seed's or an import's) the indexes come without VACUUM.
    const inTransaction = await createResource(ctx.db, { catalogId, kind: 'table', names });
    await appendRows(ctx.db, inTransaction, 0, rows);
    await setRowCount(ctx.db, inTransaction, rows.length);
    expect(await ctx.db.transaction((tx) => indexFilterable(tx, inTransaction))).toBe(3);

    const small = await createResource(ctx.db, { catalogId, kind: 'table', names });
    await appendRows(ctx.db, small, 0, rows.slice(0, 10));
    await setRowCount(ctx.db, small, 10);
    expect(await indexFilterable(ctx.db, small)).toBe(0);
    expect(await indexedColumns(small.tableName)).toEqual([]);
  });

  it('builds them part by part on a partitioned table, valid on the whole table, and on parts added later', async () => {
    const names = ['编号', '金额', '备注'];
    const rows = Array.from({ length: INDEXED_FROM_ROWS + 500 }, (_, i) => [`N${i}`, String(i), '']);
    rows[INDEXED_FROM_ROWS + 100][2] = '=HYPERLINK("http://x")';
    const parted = await createResource(ctx.db, {
      catalogId,
      kind: 'table',
      names,
      types: ['text', 'numeric', 'text'],
      partRows: 4000,
    });
    for (let i = 0; i < rows.length; i += 3000) await appendRows(ctx.db, parted, i, rows.slice(i, i + 3000));
    await setRowCount(ctx.db, parted, rows.length);
    expect(await partsOf(ctx.db, parted)).toEqual([0, 1, 2].map((k) => `${parted.tableName}_p${k}`));

    expect(await indexFilterable(ctx.db, parted)).toBe(3);
    const valid = await rowsOf<{ name: string; valid: boolean }>(
      ctx.db,
      sql`select c.relname as name, i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
        join pg_class t on t.oid = i.indrelid where t.relname = ${parted.tableName} and not i.indisprimary`,
    );
    expect(valid.map((v) => v.name).sort()).toEqual(['c1', 'c2', 'c3'].map((c) => `${parted.tableName}_${c}_idx`));
    expect(valid.every((v) => v.valid)).toBe(true);
    for (const part of await partsOf(ctx.db, parted)) expect(await indexedColumns(part)).toEqual(['c1', 'c2', 'c3']);

    // Every row in order across parts, and the formula cell found in the last part.
    expect((await storedRows(ctx.db, parted)).map((r) => r[0])).toEqual(rows.map((r) => r[0]));
    expect(await hasFormulaCells(ctx.db, parted)).toBe(true);

    // A merge appending past the last part makes the next one, which gets the table's indexes.
    const staged = await createResource(ctx.db, { catalogId, kind: 'table', names, partRows: null });
    const added = Array.from({ length: 2000 }, (_, i) => [`M${i}`, String(i), '']);
    await appendRows(ctx.db, staged, 0, [['N0', '-1', ''], ...added]);
    await setRowCount(ctx.db, staged, added.length + 1);
    const counts = await ctx.db.transaction((tx) => mergeByKey(tx, parted, staged, ['编号'], 'skip'));
    expect(counts).toEqual({ inserted: 2000, replaced: 0, skipped: 1 });
    const parts = await partsOf(ctx.db, parted);
    expect(parts).toHaveLength(4);
    expect(await indexedColumns(parts[3])).toEqual(['c1', 'c2', 'c3']);
  });
});
