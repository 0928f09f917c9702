import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CatalogueCreateInput,
  INPUT_FREQUENCY_RULE,
  isPublic,
  ServiceMatterInput,
  updateStatusOf,
} from '@odp/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { logColumns } from '../../../modules/catalogue/lifecycle/history.js';
import { workOrderColumns } from '../../../modules/catalogue/workorder/repository.js';
import { storedRows, storedRowsOfFile } from '../../../modules/datastore/testing.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { rowsOf } from '../../client.js';
import {
  catalogueFiles,
  catalogueItems,
  catalogueServiceMatters,
  catalogues,
  codeSequences,
  dataSources,
  datastoreResources,
  workflowHistory,
  workflowTasks,
} from '../../schema/index.js';
import { seedAccounts, seedDemoCity } from '../demo.js';
import { DATASETS } from './datasets/index.js';
import { toCsv } from './datasets/types.js';
import { DEMO_MATTERS } from './demo-matters.js';
import { ENTRY_DEFS } from './entries.js';
import { isValidUscc } from './geo.js';
import { type DemoCatalogueSummary, seedDemoCatalogue } from './index.js';
import { chinaDate, Rng } from './random.js';

let ctx: TestContext;
let dataDir: string;
let summary: DemoCatalogueSummary;
let seconds: number;
type Entry = typeof catalogues.$inferSelect;
let entries: Entry[];

beforeAll(async () => {
  ctx = await createTestApp();
  dataDir = mkdtempSync(path.join(tmpdir(), 'odp-demo-catalogue-'));
  await seedDemoCity(ctx.db);
  await seedAccounts(ctx.db, true);
  const started = performance.now();
  summary = await ctx.db.transaction((tx) => seedDemoCatalogue(tx, { ...loadConfig({}), dataDir }));
  seconds = (performance.now() - started) / 1000;
  entries = await ctx.db.select().from(catalogues).orderBy(asc(catalogues.catalogCode));
});

afterAll(async () => {
  await ctx?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('demo catalogue of 滨江市', () => {
  it('has enough entries across departments, districts and all 21 key areas', () => {
    expect(summary.entries).toBe(ENTRY_DEFS.length);
    expect(entries.length).toBeGreaterThanOrEqual(80);
    const orgs = new Set(entries.map((e) => e.orgCode));
    expect(orgs.size).toBeGreaterThanOrEqual(12);
    expect([...orgs].filter((o) => o.startsWith('BJQ')).length).toBeGreaterThanOrEqual(3);
    expect(new Set(entries.map((e) => e.keyAreasType))).toEqual(
      new Set(Array.from({ length: 21 }, (_, i) => `${i + 1}`)),
    );
    console.info(
      `demo catalogue: ${summary.entries} entries, ${summary.files} files, ${summary.rows} rows in ${seconds.toFixed(2)} s`,
    );
  });

  it('covers every state, most entries on the shelf', () => {
    const states = new Map<string, number>();
    for (const e of entries)
      states.set(`${e.catalogStatus}/${e.shelfStatus}`, (states.get(`${e.catalogStatus}/${e.shelfStatus}`) ?? 0) + 1);
    for (const s of ['0/0', '1/0', '3/0', '2/0', '2/1', '2/2', '2/3', '2/4', '2/9'])
      expect(states.get(s), s).toBeGreaterThan(0);
    expect(states.get('2/2')).toBeGreaterThan(entries.length / 2);
    const onShelf = entries.filter((e) => e.shelfStatus === 2);
    expect(onShelf.filter((e) => e.openType === '1').length).toBeGreaterThan(onShelf.length / 2);
    expect(onShelf.some((e) => e.openType === '2' && e.openCondition)).toBe(true);
    expect(onShelf.some((e) => e.openType === '3')).toBe(true);
    for (const e of entries.filter((x) => x.shelfStatus === 9)) expect(e.shelfStatusBeforeDelete).not.toBeNull();
    expect(new Set(entries.filter((e) => e.shelfStatus === 9).map((e) => e.shelfStatusBeforeDelete))).toEqual(
      new Set([0, 2, 4]),
    );
  });

  it('gives every entry a unique code by the fill rule and advances the code sequences', async () => {
    const codes = entries.map((e) => e.catalogCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of codes) expect(c).toMatch(/^[123]-\d{2}-\d{3}-\d{4}$/);
    expect(entries.find((e) => e.orgCode === 'BJ003' && e.catalogName === '公交线路站点信息')?.catalogCode).toBe(
      '3-06-003-0001',
    );
    const [seq] = await ctx.db.select().from(codeSequences).where(eq(codeSequences.prefix, '3-06-003'));
    expect(seq.value).toBe(codes.filter((c) => c.startsWith('3-06-003-')).length);
  });

  it('maps every entry back to a valid CatalogueCreateInput with 4–12 data items', async () => {
    const items = await ctx.db.select().from(catalogueItems).orderBy(asc(catalogueItems.serialNumber));
    for (const e of entries) {
      const list = items.filter((i) => i.catalogId === e.id);
      expect(list.length, e.catalogName).toBeGreaterThanOrEqual(4);
      expect(list.length, e.catalogName).toBeLessThanOrEqual(12);
      const input = {
        ...e,
        releaseTime: e.releaseTime?.toISOString() ?? null,
        dataList: list.map(({ id: _id, catalogId: _c, serialNumber: _s, ...item }) => item),
      };
      const parsed = CatalogueCreateInput.safeParse(input);
      expect(parsed.success ? [] : parsed.error.issues, e.catalogName).toEqual([]);
      const rule = INPUT_FREQUENCY_RULE[e.updateFrequency];
      if (rule) expect(e.inputFrequency).toMatch(rule.pattern);
      else expect(e.inputFrequency).toBeNull();
      expect(e.searchVector, e.catalogName).toBeTruthy();
      expect(e.dataUpdateTime).not.toBeNull();
    }
    expect(
      items.some((i) => i.masked && ['联系电话', '法定代表人', '身份证号', '公民身份号码', '负责人'].includes(i.name)),
    ).toBe(true);
  });

  it('attaches real data files to at least 20 public entries, rows counted', async () => {
    const files = await ctx.db.select().from(catalogueFiles);
    expect(files.length).toBe(summary.files);
    const withFiles = entries.filter((e) => isPublic(e) && e.totalNum > 0 && files.some((f) => f.catalogId === e.id));
    expect(withFiles.length).toBeGreaterThanOrEqual(20);
    for (const e of withFiles) {
      const [{ n }] = await ctx.db
        .select({ n: sql<number>`coalesce(sum(${datastoreResources.rowCount}), 0)::int` })
        .from(datastoreResources)
        .innerJoin(catalogueFiles, eq(catalogueFiles.id, datastoreResources.fileId))
        .where(eq(catalogueFiles.catalogId, e.id));
      expect(n, e.catalogName).toBe(e.totalNum);
      // Seeding keeps the planned update time rather than "now".
      expect(e.dataUpdateTime?.getTime()).toBeLessThanOrEqual(Date.now());
    }
    const byName = (name: string) => entries.find((e) => e.catalogName === name);
    expect(byName('公交线路站点信息')?.totalNum).toBeGreaterThanOrEqual(300);
    expect(byName('环境空气质量日报')?.totalNum).toBe(365 * 6);
    const enterprise = files.find((f) => f.fileName === DATASETS.enterprises.fileName);
    expect(enterprise?.columns).toEqual(DATASETS.enterprises.columns.map((c) => c.name));
    const codeColumn = DATASETS.enterprises.columns.findIndex((c) => c.name === '统一社会信用代码');
    const rows = await storedRowsOfFile(ctx.db, enterprise?.id ?? '');
    expect(rows.length).toBeGreaterThanOrEqual(500);
    for (const r of rows) expect(isValidUscc(r[codeColumn]), r[codeColumn]).toBe(true);
  });

  it('traces each entry in the 编目日志 and opens one work order per pending review', async () => {
    const logs = await ctx.db
      .select(logColumns)
      .from(workflowHistory)
      .where(eq(workflowHistory.subjectType, 'catalogue'))
      .orderBy(asc(workflowHistory.createdAt));
    const orders = await ctx.db.select(workOrderColumns).from(workflowTasks);
    const expectedOpen: Record<string, string> = { '1/0': 'catalog', '2/1': 'upShelf', '2/3': 'offShelf' };
    for (const e of entries) {
      const trail = logs.filter((l) => l.catalogId === e.id);
      expect(trail[0]?.action, e.catalogName).toBe('create');
      const last = trail[trail.length - 1];
      expect([last.toCatalogStatus, last.toShelfStatus], e.catalogName).toEqual([e.catalogStatus, e.shelfStatus]);
      for (let i = 1; i < trail.length; i++) {
        expect(trail[i].createdAt.getTime()).toBeGreaterThan(trail[i - 1].createdAt.getTime());
        expect([trail[i].fromCatalogStatus, trail[i].fromShelfStatus]).toEqual([
          trail[i - 1].toCatalogStatus,
          trail[i - 1].toShelfStatus,
        ]);
      }
      expect(last.createdAt.getTime()).toBeLessThan(Date.now());
      const open = orders.filter((o) => o.catalogId === e.id && o.status === 1);
      const want = expectedOpen[`${e.catalogStatus}/${e.shelfStatus}`];
      expect(
        open.map((o) => o.orderType),
        e.catalogName,
      ).toEqual(want ? [want] : []);
      if (e.catalogStatus === 3) expect(trail.find((l) => l.action === 'reject')?.comment).toBeTruthy();
      if (e.shelfStatus === 2) expect(e.releaseTime).not.toBeNull();
    }
    const jt = logs.filter((l) => l.username === 'jtadmin');
    expect(jt.length).toBeGreaterThan(0);
    expect(jt.every((l) => l.orgCode === 'BJ003')).toBe(true);
    expect(logs.some((l) => l.username === 'wsjadmin')).toBe(true);
    expect(logs.filter((l) => l.action === 'approve').every((l) => l.username === 'reviewer')).toBe(true);
    const offShelf = orders.find((o) => o.orderType === 'offShelf' && o.status === 1);
    expect(offShelf?.payload).toMatchObject({ reason: expect.any(String), reasonLabel: expect.any(String) });
    expect(orders.some((o) => o.status === 2 && o.decision === 'approve' && o.handlerId)).toBe(true);
    expect(orders.some((o) => o.decision === 'recall')).toBe(true);
  });

  it('shows public interest only where the public could see the entry', () => {
    for (const e of entries) {
      if (e.openType === '3' || e.releaseTime === null) expect(e.viewNum, e.catalogName).toBe(0);
      if (isPublic(e)) expect(e.viewNum, e.catalogName).toBeGreaterThan(0);
      if (e.downloadNum > 0) expect(e.openType).toBe('1');
      if (e.scoreCount > 0) expect(Number(e.scoreAvg)).toBeGreaterThanOrEqual(1);
    }
    const releases = entries.filter((e) => e.releaseTime).map((e) => e.releaseTime?.getTime() ?? 0);
    const spanDays = (Math.max(...releases) - Math.min(...releases)) / 86_400_000;
    expect(spanDays).toBeGreaterThan(365);
  });

  it('generates the same files from the same seed and day', () => {
    const today = chinaDate(new Date('2026-03-15T04:00:00Z'));
    for (const ds of Object.values(DATASETS)) {
      const a = toCsv(ds.columns, ds.rows(new Rng(ds.key), { today }));
      const b = toCsv(ds.columns, ds.rows(new Rng(ds.key), { today }));
      expect(a, ds.key).toBe(b);
      expect(ds.columns.length, ds.key).toBeLessThanOrEqual(12);
      const rows = ds.rows(new Rng(ds.key), { today });
      const keys = ds.columns.flatMap((c, i) => (c.primaryKey ? [i] : []));
      expect(keys.length, ds.key).toBeGreaterThan(0);
      expect(new Set(rows.map((r) => keys.map((i) => r[i]).join('|'))).size, ds.key).toBe(rows.length);
      for (const r of rows) {
        expect(r.length).toBe(ds.columns.length);
        r.forEach((v, i) => {
          const type = ds.columns[i].dataType;
          if (type === 'N') expect(String(v), `${ds.key} ${ds.columns[i].name}`).toMatch(/^-?\d+(\.\d+)?$/);
          if (type === 'D') expect(String(v) <= '2026-03-15', `${ds.key} ${ds.columns[i].name}`).toBe(true);
          expect(String(v), `${ds.key} ${ds.columns[i].name}`).not.toBe('');
        });
      }
    }
  });

  it('keeps names unique within each department', async () => {
    const dupes = await ctx.db
      .select({ org: catalogues.orgCode, name: catalogues.catalogName, n: sql<number>`count(*)::int` })
      .from(catalogues)
      .groupBy(catalogues.orgCode, catalogues.catalogName)
      .having(sql`count(*) > 1`);
    expect(dupes).toEqual([]);
    const [{ n }] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(catalogues)
      .where(and(eq(catalogues.shelfStatus, 2), eq(catalogues.catalogStatus, 2)));
    expect(n).toBeGreaterThanOrEqual(55);
  });

  it('mounts every 库表 entry on a table of the built-in demo source, synced into the datastore', async () => {
    const tables = entries.filter((e) => e.dataFormat === 'table');
    expect(summary.tables).toBe(tables.length);
    expect(summary.tableRows).toBeGreaterThan(tables.length * 50);
    const overdue = new Set<string>();
    for (const entry of tables) {
      const mount = entry.mount as { dataSourceId?: string; resourceId?: string; tableName?: string };
      expect(mount.dataSourceId, entry.catalogName).toBeTruthy();
      const [resource] = await ctx.db
        .select()
        .from(datastoreResources)
        .where(eq(datastoreResources.id, mount.resourceId ?? '00000000-0000-0000-0000-000000000000'));
      expect(resource, entry.catalogName).toBeDefined();
      const rows = await storedRows(ctx.db, resource);
      expect(rows.length, entry.catalogName).toBeGreaterThanOrEqual(50);
      if (isPublic(entry)) expect(Number(entry.totalNum), entry.catalogName).toBe(rows.length);
      // No cell of a plausible departmental table is empty or reads like a JavaScript value.
      for (const cell of rows[0]) expect(cell, entry.catalogName).toMatch(/^(?!undefined$|null$|NaN$|\[object).+/);
      if (updateStatusOf(entry.updateFrequency, entry.dataUpdateTime, new Date()) === '3') overdue.add(entry.id);
    }
    expect(overdue.size).toBeGreaterThan(0);
    const sources = await ctx.db.select().from(dataSources).where(eq(dataSources.databaseType, 'builtin'));
    expect(sources.length).toBeGreaterThanOrEqual(5);
    expect(sources.every((s) => /^bjgx_[a-z]+$/.test(s.databaseName))).toBe(true);
  });

  it('mounts every 接口 entry on a built-in upstream, with samples the upstream answered', async () => {
    const apis = entries.filter((e) => e.dataFormat === 'api');
    expect(apis).toHaveLength(7);
    const upstreams = new Set<string>();
    for (const entry of apis) {
      const mount = entry.mount as {
        apiId?: string;
        mounted?: boolean;
        upstream?: { protocol: string; name?: string };
        requestParameters?: unknown[];
        returnExample?: string;
      };
      expect(mount.apiId, entry.catalogName).toMatch(/^[0-9a-f-]{36}$/);
      expect(mount.mounted, entry.catalogName).toBe(true);
      expect(mount.upstream?.protocol, entry.catalogName).toBe('builtin');
      upstreams.add(mount.upstream?.name ?? '');
      expect(mount.requestParameters?.length, entry.catalogName).toBeGreaterThan(0);
      expect(JSON.parse(mount.returnExample ?? 'null')?.code, entry.catalogName).toBe(200);
    }
    expect(upstreams.size).toBe(7);
  });

  it('marks a subset of entries as serving government service items, with well-formed codes', async () => {
    const matters = await ctx.db
      .select({ entry: catalogues, matter: catalogueServiceMatters })
      .from(catalogueServiceMatters)
      .innerJoin(catalogues, eq(catalogues.id, catalogueServiceMatters.catalogId));
    expect(matters.length).toBe(DEMO_MATTERS.length);
    expect(matters.length).toBeGreaterThanOrEqual(10);
    expect(matters.length).toBeLessThanOrEqual(20);
    const published = matters.filter((m) => isPublic(m.entry));
    expect(published.length).toBeGreaterThanOrEqual(15);
    expect(published.length).toBeLessThan(matters.length);
    expect(new Set(published.map((m) => m.entry.dataFormat))).toEqual(new Set(['file', 'table', 'api']));
    expect(new Set(published.map((m) => m.matter.electronicLicense))).toEqual(new Set(['0', '1']));
    for (const { entry, matter } of matters) {
      // The form's own contract accepts what the demo stores.
      const parsed = ServiceMatterInput.safeParse({ relatedGovernment: '1', ...matter });
      expect(parsed.success, `${entry.catalogName}: ${parsed.error?.message}`).toBe(true);
      expect(isValidUscc(matter.implementationCode.slice(0, 18)), entry.catalogName).toBe(true);
      expect(matter.implementationCode).toMatch(/^11330100[0-9A-Z]{10}\d{10}$/);
      expect(matter.businessCode.startsWith(matter.implementationCode)).toBe(true);
    }
    // Their names and codes are in the search vector.
    const [taxi] = matters.filter((m) => m.entry.catalogName === '出租汽车企业名录');
    const [{ found }] = await rowsOf<{ found: boolean }>(
      ctx.db,
      sql`select search_vector @@ to_tsquery('simple', ${taxi.matter.implementationCode.toLowerCase()}) as found
        from data_catalog where id = ${taxi.entry.id}`,
    );
    expect(found).toBe(true);
  });
});
