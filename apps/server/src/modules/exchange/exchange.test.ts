import { randomBytes } from 'node:crypto';
import {
  type DataSourceItem,
  ExchangePerm as E,
  type ExchangeDestField,
  type ExchangeRecordItem,
  type ExchangeRunResult,
  type ExchangeSourceField,
  type ExchangeTaskAdded,
  type ExchangeTaskItem,
  type Page,
} from '@odp/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogueItems,
  catalogues,
  dataSources,
  exchangeRuns,
  exchangeTasks,
  openApps,
  openGrants,
  shareApplies,
} from '../../db/schema/index.js';
import { parseAllowList } from '../../platform/outbound/address.js';
import { createDepart, createUser, login, signedIn, signedInWith } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { jobContextOf } from '../../test/jobs.js';
import { runOnSource, sourceServer } from '../../test/source-servers.js';
import { appendRows, createResource, setRowCount } from '../datastore/store.js';
import { createMarketEntry } from '../market/testing.js';
import { withConnection } from '../resources/datasource/connectors/index.js';
import { runExchangeTasks } from './job.js';

const servers = { postgres: await sourceServer('postgres'), mysql: await sourceServer('mysql') };
const uniq = () => randomBytes(4).toString('hex');

let ctx: TestContext;
/** 数源部门 (owns the entry), the applying department, and another one. */
let provider: { id: string; orgCode: string };
let applicant: { id: string; orgCode: string };
let other: { id: string; orgCode: string };
let officerId: string;
let officer: string;
let outsider: string;
let entryId: string;

/** Rows of the entry: 编号 (key), 姓名 (masked), 手机号 (not granted), 金额 (numeric), 备注 (not granted). */
const ROWS = Array.from({ length: 1_200 }, (_, i) => [
  String(i + 1),
  `张${'三四五六'[i % 4]}${i % 2 ? '丰' : ''}`,
  `1380000${String(i).padStart(4, '0')}`,
  `${i + 1}.50`,
  `备注${i + 1}`,
]);

beforeAll(async () => {
  ctx = await createTestApp({ config: { outboundAllow: parseAllowList('127.0.0.1/32') } });
  provider = await createDepart(ctx.db);
  applicant = await createDepart(ctx.db);
  other = await createDepart(ctx.db);
  // Department staff (dept_admin) hold the exchange's permissions through the reference seed.
  const user = await createUser(ctx.db, { roles: ['dept_admin'], departs: [applicant] });
  officerId = user.id;
  officer = await login(ctx, user.username, user.password);
  outsider = (await signedIn(ctx, { roles: ['dept_admin'], departs: [other] })).token;

  const entry = await createMarketEntry(ctx.db, provider.orgCode, {
    dataFormat: 'table',
    shareType: '20',
    items: [
      { name: '编号', enName: 'id' },
      { name: '姓名', enName: 'name', masked: true },
      { name: '手机号', enName: 'mobile' },
      { name: '金额', enName: 'amount' },
      { name: '备注' },
    ],
  });
  entryId = entry.id;
  await ctx.db
    .update(catalogueItems)
    .set({ primaryKey: true })
    .where(and(eq(catalogueItems.catalogId, entry.id), eq(catalogueItems.name, '编号')));
  const resource = await createResource(ctx.db, {
    catalogId: entry.id,
    kind: 'table',
    names: ['编号', '姓名', '手机号', '金额', '备注'],
    types: ['text', 'text', 'text', 'numeric', 'text'],
  });
  await appendRows(ctx.db, resource, 0, ROWS);
  await setRowCount(ctx.db, resource, ROWS.length);
  await ctx.db
    .update(catalogues)
    .set({ mount: { resourceId: resource.id } })
    .where(eq(catalogues.id, entry.id));
});
afterAll(() => ctx.close());

/** A share application of `orgCode` for the entry, in use unless said otherwise, granted 编号, 姓名, 金额. */
async function application(orgCode = applicant.orgCode, status = '3', applicantId = officerId) {
  const [row] = await ctx.db
    .insert(shareApplies)
    .values({
      processCode: `GX${uniq()}`,
      catalogId: entryId,
      title: '交换测试申请',
      applyOrgCode: orgCode,
      sourceOrgCode: provider.orgCode,
      applicantId,
      applyRemark: '测试',
      items: [{ name: '编号' }, { name: '姓名' }, { name: '手机号' }, { name: '金额' }],
      grantedItems: ['编号', '姓名', '金额'],
      status,
    })
    .returning();
  return row.id;
}

const taskCount = async () => (await ctx.db.select({ n: count() }).from(exchangeTasks))[0].n;
const runCount = async () => (await ctx.db.select({ n: count() }).from(exchangeRuns))[0].n;
const sourceFields = (token: string, applyId: string) =>
  call<ExchangeSourceField[]>(ctx, 'POST', '/api/shareData/getSourceTableFields', { token, query: { applyId } });
const addTask = (token: string, body: Record<string, unknown>) =>
  call<ExchangeTaskAdded>(ctx, 'POST', '/api/exchange/task/add', { token, body });
const records = (token: string, applyId: string) =>
  call<Page<ExchangeRecordItem>>(ctx, 'POST', '/api/config/getList', { token, body: { applyId } });

describe('交换资源 without a destination server', () => {
  it('needs a token (401) and the permission (403)', async () => {
    const anyone = (await signedIn(ctx, { departs: [applicant] })).token;
    for (const url of [
      '/api/shareData/getSourceTableFields',
      '/api/shareData/getDestTableFields',
      '/api/exchange/task/add',
      '/api/exchange/task/list',
      '/api/exchange/task/run',
      '/api/exchange/task/stop',
      '/api/config/getList',
    ]) {
      expect((await call(ctx, 'POST', url, { body: {} })).status, url).toBe(401);
      expect((await call(ctx, 'POST', url, { token: anyone, body: {} })).status, url).toBe(403);
    }
  });

  it('lists only the granted columns, with their Chinese names, types, key and masking', async () => {
    const applyId = await application();
    const res = await sourceFields(officer, applyId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toEqual([
      { name: 'id', chineseName: '编号', type: 'text', primaryKey: true, masked: false },
      { name: 'name', chineseName: '姓名', type: 'text', primaryKey: false, masked: true },
      { name: 'amount', chineseName: '金额', type: 'numeric', primaryKey: false, masked: false },
    ]);
  });

  it('lifts masking only where the grant says unmasked', async () => {
    const applyId = await application();
    const [app] = await ctx.db
      .insert(openApps)
      .values({ userId: officerId, name: '交换测试', appKey: `k${uniq()}`, secretEnc: 'x' })
      .returning();
    await ctx.db.insert(openGrants).values({
      appId: app.id,
      catalogId: entryId,
      fields: ['编号', '姓名', '金额'],
      unmasked: true,
      shareApplyId: applyId,
    });
    const res = await sourceFields(officer, applyId);
    expect(res.body.result.find((f) => f.name === 'name')?.masked).toBe(false);
  });

  it("answers another department's application as missing, and one not in use as refused", async () => {
    const applyId = await application();
    expect((await sourceFields(outsider, applyId)).status).toBe(404);
    expect((await records(outsider, applyId)).status).toBe(404);
    const list = await call(ctx, 'POST', '/api/exchange/task/list', { token: outsider, body: { applyId } });
    expect(list.status).toBe(404);
    const released = await application(applicant.orgCode, '5');
    const refused = await sourceFields(officer, released);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('该共享申请不在使用中，不能交换数据');
  });

  it('refuses bad bodies with a 400 and writes nothing', async () => {
    const applyId = await application();
    const base = {
      applyId,
      destStorageId: '00000000-0000-4000-8000-000000000000',
      destTableName: 'odp_target',
      isAutoCreateDest: '1',
      fieldMappings: [{ source: 'id', target: 'id' }],
      conveyType: '1',
      importRuleType: '1',
    };
    const [tasks, runs] = [await taskCount(), await runCount()];
    const cases: [Record<string, unknown>, string | null][] = [
      [{ ...base, fieldMappings: [] }, '您还没选择字段映射关系'],
      [{ ...base, fieldMappings: undefined }, '您还没选择字段映射关系'],
      [{ ...base, destTableName: 'bad-name; drop table x' }, null],
      [{ ...base, destTableName: '1abc' }, null],
      [{ ...base, destTableName: '表名' }, null],
      [{ ...base, conveyType: '2' }, '请选择重复性交换的频率'],
      [{ ...base, conveyType: '2', repeatType: '7' }, '请选择重复性交换的频率'],
      [{ ...base, importRuleType: '4' }, null],
      [{ ...base, isAutoCreateDest: '3' }, null],
      [
        {
          ...base,
          fieldMappings: [
            { source: 'id', target: 'a' },
            { source: 'name', target: 'a' },
          ],
        },
        '目的表字段“a”被映射了多次',
      ],
      [{ ...base, applyId: 'nope' }, null],
    ];
    for (const [body, message] of cases) {
      const res = await addTask(officer, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (message) expect(res.body.message).toContain(message);
    }
    // A mapping of a column not granted (手机号) is refused before any destination is looked at.
    const notGranted = await addTask(officer, { ...base, fieldMappings: [{ source: 'mobile', target: 'mobile' }] });
    expect(notGranted.status).toBe(400);
    expect(notGranted.body.message).toBe('字段“mobile”不在授权范围内，不能交换');
    const byChineseName = await addTask(officer, { ...base, fieldMappings: [{ source: '手机号', target: 'mobile' }] });
    expect(byChineseName.status).toBe(400);
    expect([await taskCount(), await runCount()]).toEqual([tasks, runs]);
  });

  it("refuses another department's application (403) and its own missing data source (404)", async () => {
    const applyId = await application();
    const body = {
      applyId,
      destStorageId: '00000000-0000-4000-8000-000000000000',
      destTableName: 'odp_target',
      isAutoCreateDest: '1',
      fieldMappings: [{ source: 'id', target: 'id' }],
      conveyType: '1',
      importRuleType: '1',
    };
    expect((await addTask(outsider, body)).status).toBe(403);
    const missing = await addTask(officer, body);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('数据源不存在或已删除');
    // A user holding the permissions but of no department acts on nothing.
    const homeless = (await signedInWith(ctx, [E.add, E.run, E.record])).token;
    expect((await addTask(homeless, body)).status).toBe(403);
  });
});

describe('交换资源 refusals before any server is dialled', () => {
  /** A stored source of the applying department, never dialled by these tests. */
  const storedSource = async (databaseType: string) => {
    const [row] = await ctx.db
      .insert(dataSources)
      .values({
        dataName: `未连接${uniq()}`,
        databaseType,
        host: '127.0.0.1',
        port: 1,
        databaseName: 'bjgx_demo',
        userName: 'nobody',
        passwordEnc: 'x',
        orgCode: applicant.orgCode,
      })
      .returning();
    return row.id;
  };

  it('answers destination types it cannot write 暂不支持', async () => {
    const applyId = await application();
    for (const [type, message] of [
      ['builtin', '暂不支持内置演示库类型的数据源'],
      ['kingbase', '暂不支持KingbaseES（人大金仓）类型的数据源'],
      ['oracle', '暂不支持Oracle类型的数据源'],
    ]) {
      const res = await addTask(officer, {
        applyId,
        destStorageId: await storedSource(type),
        destTableName: 'odp_target',
        isAutoCreateDest: '1',
        fieldMappings: [{ source: 'id', target: 'id' }],
        conveyType: '1',
        importRuleType: '1',
      });
      expect(res.status, type).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('refuses to start a run while another run of the task is under way', async () => {
    const applyId = await application();
    const [task] = await ctx.db
      .insert(exchangeTasks)
      .values({
        shareApplyId: applyId,
        targetSourceId: await storedSource('mariadb'),
        targetTable: 'odp_target',
        autoCreate: true,
        fieldMappings: [{ source: 'id', target: 'id' }],
        conveyType: '2',
        repeatType: '1',
        importRuleType: '1',
        orgCode: applicant.orgCode,
      })
      .returning();
    await ctx.db.insert(exchangeRuns).values({ taskId: task.id, outcome: '2' });
    const res = await call(ctx, 'POST', '/api/exchange/task/run', { token: officer, body: { taskId: task.id } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('该交换任务正在执行，请稍后再试');
    // A run still marked under way hours later was cut off: it no longer blocks (this one then finds
    // the application released, before any server is dialled).
    await ctx.db
      .update(exchangeRuns)
      .set({ startedAt: new Date(Date.now() - 3 * 3_600_000) })
      .where(eq(exchangeRuns.taskId, task.id));
    await ctx.db.update(shareApplies).set({ status: '5' }).where(eq(shareApplies.id, applyId));
    const later = await call(ctx, 'POST', '/api/exchange/task/run', { token: officer, body: { taskId: task.id } });
    expect(later.status).toBe(400);
    expect(later.body.message).toBe('共享申请已不在使用中，交换任务已停止');
    const outcomes = await ctx.db.select().from(exchangeRuns).where(eq(exchangeRuns.taskId, task.id));
    expect(outcomes.map((r) => r.outcome).sort()).toEqual(['0', '2']);
    await ctx.db.update(exchangeTasks).set({ state: '0' }).where(eq(exchangeTasks.id, task.id));
  });
});

for (const protocol of ['mysql', 'postgres'] as const) {
  const server = servers[protocol];
  const label = protocol === 'postgres' ? 'PostgreSQL' : 'MariaDB';
  describe.skipIf('skip' in server)(`exchange into ${label}${'skip' in server ? `（${server.skip}）` : ''}`, () => {
    const target = 'target' in server ? server.target : (undefined as never);
    const suffix = uniq();
    const prefix = `odp_x${protocol[0]}_${suffix}`;
    const account =
      protocol === 'mysql'
        ? { user: `odp_x_${suffix}`, password: `Writer#${suffix}` }
        : { user: target.user, password: target.password || 'trust-ignores-it' };
    const hosts = ['%', 'localhost', '127.0.0.1'];
    const made: string[] = [];
    let sourceId: string;
    let foreignSourceId: string;

    const table = (name: string) => {
      const t = `${prefix}_${name}`;
      made.push(t);
      return t;
    };
    const addSource = async (token: string) => {
      const res = await call<DataSourceItem>(ctx, 'POST', '/api/DataSource/addDataSource', {
        token,
        body: {
          dataName: `${label}目的库${uniq()}`,
          databaseType: protocol === 'postgres' ? 'postgresql' : 'mariadb',
          host: target.host,
          port: target.port,
          databaseName: target.database,
          userName: account.user,
          password: account.password,
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.result.id;
    };
    /** The destination's rows, ordered by the first column as a number. */
    const rowsOf = async (t: string) => {
      const out: Record<string, unknown>[] = [];
      await withConnection(target, async (c) => {
        for await (const b of c.readRows(t)) out.push(...b.rows);
      });
      const key = Object.keys(out[0] ?? {})[0];
      return out.sort((a, b) => Number(a[key]) - Number(b[key]));
    };
    const task = (applyId: string, destTableName: string, overrides: Record<string, unknown> = {}) => ({
      applyId,
      destStorageId: sourceId,
      destTableName,
      isAutoCreateDest: '1',
      fieldMappings: [
        { source: 'id', target: 'id' },
        { source: 'name', target: 'name' },
        { source: 'amount', target: 'amount' },
      ],
      conveyType: '1',
      importRuleType: '1',
      ...overrides,
    });
    /** An existing table whose own names differ from the source's. */
    const existing = async (name: string, held: string[] = []) => {
      const t = table(name);
      await runOnSource(target, [
        `create table ${t} (code varchar(20) primary key, full_name varchar(50), money decimal(12,2), extra varchar(10))`,
        ...held.map((row) => `insert into ${t} (code, full_name, money) values ${row}`),
      ]);
      return t;
    };
    const mappedToExisting = [
      { source: 'id', target: 'code' },
      { source: 'name', target: 'full_name' },
      { source: 'amount', target: 'money' },
    ];

    beforeAll(async () => {
      if (protocol === 'mysql') {
        await runOnSource(
          target,
          hosts.flatMap((h) => [
            `create user '${account.user}'@'${h}' identified by '${account.password}'`,
            `grant select, insert, update, delete, create, drop, index, alter on \`${target.database}\`.* to '${account.user}'@'${h}'`,
          ]),
        );
      }
      sourceId = await addSource(officer);
      foreignSourceId = await addSource(outsider);
    });
    afterAll(async () => {
      // The other server's tests run the job too: this server's tasks must not run after their tables are gone.
      await ctx.db.update(exchangeTasks).set({ state: '0' }).where(eq(exchangeTasks.targetSourceId, sourceId));
      await runOnSource(target, [
        ...made.map((t) => `drop table if exists ${t}`),
        ...(protocol === 'mysql' ? hosts.map((h) => `drop user if exists '${account.user}'@'${h}'`) : []),
      ]);
    });

    it('creates the table and copies exactly the granted, mapped columns, masked values masked', async () => {
      const applyId = await application();
      const t = table('auto');
      const res = await addTask(officer, task(applyId, t));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.result.run).toMatchObject({ outcome: '1', rows: 1_200, message: '写入 1200 行' });
      expect(res.body.result.task).toMatchObject({
        destTableName: t,
        destLibraryName: target.database,
        isAutoCreateDest: '1',
        conveyTypeLabel: '一次性',
        importRuleTypeLabel: '覆盖已有记录',
        state: '1',
      });
      const columns = await withConnection(target, (c) => c.listColumns(t));
      expect(columns.map((c) => [c.name, c.primaryKey, c.comment])).toEqual([
        ['id', true, '编号'],
        ['name', false, '姓名'],
        ['amount', false, '金额'],
      ]);
      expect(columns[2].type).toMatch(/^(numeric|decimal)/);
      const rows = await rowsOf(t);
      expect(rows).toHaveLength(1_200);
      expect(rows[0]).toMatchObject({ id: '1', name: '张*' });
      expect(Number(rows[0].amount)).toBe(1.5);
      expect(rows[1].name).toBe('张**');
      // Not a single unmasked name, nor any column that was not granted and mapped.
      expect(rows.some((r) => !String(r.name).startsWith('张*'))).toBe(false);
      expect(Object.keys(rows[0]).sort()).toEqual(['amount', 'id', 'name']);

      const log = await records(officer, applyId);
      expect(log.status).toBe(200);
      expect(log.body.result.total).toBe(1);
      expect(log.body.result.records[0]).toMatchObject({
        targetDb: target.database,
        targetTable: t,
        conveyTypeLabel: '一次性',
        importRuleTypeLabel: '覆盖已有记录',
        rows: 1_200,
        outcome: '1',
        outcomeLabel: '成功',
        message: '写入 1200 行',
        departName: `测试部门${applicant.orgCode}`,
      });
      expect(log.body.result.records[0].operator).toMatch(/^测试用户/);
      expect(log.body.result.records[0].endTime).not.toBeNull();
    });

    it('copies unmasked values when the grant lifts masking', async () => {
      const applyId = await application();
      const [app] = await ctx.db
        .insert(openApps)
        .values({ userId: officerId, name: '交换测试', appKey: `k${uniq()}`, secretEnc: 'x' })
        .returning();
      await ctx.db
        .insert(openGrants)
        .values({ appId: app.id, catalogId: entryId, unmasked: true, shareApplyId: applyId });
      const t = table('plain');
      const res = await addTask(officer, task(applyId, t, { fieldMappings: [{ source: 'name', target: '姓名' }] }));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const rows = await rowsOf(t);
      expect(rows.slice(0, 2).map((r) => r.姓名)).toEqual(['张三', '张四丰']);
    });

    it('lists a destination table of its own sources only', async () => {
      const t = await existing('dest');
      const res = await call<ExchangeDestField[]>(ctx, 'POST', '/api/shareData/getDestTableFields', {
        token: officer,
        body: { sourceId, tableName: t },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.result.map((c) => [c.name, c.primaryKey])).toEqual([
        ['code', true],
        ['full_name', false],
        ['money', false],
        ['extra', false],
      ]);
      const foreign = await call(ctx, 'POST', '/api/shareData/getDestTableFields', {
        token: officer,
        body: { sourceId: foreignSourceId, tableName: t },
      });
      expect(foreign.status).toBe(404);
      const none = await call(ctx, 'POST', '/api/shareData/getDestTableFields', {
        token: officer,
        body: { sourceId, tableName: `${t}_none` },
      });
      expect(none.status).toBe(404);
    });

    it('replace overwrites the rows the target already holds', async () => {
      const applyId = await application();
      const t = await existing('replace', ["('1', '旧名', 99)", "('5000', '保留', 1)"]);
      const res = await addTask(
        officer,
        task(applyId, t, { isAutoCreateDest: '2', fieldMappings: mappedToExisting, importRuleType: '1' }),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const rows = await rowsOf(t);
      expect(rows).toHaveLength(1_201);
      expect(rows[0]).toMatchObject({ code: '1', full_name: '张*', extra: null });
      expect(Number(rows[0].money)).toBe(1.5);
      expect(rows.at(-1)).toMatchObject({ code: '5000', full_name: '保留' });
    });

    it('skip keeps the rows the target already holds and says how many it skipped', async () => {
      const applyId = await application();
      const t = await existing('skip', ["('1', '旧名', 99)", "('2', '旧名', 98)"]);
      const res = await addTask(
        officer,
        task(applyId, t, { isAutoCreateDest: '2', fieldMappings: mappedToExisting, importRuleType: '2' }),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.result.run).toMatchObject({ rows: 1_198, message: '写入 1198 行，跳过 2 行主键已存在的记录' });
      const rows = await rowsOf(t);
      expect(rows).toHaveLength(1_200);
      expect(rows.slice(0, 2).map((r) => [r.full_name, Number(r.money)])).toEqual([
        ['旧名', 99],
        ['旧名', 98],
      ]);
    });

    it('refuse fails the run on the first held key and rolls back everything it wrote', async () => {
      const applyId = await application();
      // The held key comes after the first statements have been written.
      const t = await existing('refuse', ["('1100', '旧名', 1)"]);
      const res = await addTask(
        officer,
        task(applyId, t, { isAutoCreateDest: '2', fieldMappings: mappedToExisting, importRuleType: '3' }),
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`目标表 ${t} 中已有相同主键的记录（导入规则为“报错并终止”），本次写入已全部撤销`);
      expect(await rowsOf(t)).toHaveLength(1);
      const log = await records(officer, applyId);
      expect(log.body.result.records[0]).toMatchObject({
        outcome: '0',
        outcomeLabel: '失败',
        rows: 0,
        importRuleTypeLabel: '报错并终止',
        message: res.body.message,
      });
      // The task stays, so it can be run again once the target is cleared.
      const taskId = log.body.result.records[0].taskId;
      await runOnSource(target, [`delete from ${t}`]);
      const again = await call<ExchangeRunResult>(ctx, 'POST', '/api/exchange/task/run', {
        token: officer,
        body: { taskId },
      });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.result).toMatchObject({ outcome: '1', rows: 1_200 });
      expect((await records(officer, applyId)).body.result.records.map((r) => r.outcome)).toEqual(['1', '0']);
    });

    it('refuses a target column the table lacks, an existing table to create, and a missing one to map', async () => {
      const applyId = await application();
      const t = await existing('checks');
      const [tasks, runs] = [await taskCount(), await runCount()];
      const lacking = await addTask(
        officer,
        task(applyId, t, { isAutoCreateDest: '2', fieldMappings: [{ source: 'id', target: 'nope' }] }),
      );
      expect(lacking.status).toBe(400);
      expect(lacking.body.message).toBe('目的表中没有字段“nope”');
      const exists = await addTask(officer, task(applyId, t));
      expect(exists.status).toBe(400);
      expect(exists.body.message).toContain('目标表已存在');
      const missing = await addTask(officer, task(applyId, `${t}_none`, { isAutoCreateDest: '2' }));
      expect(missing.status).toBe(404);
      const badColumn = await addTask(
        officer,
        task(applyId, table('badcol'), { fieldMappings: [{ source: 'id', target: 'a"b' }] }),
      );
      expect(badColumn.status).toBe(400);
      expect([await taskCount(), await runCount()]).toEqual([tasks, runs]);
    });

    it("refuses another department's data source, task and application", async () => {
      const applyId = await application();
      const foreign = await addTask(officer, { ...task(applyId, table('foreign')), destStorageId: foreignSourceId });
      expect(foreign.status).toBe(404);
      const t = table('scoped');
      const made = await addTask(officer, task(applyId, t, { conveyType: '2', repeatType: '1' }));
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      expect(made.body.result.run).toBeNull();
      const taskId = made.body.result.task.id;
      for (const url of ['/api/exchange/task/run', '/api/exchange/task/stop']) {
        expect((await call(ctx, 'POST', url, { token: outsider, body: { taskId } })).status, url).toBe(403);
      }
      const theirs = await application(other.orgCode);
      expect((await addTask(officer, task(theirs, table('theirs')))).status).toBe(403);
      const [row] = await ctx.db.select().from(exchangeTasks).where(eq(exchangeTasks.id, taskId));
      expect(row.state).toBe('1');
    });

    it('the job runs a due repeating task, not again until due, and stops one whose application was released', async () => {
      const applyId = await application();
      const t = table('repeat');
      const made = await addTask(officer, task(applyId, t, { conveyType: '2', repeatType: '1' }));
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const taskId = made.body.result.task.id;
      // Tasks of other tests' applications may be due too; only this one's runs are checked.
      const runsOf = async () =>
        (await ctx.db.select().from(exchangeRuns).where(eq(exchangeRuns.taskId, taskId))).map((r) => r.outcome);

      const first = await runExchangeTasks.run(jobContextOf(ctx), {});
      expect(first).toMatch(/执行 \d+ 个到期任务/);
      expect(await runsOf()).toEqual(['1']);
      expect(await rowsOf(t)).toHaveLength(1_200);
      await runExchangeTasks.run(jobContextOf(ctx), {});
      expect(await runsOf()).toEqual(['1']);

      await runExchangeTasks.run(jobContextOf(ctx, { now: new Date(Date.now() + 2 * 86_400_000) }), {});
      expect(await runsOf()).toEqual(['1', '1']);
      const log = await records(officer, applyId);
      expect(log.body.result.records[0]).toMatchObject({
        operator: '定时任务',
        conveyTypeLabel: '重复性',
        rows: 1_200,
      });

      await ctx.db.update(shareApplies).set({ status: '5' }).where(eq(shareApplies.id, applyId));
      const message = await runExchangeTasks.run(jobContextOf(ctx, { now: new Date(Date.now() + 4 * 86_400_000) }), {});
      expect(message).toMatch(/停止 \d+ 个共享申请已不在使用中的任务/);
      const [row] = await ctx.db.select().from(exchangeTasks).where(eq(exchangeTasks.id, taskId));
      expect(row.state).toBe('0');
      expect(await runsOf()).toEqual(['1', '1']);
      const stopped = await call(ctx, 'POST', '/api/exchange/task/run', { token: officer, body: { taskId } });
      expect(stopped.status).toBe(400);
      expect(stopped.body.message).toBe('该交换任务已停止');
    });

    it('stops a task by hand, and a run of a released application stops its task', async () => {
      const applyId = await application();
      const made = await addTask(officer, task(applyId, table('stop'), { conveyType: '2', repeatType: '2' }));
      const taskId = made.body.result.task.id;
      const stop = await call<ExchangeTaskItem>(ctx, 'POST', '/api/exchange/task/stop', {
        token: officer,
        body: { taskId },
      });
      expect(stop.status).toBe(200);
      expect(stop.body.result).toMatchObject({ state: '0', stateLabel: '已停止' });
      const list = await call<ExchangeTaskItem[]>(ctx, 'POST', '/api/exchange/task/list', {
        token: officer,
        body: { applyId },
      });
      expect(list.body.result.map((x) => [x.id, x.state])).toEqual([[taskId, '0']]);

      const other = await addTask(officer, task(applyId, table('released'), { conveyType: '2', repeatType: '2' }));
      await ctx.db.update(shareApplies).set({ status: '5' }).where(eq(shareApplies.id, applyId));
      const released = await call(ctx, 'POST', '/api/exchange/task/run', {
        token: officer,
        body: { taskId: other.body.result.task.id },
      });
      expect(released.status).toBe(400);
      expect(released.body.message).toBe('共享申请已不在使用中，交换任务已停止');
      const [row] = await ctx.db.select().from(exchangeTasks).where(eq(exchangeTasks.id, other.body.result.task.id));
      expect(row.state).toBe('0');
    });
  });
}
