import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnSource, sourceServer } from '../../../../test/source-servers.js';
import { withConnection } from './index.js';
import type { RowBatch, SourceConnection } from './types.js';

const servers = { postgres: await sourceServer('postgres'), mysql: await sourceServer('mysql') };

/** DDL for the fixture table, per protocol: a key, text with a comment, a number, a nullable date. */
const ddl = {
  postgres: (t: string) => [
    `create table ${t} (id integer primary key, name varchar(50) not null, amount numeric(10,2), born date)`,
    `comment on table ${t} is '测试人口表'`,
    `comment on column ${t}.name is '姓名'`,
  ],
  mysql: (t: string) => [
    `create table ${t} (id int primary key, name varchar(50) not null comment '姓名', amount decimal(10,2), born date) comment='测试人口表'`,
  ],
};

const collect = async (batches: AsyncIterable<RowBatch>) => {
  const out: RowBatch[] = [];
  for await (const b of batches) out.push(b);
  return out;
};

for (const protocol of ['postgres', 'mysql'] as const) {
  const server = servers[protocol];
  const name = protocol === 'postgres' ? 'PostgreSQL' : 'MariaDB';
  describe.skipIf('skip' in server)(`${name} connector${'skip' in server ? `（${server.skip}）` : ''}`, () => {
    const target = 'target' in server ? server.target : (undefined as never);
    const table = `odp_ds_${randomBytes(4).toString('hex')}`;
    const keyless = `${table}_nokey`;

    beforeAll(async () => {
      const rows = Array.from(
        { length: 23 },
        (_, i) => `(${i + 1}, '居民${i + 1}', ${i * 10}.5, ${i % 2 ? 'null' : "'2000-01-02'"})`,
      );
      await runOnSource(target, [
        ...ddl[protocol](table),
        `insert into ${table} (id, name, amount, born) values ${rows.join(', ')}`,
        `create table ${keyless} (code varchar(10), label varchar(20))`,
        `insert into ${keyless} values ('a', '甲'), ('b', '乙'), ('c', '丙')`,
      ]);
    });
    afterAll(async () => {
      await runOnSource(target, [`drop table if exists ${table}`, `drop table if exists ${keyless}`]);
    });

    const use = <T>(fn: (c: SourceConnection) => Promise<T>) => withConnection(target, fn);

    it('answers its version and lists the tables with their comments', async () => {
      expect(await use((c) => c.version())).toMatch(protocol === 'postgres' ? /^PostgreSQL / : /^(MariaDB|MySQL) /);
      const tables = await use((c) => c.listTables());
      expect(tables).toContainEqual({ name: table, comment: '测试人口表', kind: 'table' });
      expect(tables.map((t) => t.name)).toContain(keyless);
    });

    it('lists a table’s columns with types, comments, nullability and the primary key', async () => {
      const columns = await use((c) => c.listColumns(table));
      expect(columns.map((c) => c.name)).toEqual(['id', 'name', 'amount', 'born']);
      expect(columns[0]).toMatchObject({ primaryKey: true, nullable: false });
      expect(columns[1]).toMatchObject({ comment: '姓名', primaryKey: false, nullable: false });
      expect(columns[1].type).toMatch(/varchar|character varying/);
      expect(columns[2].type).toMatch(/numeric|decimal/);
      expect(columns[3]).toMatchObject({ nullable: true });
      expect(await use((c) => c.listColumns('no_such_table'))).toEqual([]);
    });

    it('reads rows in key order, batch by batch, and continues after a key', async () => {
      const batches = await use((c) => collect(c.readRows(table, { columns: ['name'], batchSize: 10 })));
      expect(batches.map((b) => b.rows.length)).toEqual([10, 10, 3]);
      expect(batches[0].rows[0]).toEqual({ name: '居民1' });
      expect(String(batches[1].lastKey)).toBe('20');
      const rest = await use((c) => collect(c.readRows(table, { afterKey: 20 })));
      expect(rest.flatMap((b) => b.rows.map((r) => String(r.id)))).toEqual(['21', '22', '23']);
      // Dates and decimals come as the server prints them: no time-zone shift, no float rounding.
      const [first] = (await use((c) => collect(c.readRows(table, { limit: 1 }))))[0].rows;
      expect(first.born).toBe('2000-01-02');
      expect(String(first.amount)).toMatch(/^0\.50*$/);
      const limited = await use((c) => collect(c.readRows(table, { limit: 4, batchSize: 3 })));
      expect(limited.flatMap((b) => b.rows)).toHaveLength(4);
    });

    it('reads a table without a primary key by offset', async () => {
      const batches = await use((c) => collect(c.readRows(keyless, { batchSize: 2 })));
      expect(batches.flatMap((b) => b.rows.map((r) => r.code)).sort()).toEqual(['a', 'b', 'c']);
      expect(batches[0].lastKey).toBeNull();
      await expect(use((c) => collect(c.readRows(keyless, { afterKey: 'a' })))).rejects.toMatchObject({ status: 400 });
    });

    it('refuses unknown tables and columns instead of building SQL from them', async () => {
      await expect(use((c) => collect(c.readRows(`${table}; drop table ${table}`)))).rejects.toMatchObject({
        status: 404,
      });
      await expect(
        use((c) => collect(c.readRows(table, { columns: ['name', 'id) from x; --'] }))),
      ).rejects.toMatchObject({
        status: 400,
        message: expect.stringContaining('字段不存在'),
      });
      expect((await use((c) => c.listColumns(table))).length).toBe(4);
    });

    it('is a read-only session', async () => {
      expect(await use((c) => c.readOnly())).toBe(true);
    });

    it('names a wrong password or database in Chinese without echoing the password', async () => {
      const wrong = await withConnection({ ...target, user: 'odp_no_such_user', password: 'S3cret-pw' }, (c) =>
        c.version(),
      ).catch((e: Error) => e);
      expect((wrong as Error).message).toMatch(/用户名或密码错误|连接失败/);
      expect((wrong as Error).message).not.toContain('S3cret-pw');
      const noDb = await withConnection({ ...target, database: 'odp_no_such_db' }, (c) => c.version()).catch(
        (e: Error) => e,
      );
      expect((noDb as Error).message).toMatch(/数据库不存在|该用户无权访问此数据库/);
    });
  });
}
