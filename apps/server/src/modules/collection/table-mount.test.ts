import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CollectionPerm as C,
  type DataSourceItem,
  ResourcePerm as P,
  type Page,
  type TableSyncLogItem,
  type TableSyncResult,
  type TableUpdateItem,
} from '@odp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues, datastoreResources } from '../../db/schema/index.js';
import { parseAllowList } from '../../platform/outbound/address.js';
import { createDepart, signedIn, signedInWith } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { jobContextOf } from '../../test/jobs.js';
import { runOnSource, sourceServer } from '../../test/source-servers.js';
import { storedRows } from '../datastore/testing.js';
import { createMarketEntry } from '../market/testing.js';
import { syncMountedTables } from './sync-job.js';

const servers = { postgres: await sourceServer('postgres'), mysql: await sourceServer('mysql') };
const dataDir = mkdtempSync(path.join(tmpdir(), 'odp-mount-'));

let ctx: TestContext;
let dept: { id: string; orgCode: string };
let other: { id: string; orgCode: string };
let officer: string;
let outsider: string;

const member = async (codes: string[], depart: { id: string; orgCode: string }) =>
  (await signedInWith(ctx, codes, { departs: [depart] })).token;

beforeAll(async () => {
  ctx = await createTestApp({ dataDir, config: { outboundAllow: parseAllowList('127.0.0.1/32') } });
  dept = await createDepart(ctx.db);
  other = await createDepart(ctx.db);
  const codes = [P.dataSourceList, P.dataSourceAdd, C.tableList, C.tableMount];
  officer = await member(codes, dept);
  outsider = await member(codes, other);
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const mountCall = (token: string | undefined, body: Record<string, unknown>) =>
  call<TableSyncResult | null>(ctx, 'POST', '/api/cataLog/tableMount', { token, body });
const tableEntry = (name: string) =>
  createMarketEntry(ctx.db, dept.orgCode, {
    catalogName: name,
    dataFormat: 'table',
    updateFrequency: '1',
    items: [{ name: '编号' }, { name: '姓名' }, { name: '金额' }],
  });
const rowsOfEntry = async (catalogId: string) => {
  const [entry] = await ctx.db.select().from(catalogues).where(eq(catalogues.id, catalogId));
  const resourceId = (entry.mount as { resourceId?: string } | null)?.resourceId;
  const [resource] = await ctx.db
    .select()
    .from(datastoreResources)
    .where(eq(datastoreResources.id, resourceId ?? ''));
  return { entry, resource, rows: resource ? await storedRows(ctx.db, resource) : [] };
};

describe('库表更新 routes', () => {
  it('need a token (401), the permission (403) and valid input (400)', async () => {
    const anyone = (await signedIn(ctx, { departs: [dept] })).token;
    for (const url of ['/api/cataLog/tableMount', '/api/cataLog/pageQueryList', '/api/datacollection/updateLog']) {
      expect((await call(ctx, 'POST', url, { body: {} })).status, url).toBe(401);
      expect((await call(ctx, 'POST', url, { token: anyone, body: {} })).status, url).toBe(403);
    }
    const bad = await mountCall(officer, { catalogId: 'x', dataSourceId: 'y', tableName: '' });
    expect(bad.status).toBe(400);
  });
  it('filters, counts and pages by 更新状态 in the database, each department seeing its own', async () => {
    const day = 86_400_000;
    const now = Date.now();
    const made = async (name: string, frequency: string, updatedAgo: number | null) => {
      const entry = await createMarketEntry(ctx.db, dept.orgCode, {
        catalogName: name,
        dataFormat: 'table',
        updateFrequency: frequency,
      });
      await ctx.db
        .update(catalogues)
        .set({ dataUpdateTime: updatedAgo === null ? null : new Date(now - updatedAgo) })
        .where(eq(catalogues.id, entry.id));
    };
    await made('状态筛选-今日已更新', '1', day / 2);
    await made('状态筛选-昨日待更新', '1', day + day / 2);
    await made('状态筛选-超时', '1', 3 * day);
    await made('状态筛选-从未更新', '3', null);
    await made('状态筛选-不定期', '7', 400 * day);
    await made('状态筛选-每月超时', '3', 40 * day);
    const names = async (token: string, updateStatus?: string, pageSize = 10) => {
      const res = await call<Page<TableUpdateItem>>(ctx, 'POST', '/api/cataLog/pageQueryList', {
        token,
        body: { catalogName: '状态筛选', updateStatus, pageNo: 1, pageSize },
      });
      expect(res.status).toBe(200);
      return { total: res.body.result.total, names: res.body.result.records.map((r) => r.catalogName).sort() };
    };
    expect(await names(officer, '1')).toEqual({ total: 2, names: ['状态筛选-不定期', '状态筛选-今日已更新'] });
    expect(await names(officer, '2')).toEqual({ total: 2, names: ['状态筛选-从未更新', '状态筛选-昨日待更新'] });
    expect(await names(officer, '3')).toEqual({ total: 2, names: ['状态筛选-每月超时', '状态筛选-超时'] });
    const firstPage = await names(officer, undefined, 4);
    expect(firstPage.total).toBe(6);
    expect(firstPage.names).toHaveLength(4);
    expect(await names(outsider)).toEqual({ total: 0, names: [] });
    const bad = await call(ctx, 'POST', '/api/cataLog/pageQueryList', { token: officer, body: { updateStatus: '4' } });
    expect(bad.status).toBe(400);
  });
});

for (const protocol of ['postgres', 'mysql'] as const) {
  const server = servers[protocol];
  const label = protocol === 'postgres' ? 'PostgreSQL' : 'MariaDB';
  describe.skipIf('skip' in server)(
    `a table mounted from ${label}${'skip' in server ? `（${server.skip}）` : ''}`,
    () => {
      const target = 'target' in server ? server.target : (undefined as never);
      const suffix = Math.random().toString(36).slice(2, 10);
      const table = `odp_mount_${suffix}`;
      const account =
        protocol === 'mysql'
          ? { user: `odp_m_${suffix}`, password: `Reader#${suffix}` }
          : { user: target.user, password: target.password || 'trust-ignores-it' };
      const hosts = ['%', 'localhost', '127.0.0.1'];
      let sourceId: string;

      const insertRows = (from: number, to: number) => {
        const values = [];
        for (let i = from; i <= to; i++) values.push(`(${i}, '居民${i}', '${(i * 1.5).toFixed(2)}')`);
        return `insert into ${table} (id, name, amount) values ${values.join(', ')}`;
      };

      beforeAll(async () => {
        await runOnSource(target, [
          `create table ${table} (id int primary key, name varchar(20), amount varchar(20))`,
          insertRows(1, 12_000),
          ...(protocol === 'mysql'
            ? hosts.flatMap((h) => [
                `create user '${account.user}'@'${h}' identified by '${account.password}'`,
                `grant select on \`${target.database}\`.* to '${account.user}'@'${h}'`,
              ])
            : []),
        ]);
        const added = await call<DataSourceItem>(ctx, 'POST', '/api/DataSource/addDataSource', {
          token: officer,
          body: {
            dataName: `${label}源${suffix}`,
            databaseType: protocol === 'postgres' ? 'postgresql' : 'mariadb',
            host: target.host,
            port: target.port,
            databaseName: target.database,
            userName: account.user,
            password: account.password,
          },
        });
        expect(added.status, JSON.stringify(added.body)).toBe(200);
        sourceId = added.body.result.id;
      });
      afterAll(async () => {
        await runOnSource(target, [
          `drop table if exists ${table}`,
          ...(protocol === 'mysql' ? hosts.map((h) => `drop user if exists '${account.user}'@'${h}'`) : []),
        ]);
      });

      it('mounts a table, copies every row into the datastore and logs the sync', async () => {
        const entry = await tableEntry(`挂载测试${protocol}${suffix}`);
        const res = await mountCall(officer, { catalogId: entry.id, dataSourceId: sourceId, tableName: table });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.result).toMatchObject({ rows: 12_000, totalNum: 12_000, mode: 'full' });
        const { entry: stored, resource, rows } = await rowsOfEntry(entry.id);
        expect(Number(stored.totalNum)).toBe(12_000);
        expect(stored.dataUpdateTime).not.toBeNull();
        expect(resource.kind).toBe('table');
        expect(rows).toHaveLength(12_000);
        expect(rows[0]).toEqual(['1', '居民1', '1.50']);
        const log = await call<Page<TableSyncLogItem>>(ctx, 'POST', '/api/datacollection/updateLog', {
          token: officer,
          body: { catalogId: entry.id },
        });
        expect(log.body.result.records[0]).toMatchObject({ outcome: 'ok', importNum: 12_000, mode: 'full' });
        const list = await call<Page<TableUpdateItem>>(ctx, 'POST', '/api/cataLog/pageQueryList', {
          token: officer,
          body: { catalogName: entry.catalogName },
        });
        expect(list.body.result.records[0]).toMatchObject({
          tableName: table,
          mounted: true,
          totalNum: 12_000,
          updateStatus: '1',
        });
      });

      it('adds only new rows in an incremental sync, and the scheduled job syncs what is due', async () => {
        const entry = await tableEntry(`增量测试${protocol}${suffix}`);
        const first = await mountCall(officer, {
          catalogId: entry.id,
          dataSourceId: sourceId,
          tableName: table,
          syncMode: 'incremental',
        });
        expect(first.body.result).toMatchObject({ rows: 12_000, mode: 'full' });
        const before = (await rowsOfEntry(entry.id)).resource.id;
        await runOnSource(target, [insertRows(12_001, 12_005)]);
        const again = await mountCall(officer, { catalogId: entry.id, mountType: '2' });
        expect(again.body.result).toMatchObject({ rows: 5, totalNum: 12_005, mode: 'incremental' });
        const after = await rowsOfEntry(entry.id);
        expect(after.resource.id).toBe(before);
        expect(after.rows.at(-1)).toEqual(['12005', '居民12005', '18007.50']);

        // Due a day after the last sync (每日): the job copies it again, as the job.
        await runOnSource(target, [insertRows(12_006, 12_006)]);
        const tomorrow = new Date(Date.now() + 2 * 86_400_000);
        const message = await syncMountedTables.run(jobContextOf(ctx, { now: tomorrow }), {});
        expect(message).toMatch(/同步 \d+ 个目录/);
        expect((await rowsOfEntry(entry.id)).rows).toHaveLength(12_006);
        const log = await call<Page<TableSyncLogItem>>(ctx, 'POST', '/api/datacollection/updateLog', {
          token: officer,
          body: { catalogId: entry.id },
        });
        expect(log.body.result.records[0]).toMatchObject({ operator: '定时任务', importNum: 1, outcome: 'ok' });
      });

      it('keeps the last good copy when a sync fails, and logs the failure', async () => {
        const entry = await tableEntry(`失败测试${protocol}${suffix}`);
        const doomed = `${table}_gone`;
        await runOnSource(target, [
          `create table ${doomed} (id int primary key, name varchar(20))`,
          `insert into ${doomed} values (1, '甲'), (2, '乙')`,
        ]);
        expect(
          (await mountCall(officer, { catalogId: entry.id, dataSourceId: sourceId, tableName: doomed })).body.result,
        ).toMatchObject({ rows: 2 });
        await runOnSource(target, [`drop table ${doomed}`]);
        const failed = await mountCall(officer, { catalogId: entry.id, mountType: '2' });
        expect(failed.status).toBe(404);
        const { rows, entry: stored } = await rowsOfEntry(entry.id);
        expect(rows).toEqual([
          ['1', '甲'],
          ['2', '乙'],
        ]);
        expect(Number(stored.totalNum)).toBe(2);
        const log = await call<Page<TableSyncLogItem>>(ctx, 'POST', '/api/datacollection/updateLog', {
          token: officer,
          body: { catalogId: entry.id },
        });
        expect(log.body.result.records[0]).toMatchObject({ outcome: 'failed', importNum: 0 });
        expect(log.body.result.records[0].message).toContain(doomed);
      });

      it("refuses another department's entry or source, a missing table, and incremental without a key", async () => {
        const entry = await tableEntry(`范围测试${protocol}${suffix}`);
        expect(
          (await mountCall(outsider, { catalogId: entry.id, dataSourceId: sourceId, tableName: table })).status,
        ).toBe(403);
        const foreign = await createMarketEntry(ctx.db, other.orgCode, { dataFormat: 'table' });
        expect(
          (await mountCall(outsider, { catalogId: foreign.id, dataSourceId: sourceId, tableName: table })).status,
        ).toBe(404);
        expect(
          (await mountCall(officer, { catalogId: entry.id, dataSourceId: sourceId, tableName: `${table}_none` }))
            .status,
        ).toBe(404);
        const keyless = `${table}_nokey`;
        await runOnSource(target, [`create table ${keyless} (code varchar(10))`]);
        const refused = await mountCall(officer, {
          catalogId: entry.id,
          dataSourceId: sourceId,
          tableName: keyless,
          syncMode: 'incremental',
        });
        expect(refused.status).toBe(400);
        expect(refused.body.message).toContain('单列主键');
        await runOnSource(target, [`drop table ${keyless}`]);
        const fileEntry = await createMarketEntry(ctx.db, dept.orgCode);
        expect(
          (await mountCall(officer, { catalogId: fileEntry.id, dataSourceId: sourceId, tableName: table })).status,
        ).toBe(400);
        const [untouched] = await ctx.db.select().from(catalogues).where(eq(catalogues.id, entry.id));
        expect(untouched.mount).toBeNull();
      });
    },
  );
}
