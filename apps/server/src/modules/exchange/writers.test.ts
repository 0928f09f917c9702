import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/errors.js';
import { runOnSource, sourceServer } from '../../test/source-servers.js';
import {
  type TargetConnection,
  type WriteValue,
  withConnection,
  withTargetConnection,
} from '../resources/datasource/connectors/index.js';

const servers = { postgres: await sourceServer('postgres'), mysql: await sourceServer('mysql') };

async function* batchesOf(...batches: WriteValue[][][]) {
  for (const b of batches) yield b;
}

/** Rows of `n` people from `from`, as [id, name, amount]. */
const people = (from: number, n: number): WriteValue[][] =>
  Array.from({ length: n }, (_, i) => [String(from + i), `居民${from + i}`, `${from + i}.50`]);

for (const protocol of ['postgres', 'mysql'] as const) {
  const server = servers[protocol];
  const label = protocol === 'postgres' ? 'PostgreSQL' : 'MariaDB';
  describe.skipIf('skip' in server)(`${label} writing connector${'skip' in server ? `（${server.skip}）` : ''}`, () => {
    const target = 'target' in server ? server.target : (undefined as never);
    const prefix = `odp_xw_${randomBytes(4).toString('hex')}`;
    const made: string[] = [];
    const tableName = (suffix: string) => {
      const name = `${prefix}_${suffix}`;
      made.push(name);
      return name;
    };
    afterAll(async () => {
      await runOnSource(
        target,
        made.map((t) => `drop table if exists ${t}`),
      );
    });

    const use = <T>(fn: (c: TargetConnection) => Promise<T>) => withTargetConnection(target, fn);
    const rowsOf = async (table: string) => {
      const out: Record<string, unknown>[] = [];
      await withConnection(target, async (c) => {
        for await (const b of c.readRows(table)) out.push(...b.rows);
      });
      return out;
    };
    const refusal = async (p: Promise<unknown>) => {
      const err = await p.then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(AppError);
      return err as AppError;
    };

    /** A table made with a key, text, a number and a comment, as the exchange creates one. */
    const created = async (suffix: string) => {
      const table = tableName(suffix);
      await use((c) =>
        c.createTable(table, [
          { name: 'id', kind: 'text', primaryKey: true, comment: '编号' },
          { name: '姓名', kind: 'text', primaryKey: false, comment: '姓名' },
          { name: 'amount', kind: 'numeric', primaryKey: false },
        ]),
      );
      return table;
    };

    it('creates a table from definitions: quoted names, mapped types, the key and the comments', async () => {
      const table = await created('create');
      const columns = await use((c) => c.listColumns(table));
      expect(columns.map((c) => [c.name, c.primaryKey, c.comment])).toEqual([
        ['id', true, '编号'],
        ['姓名', false, '姓名'],
        ['amount', false, null],
      ]);
      expect(columns[2].type).toMatch(/^(numeric|decimal)/);
      const again = await refusal(use((c) => c.createTable(table, [{ name: 'id', kind: 'text', primaryKey: true }])));
      expect(again.message).toContain('目标表已存在');
    });

    it('refuses names that are not plain identifiers before anything reaches the server', async () => {
      for (const [table, column] of [
        ['x; drop table y', 'id'],
        ['1abc', 'id'],
        [`${prefix}_ok`, 'a"b'],
        [`${prefix}_ok`, 'a`b'],
        [`${prefix}_ok`, 'a b'],
        [`${prefix}_ok`, ''],
      ]) {
        const err = await refusal(
          use((c) => c.createTable(table, [{ name: column, kind: 'text', primaryKey: false }])),
        );
        expect(err.status, `${table}.${column}`).toBe(400);
      }
      expect(await use((c) => c.listColumns(`${prefix}_ok`))).toEqual([]);
    });

    it('replace upserts on the primary key, across statements', async () => {
      const table = await created('replace');
      await runOnSource(target, [`insert into ${table} (id, amount) values ('1', 9), ('900', 9)`]);
      const result = await use((c) =>
        c.writeRows(table, ['id', '姓名', 'amount'], batchesOf(people(1, 600), people(600, 400)), 'replace'),
      );
      expect(result).toEqual({ written: 1000, skipped: 0 });
      const rows = await rowsOf(table);
      expect(rows).toHaveLength(999);
      const one = rows.find((r) => r.id === '1');
      expect([one?.姓名, Number(one?.amount)]).toEqual(['居民1', 1.5]);
      // 600 was written twice: the later row stands.
      expect(rows.filter((r) => r.id === '600')).toHaveLength(1);
    });

    it('skip leaves held rows alone and counts them', async () => {
      const table = await created('skip');
      const name = protocol === 'mysql' ? '`姓名`' : '"姓名"';
      await runOnSource(target, [`insert into ${table} (id, ${name}, amount) values ('2', '原有', 7)`]);
      const result = await use((c) =>
        c.writeRows(table, ['id', '姓名', 'amount'], batchesOf(people(1, 3), [['3', '重复', '1']]), 'skip'),
      );
      expect(result).toEqual({ written: 2, skipped: 2 });
      const rows = await rowsOf(table);
      expect(rows.find((r) => r.id === '2')?.姓名).toBe('原有');
      expect(rows.find((r) => r.id === '3')?.姓名).toBe('居民3');
    });

    it('refuse fails on the first held key and rolls back everything the write did', async () => {
      const table = await created('refuse');
      await runOnSource(target, [`insert into ${table} (id) values ('1100')`]);
      const err = await refusal(
        use((c) => c.writeRows(table, ['id', '姓名', 'amount'], batchesOf(people(1, 700), people(701, 700)), 'refuse')),
      );
      expect(err.message).toBe(`目标表 ${table} 中已有相同主键的记录（导入规则为“报错并终止”），本次写入已全部撤销`);
      expect(await rowsOf(table)).toEqual([{ id: '1100', 姓名: null, amount: null }]);
    });

    it('says in Chinese why a value does not fit, and writes none of the rows', async () => {
      const table = tableName('typed');
      await runOnSource(target, [`create table ${table} (id int primary key, born date)`]);
      const err = await refusal(
        use((c) =>
          c.writeRows(table, ['id', 'born'], batchesOf([['1', '2020-01-01']], [['2', '不是日期']]), 'replace'),
        ),
      );
      expect(err.message).toBe(`数据与目标表 ${table} 字段的类型不符，本次写入已全部撤销`);
      expect(await rowsOf(table)).toEqual([]);
      const unknown = await refusal(use((c) => c.writeRows(table, ['id', 'nope'], batchesOf([['1', '1']]), 'replace')));
      expect(unknown.message).toBe('目的表中没有字段“nope”');
    });

    it('undoes the write when the rows to write fail to be read', async () => {
      const table = await created('source');
      async function* failing() {
        yield people(1, 10);
        throw new AppError(400, '读取源数据失败');
      }
      const err = await refusal(use((c) => c.writeRows(table, ['id', '姓名', 'amount'], failing(), 'replace')));
      expect(err.message).toBe('读取源数据失败，本次写入已全部撤销');
      expect(await rowsOf(table)).toEqual([]);
    });
  });
}
