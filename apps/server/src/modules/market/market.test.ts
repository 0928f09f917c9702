import type {
  CollectResult,
  FacetCounts,
  MarketDetail,
  MarketPage,
  OpenUnit,
  Page,
  RatingItem,
  RatingResult,
} from '@odp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueDownloads, catalogues } from '../../db/schema/index.js';
import { createDepart, signedIn } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { appendRows, createResource, setRowCount } from '../datastore/store.js';
import { createStorage, saveCatalogueFile } from '../files/service.js';
import { readXlsx } from '../files/testing.js';
import { cappedCount, filterConditions } from './repository.js';
import { marketPage, parseKeyword } from './service.js';
import { createMarketEntry, type EntryOverrides } from './testing.js';

let ctx: TestContext;
const storage = createStorage('/tmp/odp-test-unused');

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A department of its own per test, so that results are isolated by orgCode. */
async function scope() {
  const depart = await createDepart(ctx.db);
  const entry = (overrides: EntryOverrides = {}) => createMarketEntry(ctx.db, depart.orgCode, overrides);
  const page = async (body: Record<string, unknown> = {}, token?: string) => {
    const res = await call<MarketPage>(ctx, 'POST', '/api/resourceMarket/page', {
      token,
      body: { pageNo: 1, pageSize: 50, orgCode: depart.orgCode, ...body },
    });
    expect(res.status, res.body.message).toBe(200);
    return res.body.result;
  };
  const names = async (keyword: string, extra: Record<string, unknown> = {}) =>
    (await page({ catalogName: keyword, ...extra })).records.map((r) => r.catalogName);
  return { depart, entry, page, names };
}

const HIDDEN: EntryOverrides[] = [
  { shelfStatus: 0, catalogStatus: 2 },
  { shelfStatus: 1, catalogStatus: 2 },
  { shelfStatus: 3, catalogStatus: 2 },
  { shelfStatus: 4, catalogStatus: 2 },
  { shelfStatus: 9, catalogStatus: 2 },
  { shelfStatus: 0, catalogStatus: 0 },
  { shelfStatus: 2, openType: '3' },
];

const CSV = [
  '站点名称,联系人,手机号码,备注,差值',
  '湖滨路口站,张三丰,13812340000,=HYPERLINK("http://x"),-5',
  '东湖公园站,李四,13900001111,@SUM(A1),+3',
  '',
].join('\n');

describe('visibility', () => {
  it('shows an entry that is not on shelf or not open nowhere', async () => {
    const s = await scope();
    const visible = await s.entry({ catalogName: '可见的公交线路' });
    const hidden = [];
    for (const [i, o] of HIDDEN.entries()) hidden.push(await s.entry({ catalogName: `隐藏的公交线路${i}`, ...o }));
    for (const h of hidden) {
      await saveCatalogueFile(ctx.db, storage, {
        catalogId: h.id,
        fileName: 'h.csv',
        bytes: Buffer.from('名称\n甲\n'),
      });
    }

    expect(await s.names('公交')).toEqual(['可见的公交线路']);
    expect((await s.page()).total).toBe(1);

    const amount = await call<FacetCounts>(ctx, 'POST', '/api/resourceMarket/getCatalogAmount', {
      body: { orgCode: s.depart.orgCode },
    });
    expect(amount.body.result.orgCode[s.depart.orgCode]).toBe(1);
    expect(amount.body.result.openType).toEqual({ '1': 1 });

    const units = await call<OpenUnit[]>(ctx, 'GET', '/api/resourceMarket/getOpenUnit');
    expect(units.body.result.find((u) => u.orgCode === s.depart.orgCode)?.count).toBe(1);

    for (const h of hidden) {
      const detail = await call(ctx, 'GET', '/api/resourceMarket/detail', { query: { id: h.id } });
      expect(detail.status).toBe(404);
      expect(detail.body.message).toBe('很抱歉，资源未找到!');
      const [file] = await ctx.db.query.catalogueFiles.findMany({ where: (f, { eq }) => eq(f.catalogId, h.id) });
      const preview = await call(ctx, 'GET', '/api/resourceMarket/preview', {
        query: { catalogId: h.id, fileId: file.id },
      });
      expect(preview.status).toBe(404);
      const download = await ctx.app.inject({
        method: 'GET',
        url: `${ctx.base}/api/file/downloadOpen`,
        query: { catalogId: h.id, fileName: 'h.csv' },
      });
      expect(download.statusCode).toBe(404);
      const [row] = await ctx.db.select().from(catalogues).where(eq(catalogues.id, h.id));
      expect(row.viewNum).toBe(0);
      expect(row.downloadNum).toBe(0);
    }
    expect((await call(ctx, 'GET', '/api/resourceMarket/detail', { query: { id: visible.id } })).status).toBe(200);
  });

  it('refuses ratings and collections of entries the public cannot see', async () => {
    const s = await scope();
    const hidden = await s.entry({ shelfStatus: 4 });
    const { token } = await signedIn(ctx, { roles: ['registered'] });
    const rate = await call(ctx, 'POST', '/api/resourceMarket/evaluations', {
      token,
      body: { catalogId: hidden.id, score: 5 },
    });
    expect(rate.status).toBe(404);
    const collect = await call(ctx, 'POST', '/api/resourceMarket/collections', {
      token,
      body: { catalogId: hidden.id },
    });
    expect(collect.status).toBe(404);
  });
});

describe('POST /api/resourceMarket/page search', () => {
  it('finds one-, two- and many-character queries and ANDs space-separated terms', async () => {
    const s = await scope();
    await s.entry({ catalogName: '滨江市东湖区2025年公交站点客流统计' });
    await s.entry({
      catalogName: '充电桩分布信息',
      informationSummary: '全市公共充电桩的位置、运营单位与收费标准，按区县统计。',
    });
    await s.entry({ catalogName: '医疗机构名录', items: [{ name: '机构名称' }, { name: '床位数' }] });
    // One character: first, middle or last of a run.
    expect(await s.names('桩')).toEqual(['充电桩分布信息']);
    expect(await s.names('充')).toEqual(['充电桩分布信息']);
    expect(await s.names('电')).toEqual(['充电桩分布信息']);
    expect((await s.names('计')).sort()).toEqual(['充电桩分布信息', '滨江市东湖区2025年公交站点客流统计'].sort());
    expect(await s.names('公交')).toEqual(['滨江市东湖区2025年公交站点客流统计']);
    expect(await s.names('公交站点客流')).toEqual(['滨江市东湖区2025年公交站点客流统计']);
    expect(await s.names('充电桩')).toEqual(['充电桩分布信息']);
    // Substrings that word segmenters would cut differently still match.
    expect(await s.names('电桩')).toEqual(['充电桩分布信息']);
    // Not adjacent in the text: no match.
    expect(await s.names('公站')).toEqual([]);
    expect(await s.names('东湖 客流')).toEqual(['滨江市东湖区2025年公交站点客流统计']);
    expect(await s.names('东湖 充电桩')).toEqual([]);
    // Data-item names and the summary are indexed too; latin and digits whole.
    expect(await s.names('床位')).toEqual(['医疗机构名录']);
    expect(await s.names('收费标准')).toEqual(['充电桩分布信息']);
    expect(await s.names('2025')).toEqual(['滨江市东湖区2025年公交站点客流统计']);
    // Punctuation only: no keyword filter at all.
    expect((await s.page({ catalogName: '，。' })).total).toBe(3);
  });

  it('ranks name matches first and highlights matches, HTML-escaped', async () => {
    const s = await scope();
    const older = new Date(Date.now() - 86_400_000);
    await s.entry({
      catalogName: '道路养护记录',
      informationSummary: '记录地铁沿线道路的养护情况，地铁施工期间每日更新，地铁公司配合。',
      releaseTime: new Date(),
    });
    await s.entry({ catalogName: '地铁<站点>出入口', releaseTime: older });
    const result = await s.page({ catalogName: '地铁' });
    expect(result.records.map((r) => r.catalogName)).toEqual(['地铁<站点>出入口', '道路养护记录']);
    expect(result.records[0].highlight.catalogName).toBe('<em>地铁</em>&lt;站点&gt;出入口');
    expect(result.records[1].highlight.informationSummary).toContain('记录<em>地铁</em>沿线');
    expect(result.totalCapped).toBe(false);
  });

  it('filters by facet values and sorts by an allowlisted field', async () => {
    const s = await scope();
    await s.entry({ catalogName: '甲', dataFormat: 'api', viewNum: 5 });
    await s.entry({ catalogName: '乙', dataFormat: 'file', viewNum: 9, keyAreasType: '2' });
    await s.entry({ catalogName: '丙', dataFormat: 'file', viewNum: 1, openType: '2', openCondition: '需申请' });
    const byViews = await s.page({ sort: 'viewNum', order: 'desc' });
    expect(byViews.records.map((r) => r.catalogName)).toEqual(['乙', '甲', '丙']);
    expect(
      (await s.page({ dataFormat: 'file', sort: 'viewNum', order: 'asc' })).records.map((r) => r.catalogName),
    ).toEqual(['丙', '乙']);
    expect((await s.page({ openType: '2' })).records.map((r) => r.catalogName)).toEqual(['丙']);
    expect((await s.page({ keyAreasType: '2', dataFormat: '' })).records.map((r) => r.catalogName)).toEqual(['乙']);
    const bad = await call(ctx, 'POST', '/api/resourceMarket/page', { body: { sort: 'catalog_name; drop table x' } });
    expect(bad.status).toBe(400);
  });

  it('counts facets with the other filters applied', async () => {
    const s = await scope();
    await s.entry({ dataFormat: 'file', openType: '1', keyAreasType: '6' });
    await s.entry({ dataFormat: 'file', openType: '2', openCondition: '申请', keyAreasType: '6' });
    await s.entry({ dataFormat: 'api', openType: '1', keyAreasType: '2' });
    const res = await call<FacetCounts>(ctx, 'POST', '/api/resourceMarket/getCatalogAmount', {
      body: { orgCode: s.depart.orgCode, dataFormat: 'file', openType: '1' },
    });
    expect(res.status).toBe(200);
    // dataFormat counted with openType=1 only; openType counted with dataFormat=file only.
    expect(res.body.result.dataFormat).toEqual({ file: 1, api: 1 });
    expect(res.body.result.openType).toEqual({ '1': 1, '2': 1 });
    expect(res.body.result.keyAreasType).toEqual({ '6': 1 });
    // The department facet is counted without the department filter: other departments show too.
    expect(res.body.result.orgCode[s.depart.orgCode]).toBe(1);
  });

  it('pages through a broad match set without losing or repeating entries', async () => {
    const s = await scope();
    const day = 86_400_000;
    const made = [];
    for (let i = 0; i < 9; i++) {
      made.push(
        await s.entry({
          // Every third entry has the word in its name; the rest only in the summary.
          catalogName: i % 3 === 0 ? `宽泛词目录${i}` : `其他目录${i}`,
          informationSummary: '这条目录的摘要里提到了宽泛词，用来检验分页与排序的一致性。',
          openType: i % 2 ? '1' : '2',
          openCondition: '申请',
          releaseTime: new Date(Date.now() - i * day),
        }),
      );
    }
    // Ranking bounded to the newest 4 matches, as for a huge match set, pages of 3.
    const seen: string[] = [];
    for (let pageNo = 1; pageNo <= 3; pageNo++) {
      const page = await marketPage(
        ctx.db,
        { pageNo, pageSize: 3, orgCode: s.depart.orgCode, catalogName: '宽泛词' },
        { rankAllLimit: 2, rankBound: 4 },
      );
      seen.push(...page.records.map((r) => r.catalogName));
    }
    expect([...seen].sort()).toEqual(made.map((m) => m.catalogName).sort());
    // Within the newest four (目录0–3), the name match 目录0 and 目录3 come first.
    expect(seen.slice(0, 2).sort()).toEqual(['宽泛词目录0', '宽泛词目录3']);
    expect(seen.slice(4)).toEqual(['其他目录4', '其他目录5', '宽泛词目录6', '其他目录7', '其他目录8']);
  });

  it('caps the count', async () => {
    const s = await scope();
    for (let i = 0; i < 4; i++) await s.entry({ catalogName: `封顶测试${i}` });
    const conds = filterConditions({ orgCode: s.depart.orgCode }, parseKeyword('封顶'));
    expect(await cappedCount(ctx.db, conds, 2)).toBe(3);
    expect(await cappedCount(ctx.db, conds, 10)).toBe(4);
  });

  it('filters by a department subtree for trees 2 and 3', async () => {
    const parent = await createDepart(ctx.db, { orgType: '2' });
    const child = await createDepart(ctx.db, { parentId: parent.id });
    await createMarketEntry(ctx.db, parent.orgCode, { catalogName: '区级目录' });
    await createMarketEntry(ctx.db, child.orgCode, { catalogName: '街道目录' });
    const res = await call<MarketPage>(ctx, 'POST', '/api/resourceMarket/page', {
      body: { treeItemId: 3, orgCode: parent.orgCode },
    });
    expect(res.body.result.records.map((r) => r.catalogName).sort()).toEqual(['区级目录', '街道目录']);
    const flat = await call<MarketPage>(ctx, 'POST', '/api/resourceMarket/page', { body: { orgCode: parent.orgCode } });
    expect(flat.body.result.records.map((r) => r.catalogName)).toEqual(['区级目录']);
  });
});

describe('detail, preview and downloads', () => {
  async function published(overrides: EntryOverrides = {}) {
    const s = await scope();
    const entry = await s.entry({
      catalogName: '公交站点联系人',
      items: [{ name: '站点名称' }, { name: '联系人', masked: true }, { name: '手机号码', masked: true }],
      ...overrides,
    });
    const file = await saveCatalogueFile(ctx.db, storage, {
      catalogId: entry.id,
      fileName: '公交站点.csv',
      bytes: Buffer.from(CSV),
    });
    return { s, entry, file };
  }

  const download = (query: Record<string, string>, token?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `${ctx.base}/api/file/downloadOpen`,
      query,
      headers: token ? { 'x-access-token': token } : {},
    });

  it('shows public metadata, items, files without storage names, related entries; counts views', async () => {
    const { s, entry, file } = await published();
    const sibling = await s.entry({ catalogName: '同部门目录' });
    const { token } = await signedIn(ctx, { roles: ['registered'] });
    const res = await call<MarketDetail>(ctx, 'GET', '/api/resourceMarket/detail', { query: { id: entry.id } });
    expect(res.status).toBe(200);
    const d = res.body.result;
    expect(d).toMatchObject({
      id: entry.id,
      catalogName: '公交站点联系人',
      downloadable: true,
      viewNum: 1,
      totalNum: 2,
    });
    expect(d.departName).toBe(s.depart.departName);
    expect(d.dataList.map((i) => [i.name, i.masked])).toEqual([
      ['站点名称', false],
      ['联系人', true],
      ['手机号码', true],
    ]);
    expect(d.files).toEqual([expect.objectContaining({ id: file.id, fileName: '公交站点.csv', rowCount: 2 })]);
    expect(JSON.stringify(d)).not.toContain('storedName');
    expect(d.related.map((r) => r.id)).toContain(sibling.id);
    expect(d).not.toHaveProperty('contactPhone');
    expect(d.myRating).toBeNull();
    expect(d.collected).toBe(false);

    await call(ctx, 'POST', '/api/resourceMarket/collections', { token, body: { catalogId: entry.id } });
    await call(ctx, 'POST', '/api/resourceMarket/evaluations', { token, body: { catalogId: entry.id, score: 4 } });
    const mine = await call<MarketDetail>(ctx, 'GET', '/api/resourceMarket/detail', { token, query: { id: entry.id } });
    expect(mine.body.result).toMatchObject({ viewNum: 2, collected: true, myRating: { score: 4, comment: null } });
  });

  it("shows, previews and downloads a mounted table like a file, masked; not another entry's table", async () => {
    const s = await scope();
    const entry = await s.entry({
      catalogName: '出租汽车企业',
      dataFormat: 'table',
      items: [{ name: '企业名称' }, { name: '服务监督电话', masked: true }],
    });
    const resource = await createResource(ctx.db, {
      catalogId: entry.id,
      kind: 'table',
      names: ['企业名称', '服务监督电话'],
      types: ['text', 'text'],
    });
    await appendRows(ctx.db, resource, 0, [
      ['滨江恒达出租汽车有限公司', '0571-86321457'],
      ['滨江瑞丰出租汽车有限公司', '0571-86321458'],
    ]);
    await setRowCount(ctx.db, resource, 2);
    await ctx.db
      .update(catalogues)
      .set({ mount: { tableName: 'ods_taxi_companies', resourceId: resource.id } })
      .where(eq(catalogues.id, entry.id));

    const detail = await call<MarketDetail>(ctx, 'GET', '/api/resourceMarket/detail', { query: { id: entry.id } });
    expect(detail.body.result.table).toMatchObject({ id: resource.id, tableName: 'ods_taxi_companies', rowCount: 2 });

    const preview = await call<{ columns: string[]; rows: string[][]; total: number }>(
      ctx,
      'GET',
      '/api/resourceMarket/preview',
      { query: { catalogId: entry.id, resourceId: resource.id } },
    );
    expect(preview.status).toBe(200);
    expect(preview.body.result.columns).toEqual(['企业名称', '服务监督电话']);
    expect(preview.body.result.rows[0][0]).toBe('滨江恒达出租汽车有限公司');
    expect(preview.body.result.rows[0][1]).not.toContain('86321457');
    expect(preview.body.result.total).toBe(2);

    const csv = await download({ catalogId: entry.id, resourceId: resource.id, format: 'original' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('滨江瑞丰出租汽车有限公司');
    expect(csv.body).not.toContain('86321458');
    const [{ downloadNum }] = await ctx.db.select().from(catalogues).where(eq(catalogues.id, entry.id));
    expect(downloadNum).toBe(1);

    // Neither both nor none of file and table; and the table must be this entry's.
    const other = await s.entry({ catalogName: '另一个目录' });
    for (const query of [
      { catalogId: entry.id } as Record<string, string>,
      { catalogId: entry.id, resourceId: resource.id, fileId: resource.id },
    ]) {
      expect((await call(ctx, 'GET', '/api/resourceMarket/preview', { query })).status).toBe(400);
    }
    const foreign = await call(ctx, 'GET', '/api/resourceMarket/preview', {
      query: { catalogId: other.id, resourceId: resource.id },
    });
    expect(foreign.status).toBe(404);
    expect((await download({ catalogId: other.id, resourceId: resource.id, format: 'csv' })).statusCode).toBe(404);
  });

  it('previews the first rows with masked columns masked', async () => {
    const { entry, file } = await published();
    const res = await call<{ columns: string[]; rows: string[][]; maskedColumns: string[]; total: number }>(
      ctx,
      'GET',
      '/api/resourceMarket/preview',
      { query: { catalogId: entry.id, fileId: file.id } },
    );
    expect(res.status).toBe(200);
    expect(res.body.result.maskedColumns).toEqual(['联系人', '手机号码']);
    expect(res.body.result.rows[0].slice(0, 3)).toEqual(['湖滨路口站', '张**', '138****0000']);
    expect(res.body.result.rows[1].slice(0, 3)).toEqual(['东湖公园站', '李*', '139****1111']);
    expect(res.body.result.total).toBe(2);
  });

  it('downloads CSV, XLSX and JSON with masking and formula neutralisation, and counts each', async () => {
    const { entry } = await published();
    const { user, token } = await signedIn(ctx, { roles: ['registered'] });

    const csv = await download({ catalogId: entry.id, fileName: '公交站点.csv', format: 'csv' }, token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="____.csv"; filename*=UTF-8''${encodeURIComponent('公交站点.csv')}`,
    );
    expect(csv.headers['x-content-type-options']).toBe('nosniff');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('站点名称,联系人,手机号码,备注,差值');
    expect(lines[1]).toBe('湖滨路口站,张**,138****0000,"\'=HYPERLINK(""http://x"")",-5');
    expect(lines[2]).toBe("东湖公园站,李*,139****1111,'@SUM(A1),+3");

    const original = await download({ catalogId: entry.id, fileName: '公交站点.csv' });
    expect(original.statusCode).toBe(200);
    expect(original.body).not.toContain('13812340000');
    expect(original.body).toContain('138****0000');

    const xlsx = await download({ catalogId: entry.id, fileName: '公交站点.csv', format: 'xlsx' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain(encodeURIComponent('公交站点.xlsx'));
    const sheet = await readXlsx(xlsx.rawPayload);
    expect(sheet[0]).toEqual(['站点名称', '联系人', '手机号码', '备注', '差值']);
    expect(sheet[1]).toEqual(['湖滨路口站', '张**', '138****0000', '\'=HYPERLINK("http://x")', '-5']);

    const json = await download({ catalogId: entry.id, fileName: '公交站点.csv', format: 'json' });
    expect(json.statusCode).toBe(200);
    expect(JSON.parse(json.body)).toEqual([
      { 站点名称: '湖滨路口站', 联系人: '张**', 手机号码: '138****0000', 备注: '=HYPERLINK("http://x")', 差值: '-5' },
      { 站点名称: '东湖公园站', 联系人: '李*', 手机号码: '139****1111', 备注: '@SUM(A1)', 差值: '+3' },
    ]);

    const [after] = await ctx.db.select().from(catalogues).where(eq(catalogues.id, entry.id));
    expect(after.downloadNum).toBe(4);
    const rows = await ctx.db.select().from(catalogueDownloads).where(eq(catalogueDownloads.catalogId, entry.id));
    expect(rows.map((r) => r.format).sort()).toEqual(['csv', 'json', 'original', 'xlsx']);
    expect(rows.find((r) => r.format === 'csv')?.userId).toBe(user.id);
  });

  it('sends a clean original as stored', async () => {
    const s = await scope();
    const entry = await s.entry({ catalogName: '干净的数据' });
    const bytes = Buffer.from('名称,数量\n甲,-1\n');
    await saveCatalogueFile(ctx.db, storage, { catalogId: entry.id, fileName: '干净.csv', bytes });
    const res = await download({ catalogId: entry.id, fileName: '干净.csv' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-length']).toBe(String(bytes.length));
  });

  it('refuses 有条件开放 downloads with a hint to apply, and unknown files', async () => {
    const { entry } = await published({ openType: '2', openCondition: '需提交开放申请' });
    const res = await download({ catalogId: entry.id, fileName: '公交站点.csv' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('该数据为有条件开放，请提交开放申请');
    const detail = await call<MarketDetail>(ctx, 'GET', '/api/resourceMarket/detail', { query: { id: entry.id } });
    expect(detail.body.result.downloadable).toBe(false);
    const open = await published();
    expect((await download({ catalogId: open.entry.id, fileName: '别的.csv' })).statusCode).toBe(404);
    expect((await download({ catalogId: open.entry.id, fileName: '公交站点.csv', format: 'pdf' })).statusCode).toBe(
      400,
    );
    const [after] = await ctx.db.select().from(catalogues).where(eq(catalogues.id, entry.id));
    expect(after.downloadNum).toBe(0);
  });
});

describe('ratings and collections', () => {
  it('needs a token', async () => {
    const s = await scope();
    const entry = await s.entry();
    expect(
      (await call(ctx, 'POST', '/api/resourceMarket/evaluations', { body: { catalogId: entry.id, score: 3 } })).status,
    ).toBe(401);
    expect((await call(ctx, 'POST', '/api/resourceMarket/collections', { body: { catalogId: entry.id } })).status).toBe(
      401,
    );
  });

  it('keeps one editable rating per user and recomputes the average', async () => {
    const s = await scope();
    const entry = await s.entry();
    const a = await signedIn(ctx, { roles: ['registered'] });
    const b = await signedIn(ctx, { roles: ['registered'] });
    const rate = (token: string, score: number, comment?: string) =>
      call<RatingResult>(ctx, 'POST', '/api/resourceMarket/evaluations', {
        token,
        body: { catalogId: entry.id, score, comment },
      });
    expect((await rate(a.token, 5, '很好')).body.result).toMatchObject({ scoreAvg: 5, scoreCount: 1 });
    expect((await rate(b.token, 2)).body.result).toMatchObject({ scoreAvg: 3.5, scoreCount: 2 });
    expect((await rate(a.token, 3, '一般')).body.result).toMatchObject({ scoreAvg: 2.5, scoreCount: 2 });
    expect((await rate(a.token, 6)).status).toBe(400);
    const [row] = await ctx.db.select().from(catalogues).where(eq(catalogues.id, entry.id));
    expect([row.scoreAvg, row.scoreCount]).toEqual(['2.50', 2]);
    const list = await call<Page<RatingItem>>(ctx, 'GET', '/api/resourceMarket/evaluationsList', {
      query: { catalogId: entry.id },
    });
    expect(list.body.result.total).toBe(2);
    expect(list.body.result.records[0]).toMatchObject({ score: 3, comment: '一般' });
    expect(list.body.result.records[0].userName).toMatch(/^测\*+$/);
  });

  it('toggles a collection and keeps collectNum in step', async () => {
    const s = await scope();
    const entry = await s.entry();
    const { token } = await signedIn(ctx, { roles: ['registered'] });
    const toggle = () =>
      call<CollectResult>(ctx, 'POST', '/api/resourceMarket/collections', { token, body: { catalogId: entry.id } });
    expect((await toggle()).body.result).toEqual({ collected: true, collectNum: 1 });
    expect((await toggle()).body.result).toEqual({ collected: false, collectNum: 0 });
    expect((await toggle()).body.result).toEqual({ collected: true, collectNum: 1 });
  });
});
