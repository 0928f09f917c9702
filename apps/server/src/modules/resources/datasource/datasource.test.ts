import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type DataSourceItem,
  type DataSourceOption,
  type DataSourceTestResult,
  ResourcePerm as P,
  type Page,
  type SourceColumn,
  type SourceTable,
} from '@odp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataSources, logs } from '../../../db/schema/index.js';
import { parseAllowList } from '../../../platform/outbound/address.js';
import { createDepart, signedIn, signedInWith } from '../../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { runOnSource, sourceServer } from '../../../test/source-servers.js';

const servers = { postgres: await sourceServer('postgres'), mysql: await sourceServer('mysql') };
const dataDir = mkdtempSync(path.join(tmpdir(), 'odp-ds-'));

/** Names the tests resolve themselves: one inward, one to the metadata address, one to the allowed loopback. */
const NAMES: Record<string, string> = {
  'inward.example.org': '10.1.2.3',
  'metadata.example.org': '169.254.169.254',
  'mapped.example.org': '::ffff:192.168.1.10',
  'db.example.org': '127.0.0.1',
};

let ctx: TestContext;
let deptA: { id: string; orgCode: string };
let deptB: { id: string; orgCode: string };
let keeperA: string;
let keeperB: string;
let readerA: string;
let admin: string;
let stranger: string;

const ALL = [P.dataSourceList, P.dataSourceAdd, P.dataSourceEdit, P.dataSourceDelete];
const SECRET = 'Very$ecret-密码-42';

const member = async (codes: string[], depart: { id: string; orgCode: string }) =>
  (await signedInWith(ctx, codes, { departs: [depart] })).token;

beforeAll(async () => {
  ctx = await createTestApp({
    dataDir,
    config: {
      outboundAllow: parseAllowList('127.0.0.1/32'),
      outboundLookup: async (host) => {
        const address = NAMES[host];
        if (!address) throw new Error('not found');
        return [{ address, family: address.includes(':') ? 6 : 4 }];
      },
    },
  });
  deptA = await createDepart(ctx.db);
  deptB = await createDepart(ctx.db);
  keeperA = await member(ALL, deptA);
  keeperB = await member(ALL, deptB);
  readerA = await member([P.dataSourceList], deptA);
  admin = await member([...ALL, P.dataSourceAll], deptB);
  stranger = (await signedIn(ctx, { departs: [deptA] })).token;
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const source = (overrides: Record<string, unknown> = {}) => ({
  dataName: `人口库${Math.random().toString(36).slice(2, 8)}`,
  databaseType: 'postgresql',
  host: '127.0.0.1',
  port: 5432,
  databaseName: 'test',
  userName: 'reader',
  password: SECRET,
  transportGateway: '政务外网网关',
  descr: '人口基础库只读账号',
  ...overrides,
});
const add = (token: string, body: Record<string, unknown>) =>
  call<DataSourceItem>(ctx, 'POST', '/api/DataSource/addDataSource', { token, body });
const rowCount = async () => (await ctx.db.select().from(dataSources)).length;
/** Every answer and log row is searched for the password and its sealed form. */
const leaks = (value: unknown) => {
  const text = JSON.stringify(value);
  return text.includes(SECRET) || text.includes('passwordEnc') || text.includes('v1:');
};

describe('数据源管理 /api/DataSource', () => {
  it('needs a token (401) and the permission of each call (403)', async () => {
    const id = crypto.randomUUID();
    const calls: ['GET' | 'POST' | 'DELETE', string, Record<string, unknown>?, Record<string, string>?][] = [
      ['POST', '/api/DataSource/page', {}],
      ['GET', '/api/DataSource/getDataSourceById', undefined, { id }],
      ['GET', '/api/DataSource/getDataSourceList'],
      ['POST', '/api/DataSource/addDataSource', source()],
      ['POST', '/api/DataSource/edit', { id, ...source() }],
      ['DELETE', '/api/DataSource/deleteServiceMatters', undefined, { id }],
      ['POST', '/api/dataBase/testConnect', source()],
      ['POST', '/api/dataBase/listDatabase', { id }],
      ['POST', '/api/dataBase/listColumns', { id, tableName: 't' }],
    ];
    for (const [method, url, body, query] of calls) {
      expect((await call(ctx, method, url, { body, query })).status, url).toBe(401);
      expect((await call(ctx, method, url, { token: stranger, body, query })).status, url).toBe(403);
    }
    expect((await add(readerA, source())).status).toBe(403);
    expect((await call(ctx, 'POST', '/api/dataBase/testConnect', { token: readerA, body: source() })).status).toBe(403);
    expect(await rowCount()).toBe(0);
  });

  it('adds a source in the caller’s department with the password sealed, never answered nor logged', async () => {
    const res = await add(keeperA, source({ dataName: '人口基础库' }));
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      dataName: '人口基础库',
      databaseType: 'postgresql',
      storageType: 11,
      host: '127.0.0.1',
      port: 5432,
      orgCode: deptA.orgCode,
      transportGateway: '政务外网网关',
    });
    expect(res.body.result.createByName).toMatch(/^测试用户/);
    expect(leaks(res.body)).toBe(false);
    expect(res.body.result).not.toHaveProperty('password');
    const [row] = await ctx.db.select().from(dataSources).where(eq(dataSources.id, res.body.result.id));
    expect(row.passwordEnc).toMatch(/^v1:/);
    expect(row.passwordEnc).not.toContain(SECRET);

    const list = await call<Page<DataSourceItem>>(ctx, 'POST', '/api/DataSource/page', { token: readerA, body: {} });
    const one = await call(ctx, 'GET', '/api/DataSource/getDataSourceById', { token: readerA, query: { id: row.id } });
    const options = await call<DataSourceOption[]>(ctx, 'GET', '/api/DataSource/getDataSourceList', { token: readerA });
    expect(list.body.result.records.map((r) => r.id)).toEqual([row.id]);
    expect(options.body.result).toEqual([
      { storageId: row.id, code: 'postgresql', planName: 'test', name: '人口基础库', orgCode: row.orgCode },
    ]);
    for (const answer of [list.body, one.body, options.body]) expect(leaks(answer)).toBe(false);

    const edited = await call<DataSourceItem>(ctx, 'POST', '/api/DataSource/edit', {
      token: keeperA,
      body: { ...source({ dataName: '人口基础库（只读）' }), id: row.id, password: '' },
    });
    expect(edited.status).toBe(200);
    expect(leaks(edited.body)).toBe(false);
    const [kept] = await ctx.db.select().from(dataSources).where(eq(dataSources.id, row.id));
    expect(kept.passwordEnc).toBe(row.passwordEnc);
    expect(kept.dataName).toBe('人口基础库（只读）');

    const logRows = await ctx.db.select().from(logs).where(eq(logs.target, row.id));
    expect(logRows.map((l) => l.operateType).sort()).toEqual(['add', 'edit']);
    expect(leaks(logRows)).toBe(false);
  });

  it('refuses bad input and unsupported types with a Chinese 400, writing nothing', async () => {
    const before = await rowCount();
    const cases: [Record<string, unknown>, RegExp][] = [
      [source({ dataName: '' }), /请输入数据源名称/],
      [source({ databaseType: 'mongodb' }), /请选择数据源类型/],
      [source({ host: 'jdbc:postgresql://127.0.0.1/test' }), /数据库地址只能是主机名或 IP 地址/],
      [source({ host: '127.0.0.1:5432' }), /数据库地址只能是主机名或 IP 地址/],
      [source({ port: 'abc' }), /端口/],
      [source({ port: 70000 }), /端口须为 1-65535 的数字/],
      [source({ databaseName: '' }), /请输入数据库名称/],
      [source({ userName: '' }), /请输入用户名/],
      [source({ password: '' }), /请输入密码/],
      [source({ dataName: '人口基础库（只读）' }), /名称已存在/],
      [source({ databaseType: 'oracle', port: 1521 }), /暂不支持Oracle类型的数据源/],
      [source({ databaseType: 'dameng' }), /暂不支持达梦类型的数据源/],
    ];
    for (const [body, message] of cases) {
      const res = await add(keeperA, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect(await rowCount()).toBe(before);
    const test = await call(ctx, 'POST', '/api/dataBase/testConnect', {
      token: keeperA,
      body: source({ databaseType: 'sqlserver' }),
    });
    expect(test.status).toBe(400);
    expect(test.body.message).toBe('暂不支持SQL Server类型的数据源');
  });

  it('refuses loopback, link-local, metadata and private targets, and names resolving to them', async () => {
    const before = await rowCount();
    for (const host of [
      '127.0.0.2',
      '10.0.0.8',
      '172.16.5.4',
      '192.168.0.10',
      '100.64.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      'fd00:ec2::254',
      'fe80::1',
      '::ffff:10.0.0.1',
      'inward.example.org',
      'metadata.example.org',
      'mapped.example.org',
    ]) {
      const res = await add(keeperA, source({ host }));
      expect(res.status, host).toBe(400);
      expect(res.body.message, host).toMatch(/不允许连接本机、内网或保留地址/);
      const test = await call(ctx, 'POST', '/api/dataBase/testConnect', { token: keeperA, body: source({ host }) });
      expect(test.status, host).toBe(400);
      expect(test.body.message, host).toMatch(/不允许连接本机、内网或保留地址/);
    }
    expect(await rowCount()).toBe(before);
  });

  it('keeps departments apart: another department’s source is missing to read and refused to change', async () => {
    const [mine] = (await call<Page<DataSourceItem>>(ctx, 'POST', '/api/DataSource/page', { token: keeperA, body: {} }))
      .body.result.records;
    expect(
      (await call<Page<DataSourceItem>>(ctx, 'POST', '/api/DataSource/page', { token: keeperB, body: {} })).body.result
        .total,
    ).toBe(0);
    expect(
      (await call(ctx, 'GET', '/api/DataSource/getDataSourceById', { token: keeperB, query: { id: mine.id } })).status,
    ).toBe(404);
    const edit = await call(ctx, 'POST', '/api/DataSource/edit', {
      token: keeperB,
      body: { ...source(), id: mine.id },
    });
    expect(edit.status).toBe(403);
    expect(
      (await call(ctx, 'DELETE', '/api/DataSource/deleteServiceMatters', { token: keeperB, query: { id: mine.id } }))
        .status,
    ).toBe(403);
    // Testing with another department's id cannot borrow its stored password.
    const borrow = await call(ctx, 'POST', '/api/dataBase/testConnect', {
      token: keeperB,
      body: { ...source({ password: undefined }), id: mine.id },
    });
    expect(borrow.status).toBe(404);
    expect(
      (await call(ctx, 'POST', '/api/dataBase/listDatabase', { token: keeperB, body: { id: mine.id } })).status,
    ).toBe(404);
    const all = await call<Page<DataSourceItem>>(ctx, 'POST', '/api/DataSource/page', {
      token: admin,
      body: { dataName: '人口基础库' },
    });
    expect(all.body.result.records.map((r) => r.id)).toEqual([mine.id]);
  });

  it('asks for the password again when the address or user changes, so the stored one never goes elsewhere', async () => {
    const [mine] = (await call<Page<DataSourceItem>>(ctx, 'POST', '/api/DataSource/page', { token: keeperA, body: {} }))
      .body.result.records;
    const moved = { ...source({ dataName: mine.dataName, host: 'db.example.org', password: undefined }), id: mine.id };
    const edit = await call(ctx, 'POST', '/api/DataSource/edit', { token: keeperA, body: moved });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe('修改了数据源类型、地址、端口或用户名，请重新输入密码');
    const test = await call(ctx, 'POST', '/api/dataBase/testConnect', { token: keeperA, body: moved });
    expect(test.status).toBe(400);
    expect(test.body.message).toBe('修改了数据源类型、地址、端口或用户名，请重新输入密码');
    const [row] = await ctx.db.select().from(dataSources).where(eq(dataSources.id, mine.id));
    expect(row.host).toBe('127.0.0.1');
  });

  it('filters the list by name, type, address, port and database', async () => {
    await add(keeperA, source({ dataName: '交通库', databaseType: 'mariadb', port: 3306, databaseName: 'traffic' }));
    const names = async (body: Record<string, unknown>) =>
      (
        await call<Page<DataSourceItem>>(ctx, 'POST', '/api/DataSource/page', { token: readerA, body })
      ).body.result.records.map((r) => r.dataName);
    expect(await names({ databaseType: 'mariadb' })).toEqual(['交通库']);
    expect(await names({ port: 3306 })).toEqual(['交通库']);
    expect(await names({ databaseName: 'traff' })).toEqual(['交通库']);
    expect(await names({ host: '127.0.0' })).toHaveLength(2);
    expect(await names({ dataName: '人口' })).toEqual(['人口基础库（只读）']);
  });

  it('deletes a source of its own department after confirmation, logging it', async () => {
    const created = (await add(keeperA, source({ dataName: '待删除库' }))).body.result;
    const res = await call(ctx, 'DELETE', '/api/DataSource/deleteServiceMatters', {
      token: keeperA,
      query: { id: created.id },
    });
    expect(res.status).toBe(200);
    expect(await ctx.db.select().from(dataSources).where(eq(dataSources.id, created.id))).toHaveLength(0);
    const [log] = await ctx.db.select().from(logs).where(eq(logs.operateType, 'delete'));
    expect(log.logContent).toContain('待删除库');
    expect(leaks(log)).toBe(false);
  });
});

for (const protocol of ['postgres', 'mysql'] as const) {
  const server = servers[protocol];
  const label = protocol === 'postgres' ? 'PostgreSQL' : 'MariaDB';
  describe.skipIf('skip' in server)(
    `testConnect and listDatabase against ${label}${'skip' in server ? `（${server.skip}）` : ''}`,
    () => {
      const target = 'target' in server ? server.target : (undefined as never);
      const suffix = Math.random().toString(36).slice(2, 10);
      const table = `odp_dsapi_${suffix}`;
      /**
       * The account the form names: on MariaDB a reader created for the test with a password and
       * SELECT only; on PostgreSQL the configured one (a trust server takes any password).
       */
      const account =
        protocol === 'mysql'
          ? { user: `odp_r_${suffix}`, password: `Reader#${suffix}` }
          : { user: target.user, password: target.password || 'trust-ignores-it' };
      const form = () => ({
        databaseType: protocol === 'postgres' ? 'postgresql' : 'mariadb',
        host: target.host,
        port: target.port,
        databaseName: target.database,
        userName: account.user,
        password: account.password,
      });
      const hosts = ['%', 'localhost', '127.0.0.1'];

      beforeAll(async () => {
        await runOnSource(target, [
          `create table ${table} (id int primary key, name varchar(20))`,
          ...(protocol === 'mysql'
            ? hosts.flatMap((h) => [
                `create user '${account.user}'@'${h}' identified by '${account.password}'`,
                `grant select on \`${target.database}\`.* to '${account.user}'@'${h}'`,
              ])
            : []),
        ]);
      });
      afterAll(async () => {
        await runOnSource(target, [
          `drop table if exists ${table}`,
          ...(protocol === 'mysql' ? hosts.map((h) => `drop user if exists '${account.user}'@'${h}'`) : []),
        ]);
      });

      it('tests the form’s connection and answers the server’s version', async () => {
        const res = await call<DataSourceTestResult>(ctx, 'POST', '/api/dataBase/testConnect', {
          token: keeperA,
          body: form(),
        });
        expect(res.status, res.body.message).toBe(200);
        expect(res.body.message).toBe('测试成功');
        expect(res.body.result.version).toMatch(protocol === 'postgres' ? /^PostgreSQL/ : /^(MariaDB|MySQL)/);
      });

      it('names a closed port, a wrong database and (MariaDB) a wrong password in Chinese', async () => {
        const closed = await call(ctx, 'POST', '/api/dataBase/testConnect', {
          token: keeperA,
          body: { ...form(), port: 1 },
        });
        expect(closed.status).toBe(400);
        expect(closed.body.message).toMatch(/连接被拒绝|连接超时/);
        const noDb = await call(ctx, 'POST', '/api/dataBase/testConnect', {
          token: keeperA,
          body: { ...form(), databaseName: 'odp_no_such_db' },
        });
        expect(noDb.status).toBe(400);
        expect(noDb.body.message).toMatch(/数据库不存在|该用户无权访问此数据库/);
        if (protocol === 'mysql') {
          const wrong = await call(ctx, 'POST', '/api/dataBase/testConnect', {
            token: keeperA,
            body: { ...form(), password: 'wrong-password' },
          });
          expect(wrong.status).toBe(400);
          expect(wrong.body.message).toBe('用户名或密码错误');
        }
      });

      it('tests a stored source with its stored password, and lists its tables and a table’s columns', async () => {
        const created = await add(keeperA, { ...form(), dataName: `${label}源${suffix}` });
        expect(created.status, created.body.message).toBe(200);
        const id = created.body.result.id;
        const tested = await call<DataSourceTestResult>(ctx, 'POST', '/api/dataBase/testConnect', {
          token: keeperA,
          body: { ...form(), password: undefined, id },
        });
        expect(tested.status, tested.body.message).toBe(200);
        const tables = await call<SourceTable[]>(ctx, 'POST', '/api/dataBase/listDatabase', {
          token: readerA,
          body: { id },
        });
        expect(tables.status).toBe(200);
        expect(tables.body.result.map((t) => t.name)).toContain(table);
        const columns = await call<SourceColumn[]>(ctx, 'POST', '/api/dataBase/listColumns', {
          token: readerA,
          body: { id, tableName: table },
        });
        expect(columns.body.result.map((c) => [c.name, c.primaryKey])).toEqual([
          ['id', true],
          ['name', false],
        ]);
        const missing = await call(ctx, 'POST', '/api/dataBase/listColumns', {
          token: readerA,
          body: { id, tableName: 'odp_no_such_table' },
        });
        expect(missing.status).toBe(404);
      });
    },
  );
}
