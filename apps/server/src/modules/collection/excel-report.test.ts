import type { Page, ReportEntry, ReportImportResult, TableSyncLogItem } from '@odp/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueItems, catalogues, datastoreResources, datastoreSyncLogs } from '../../db/schema/index.js';
import { createDepart, signedIn } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { storedRows } from '../datastore/testing.js';
import { readXlsx, xlsxOf } from '../files/testing.js';
import { createMarketEntry } from '../market/testing.js';

let ctx: TestContext;
let dept: { id: string; orgCode: string };
let other: { id: string; orgCode: string };
let officer: string;
let outsider: string;
let admin: string;
let citizen: string;

beforeAll(async () => {
  ctx = await createTestApp();
  dept = await createDepart(ctx.db);
  other = await createDepart(ctx.db);
  officer = (await signedIn(ctx, { roles: ['dept_admin'], departs: [dept] })).token;
  outsider = (await signedIn(ctx, { roles: ['dept_admin'], departs: [other] })).token;
  admin = (await signedIn(ctx, { roles: ['admin'], departs: [other] })).token;
  citizen = (await signedIn(ctx, { roles: ['registered'] })).token;
});
afterAll(() => ctx.close());

const itemOf = (catalogId: string, name: string) =>
  and(eq(catalogueItems.catalogId, catalogId), eq(catalogueItems.name, name));

/** A 库表 entry with items 编号 (the key unless `noKey`), 姓名, 金额. */
async function tableEntry(opts: { noKey?: boolean; draft?: boolean } = {}) {
  const entry = await createMarketEntry(ctx.db, dept.orgCode, {
    dataFormat: 'table',
    updateFrequency: '3',
    ...(opts.draft ? { catalogStatus: 0, shelfStatus: 0, releaseTime: null } : {}),
    items: [{ name: '编号', enName: 'id' }, { name: '姓名' }, { name: '金额' }],
  });
  if (!opts.noKey) {
    await ctx.db.update(catalogueItems).set({ primaryKey: true }).where(itemOf(entry.id, '编号'));
  }
  return entry;
}

async function report(
  catalogId: string,
  bytes: Buffer,
  opts: { token?: string; policy?: string; fileName?: string; keyColumn?: string } = {},
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), opts.fileName ?? '本月数据.xlsx');
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${ctx.base}/api/datacollection/importExcel`,
    query: {
      catalogId,
      conflictPolicy: opts.policy ?? '1',
      ...(opts.keyColumn ? { keyColumn: opts.keyColumn } : {}),
    },
    headers: opts.token ? { 'x-access-token': opts.token } : {},
    payload: form,
  });
  return { status: res.statusCode, body: res.json() as { message: string; result: ReportImportResult } };
}

/** What the entry holds: its current copy's rows (sorted by key), total, update time and logs. */
async function stateOf(catalogId: string) {
  const [entry] = await ctx.db.select().from(catalogues).where(eq(catalogues.id, catalogId));
  const resourceId = (entry.mount as { resourceId?: string } | null)?.resourceId;
  const [copy] = resourceId
    ? await ctx.db.select().from(datastoreResources).where(eq(datastoreResources.id, resourceId))
    : [];
  const rows = copy ? (await storedRows(ctx.db, copy)).sort((a, b) => a[0].localeCompare(b[0])) : [];
  const [{ logs }] = await ctx.db
    .select({ logs: count() })
    .from(datastoreSyncLogs)
    .where(eq(datastoreSyncLogs.catalogId, catalogId));
  const [{ resources }] = await ctx.db
    .select({ resources: count() })
    .from(datastoreResources)
    .where(eq(datastoreResources.catalogId, catalogId));
  return { entry, copy, rows, logs, resources, totalNum: Number(entry.totalNum) };
}

const HEADER = ['编号', '姓名', '金额'];

describe('数据上报 routes', () => {
  it('need a token (401), the permission (403) and the entry of their department (403/404)', async () => {
    const entry = await tableEntry();
    const sheet = await xlsxOf([HEADER, ['1', '甲', '10']]);
    expect((await report(entry.id, sheet)).status).toBe(401);
    expect((await report(entry.id, sheet, { token: citizen })).status).toBe(403);
    expect((await report(entry.id, sheet, { token: outsider })).status).toBe(403);
    expect((await report('7c0e5a55-0000-4000-8000-000000000000', sheet, { token: officer })).status).toBe(404);
    for (const [url, body] of [
      ['/api/cataLog/pageQuery', { pageNo: 1, pageSize: 10 }],
      ['/api/cataLog/updateList', { catalogId: entry.id, pageNo: 1, pageSize: 10 }],
    ] as const) {
      expect((await call(ctx, 'POST', url, { body })).status, url).toBe(401);
      expect((await call(ctx, 'POST', url, { token: citizen, body })).status, url).toBe(403);
    }
    const logsOfOther = await call(ctx, 'POST', '/api/cataLog/updateList', {
      token: outsider,
      body: { catalogId: entry.id, pageNo: 1, pageSize: 10 },
    });
    expect(logsOfOther.status).toBe(403);
    const template = await ctx.app.inject({
      method: 'GET',
      url: `${ctx.base}/api/datacollection/downloadShare`,
      query: { dataId: entry.id },
      headers: { 'x-access-token': outsider },
    });
    expect(template.statusCode).toBe(403);
    expect((await stateOf(entry.id)).logs).toBe(0);
  });

  it('lists the department’s live 库表 entries (drafts too) with their key and columns', async () => {
    const published = await tableEntry();
    const draft = await tableEntry({ draft: true });
    await createMarketEntry(ctx.db, dept.orgCode, { dataFormat: 'file' });
    const mine = await call<Page<ReportEntry>>(ctx, 'POST', '/api/cataLog/pageQuery', {
      token: officer,
      body: { pageNo: 1, pageSize: 50 },
    });
    expect(mine.status).toBe(200);
    const ids = mine.body.result.records.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([published.id, draft.id]));
    expect(mine.body.result.records.every((r) => r.orgCode === dept.orgCode)).toBe(true);
    expect(mine.body.result.records.find((r) => r.id === published.id)).toMatchObject({
      keyColumns: ['编号'],
      columns: HEADER,
      updateStatus: '2',
      dataUpdateTime: null,
    });
    const theirs = await call<Page<ReportEntry>>(ctx, 'POST', '/api/cataLog/pageQuery', {
      token: outsider,
      body: { pageNo: 1, pageSize: 50 },
    });
    expect(theirs.body.result.records.map((r) => r.id)).not.toContain(published.id);
    const all = await call<Page<ReportEntry>>(ctx, 'POST', '/api/cataLog/pageQuery', {
      token: admin,
      body: { pageNo: 1, pageSize: 50, updateStatus: '2' },
    });
    expect(all.body.result.records.map((r) => r.id)).toEqual(expect.arrayContaining([published.id, draft.id]));
  });

  it('offers the template: an xlsx whose header row is the data items', async () => {
    const entry = await tableEntry();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${ctx.base}/api/datacollection/downloadShare`,
      query: { dataId: entry.id },
      headers: { 'x-access-token': officer },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('上报模板.xlsx'));
    expect(await readXlsx(res.rawPayload)).toEqual([HEADER]);
  });
});

describe('POST /api/datacollection/importExcel', () => {
  it('makes the first report the entry’s copy and moves its total, 最近更新时间 and 更新状态', async () => {
    const entry = await tableEntry();
    const res = await report(entry.id, await xlsxOf([HEADER, ['1', '甲', '10'], ['2', '乙', '20']]), {
      token: officer,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('本月数据.xlsx上传成功');
    expect(res.body.result).toMatchObject({ inserted: 2, replaced: 0, skipped: 0, totalNum: 2, headerRow: 1 });
    const state = await stateOf(entry.id);
    expect(state.rows).toEqual([
      ['1', '甲', '10'],
      ['2', '乙', '20'],
    ]);
    expect(state.copy?.kind).toBe('table');
    expect(state.resources).toBe(1);
    expect(state.totalNum).toBe(2);
    expect(state.entry.dataUpdateTime).not.toBeNull();
    const list = await call<Page<ReportEntry>>(ctx, 'POST', '/api/cataLog/pageQuery', {
      token: officer,
      body: { pageNo: 1, pageSize: 50, updateStatus: '1' },
    });
    expect(list.body.result.records.map((r) => r.id)).toContain(entry.id);
    const logs = await call<Page<TableSyncLogItem>>(ctx, 'POST', '/api/cataLog/updateList', {
      token: officer,
      body: { catalogId: entry.id, pageNo: 1, pageSize: 10 },
    });
    expect(logs.body.result.records).toHaveLength(1);
    expect(logs.body.result.records[0]).toMatchObject({ mode: 'excel', outcome: 'ok', importNum: 2 });
    expect(logs.body.result.records[0].message).toBe('本月数据.xlsx：新增 2 行，覆盖 0 行，跳过 0 行（覆盖已有记录）');
  });

  it('覆盖 replaces the rows of held keys and adds the new ones (the last of a repeated key wins)', async () => {
    const entry = await tableEntry();
    await report(entry.id, await xlsxOf([HEADER, ['1', '甲', '10'], ['2', '乙', '20']]), { token: officer });
    const res = await report(
      entry.id,
      await xlsxOf([HEADER, ['2', '乙改', '21'], ['3', '丙', '30'], ['3', '丙改', '31']]),
      { token: officer, policy: '1' },
    );
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ inserted: 1, replaced: 1, skipped: 1, totalNum: 3 });
    const state = await stateOf(entry.id);
    expect(state.rows).toEqual([
      ['1', '甲', '10'],
      ['2', '乙改', '21'],
      ['3', '丙改', '31'],
    ]);
    expect(state.resources).toBe(1);
  });

  it('跳过 keeps the held rows and the first of a repeated key', async () => {
    const entry = await tableEntry();
    await report(entry.id, await xlsxOf([HEADER, ['1', '甲', '10']]), { token: officer });
    const res = await report(
      entry.id,
      await xlsxOf([HEADER, ['1', '甲改', '11'], ['4', '丁', '40'], ['4', '丁改', '41']]),
      { token: officer, policy: '2' },
    );
    expect(res.body.result).toMatchObject({ inserted: 1, replaced: 0, skipped: 2, totalNum: 2 });
    expect((await stateOf(entry.id)).rows).toEqual([
      ['1', '甲', '10'],
      ['4', '丁', '40'],
    ]);
  });

  it('报错并终止 refuses a sheet with a held or repeated key and writes nothing', async () => {
    const entry = await tableEntry();
    await report(entry.id, await xlsxOf([HEADER, ['1', '甲', '10']]), { token: officer });
    const before = await stateOf(entry.id);
    const held = await report(entry.id, await xlsxOf([HEADER, ['5', '戊', '50'], ['1', '甲改', '11']]), {
      token: officer,
      policy: '3',
    });
    expect(held.status).toBe(400);
    expect(held.body.message).toBe('上报文件第 3 行的主键“1”已存在，按“报错并终止”策略未写入任何数据');
    const repeated = await report(entry.id, await xlsxOf([HEADER, ['6', '己', '60'], ['6', '己', '61']]), {
      token: officer,
      policy: '3',
    });
    expect(repeated.status).toBe(400);
    expect(repeated.body.message).toContain('第 3 行的主键“6”与前面的行重复');
    const after = await stateOf(entry.id);
    expect(after.rows).toEqual(before.rows);
    expect(after.logs).toBe(before.logs);
    expect(after.resources).toBe(1);
    expect(after.entry.dataUpdateTime).toEqual(before.entry.dataUpdateTime);
    // Without a clash the same policy writes.
    const fine = await report(entry.id, await xlsxOf([HEADER, ['7', '庚', '70']]), { token: officer, policy: '3' });
    expect(fine.body.result).toMatchObject({ inserted: 1, totalNum: 2 });
  });

  it('refuses a bad file, wrong columns, an empty key or a missing key choice with nothing written', async () => {
    const entry = await tableEntry();
    const noKey = await tableEntry({ noKey: true });
    const cases: [string, Awaited<ReturnType<typeof report>>][] = [
      [
        '文件不是 Excel',
        await report(entry.id, Buffer.from('编号,姓名,金额\n1,甲,10\n'), { token: officer, fileName: 'a.csv' }),
      ],
      ['伪装的 xlsx', await report(entry.id, Buffer.from('not a zip at all'), { token: officer })],
      [
        '缺少列',
        await report(
          entry.id,
          await xlsxOf([
            ['编号', '姓名'],
            ['1', '甲'],
          ]),
          { token: officer },
        ),
      ],
      [
        '多出列',
        await report(
          entry.id,
          await xlsxOf([
            [...HEADER, '备注'],
            ['1', '甲', '10', '-'],
          ]),
          { token: officer },
        ),
      ],
      [
        '主键为空',
        await report(entry.id, await xlsxOf([HEADER, ['1', '甲', '10'], ['', '乙', '20']]), { token: officer }),
      ],
      ['没有数据行', await report(entry.id, await xlsxOf([HEADER]), { token: officer })],
      ['未选主键列', await report(noKey.id, await xlsxOf([HEADER, ['1', '甲', '10']]), { token: officer })],
      [
        '另选主键列',
        await report(entry.id, await xlsxOf([HEADER, ['1', '甲', '10']]), { token: officer, keyColumn: '姓名' }),
      ],
    ];
    for (const [label, res] of cases) expect(res.status, `${label}: ${res.body.message}`).toBe(400);
    expect(cases[2][1].body.message).toBe('上报文件的列与目录不一致（缺少列：金额），请下载模板填写');
    expect(cases[3][1].body.message).toContain('多出列：备注');
    expect(cases[4][1].body.message).toBe('上报文件第 3 行的主键（编号）为空');
    expect(cases[6][1].body.message).toBe('该目录的信息项未标明主键，请选择主键列');
    for (const id of [entry.id, noKey.id]) {
      const state = await stateOf(id);
      expect(state).toMatchObject({ logs: 0, resources: 0, totalNum: 0 });
      expect(state.entry.dataUpdateTime).toBeNull();
    }
    // The officer names the key when no data item is flagged as one.
    const named = await report(noKey.id, await xlsxOf([HEADER, ['1', '甲', '10']]), {
      token: officer,
      keyColumn: '编号',
    });
    expect(named.status).toBe(200);
    expect(named.body.result.inserted).toBe(1);
  });

  it('goes into a mounted table’s current copy, keyed by the mount’s key column when no item is flagged', async () => {
    const entry = await tableEntry({ noKey: true });
    await report(entry.id, await xlsxOf([HEADER, ['1', '甲', '10']]), { token: officer, keyColumn: '编号' });
    const first = await stateOf(entry.id);
    // As a table mount leaves it: a source, a key column (the source's column name) and the copy.
    await ctx.db
      .update(catalogues)
      .set({ mount: { ...(first.entry.mount as object), dataSourceId: null, tableName: 'ods_x', keyColumn: 'id' } })
      .where(eq(catalogues.id, entry.id));
    const res = await report(entry.id, await xlsxOf([HEADER, ['1', '甲改', '12'], ['2', '乙', '20']]), {
      token: officer,
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ inserted: 1, replaced: 1 });
    const after = await stateOf(entry.id);
    expect(after.copy?.id).toBe(first.copy?.id);
    expect((after.entry.mount as { tableName?: string }).tableName).toBe('ods_x');
    expect(after.rows).toEqual([
      ['1', '甲改', '12'],
      ['2', '乙', '20'],
    ]);
  });

  it('keeps typed columns exact and widens one to text when a value would change', async () => {
    const entry = await tableEntry();
    await ctx.db.update(catalogueItems).set({ dataType: 'N' }).where(itemOf(entry.id, '金额'));
    await report(entry.id, await xlsxOf([HEADER, ['1', '甲', '10']]), { token: officer });
    expect((await stateOf(entry.id)).copy?.fields.find((f) => f.name === '金额')?.type).toBe('numeric');
    const res = await report(entry.id, await xlsxOf([HEADER, ['2', '乙', '约 20']]), { token: officer });
    expect(res.status).toBe(200);
    const after = await stateOf(entry.id);
    expect(after.copy?.fields.find((f) => f.name === '金额')?.type).toBe('text');
    expect(after.rows).toEqual([
      ['1', '甲', '10'],
      ['2', '乙', '约 20'],
    ]);
  });
});
