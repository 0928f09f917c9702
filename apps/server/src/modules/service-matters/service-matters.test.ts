import type { MarketPage, SiteSearchResult } from '@odp/contracts';
import {
  type CatalogueDetail,
  type MarketDetail,
  type MechanismNode,
  type ServiceAmount,
  type ServiceMatterCard,
  ServiceMatterInput,
  type ServiceMatterPage,
} from '@odp/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueServiceMatters, catalogues } from '../../db/schema/index.js';
import { entryInput } from '../../test/catalogue.js';
import { createDepart, signedIn } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { createMarketEntry, type EntryOverrides } from '../market/testing.js';

let ctx: TestContext;
let officer: string;
let depart: { id: string; orgCode: string; departName: string };

beforeAll(async () => {
  ctx = await createTestApp();
  depart = await createDepart(ctx.db);
  officer = (await signedIn(ctx, { roles: ['dept_admin'], departs: [depart] })).token;
});
afterAll(() => ctx.close());

let seq = 0;
/** A public entry of `orgCode` serving a service item (or not, with `matter: null`). */
async function matterEntry(
  orgCode: string,
  entry: EntryOverrides = {},
  matter: Partial<typeof catalogueServiceMatters.$inferInsert> | null = {},
) {
  const row = await createMarketEntry(ctx.db, orgCode, entry);
  seq += 1;
  if (matter) {
    await ctx.db.insert(catalogueServiceMatters).values({
      catalogId: row.id,
      businessCode: `11330100MB1234567X40001170${String(seq).padStart(2, '0')}01`,
      businessName: '出租汽车经营许可（首次申请）',
      eventType: '1',
      implementationCode: `11330100MB1234567X40001170${String(seq).padStart(2, '0')}`,
      implementationName: '道路运输经营许可',
      electronicLicense: '1',
      ...matter,
    });
  }
  return row;
}

const MATTER = {
  relatedGovernment: '1',
  businessCode: '11330100MB1234567X400011700101',
  businessName: '出租汽车经营许可（首次申请）',
  eventType: '1',
  eventLevel: '2',
  directoryCode: '400011700',
  itemData: '道路运输经营许可',
  implementationCode: '11330100MB1234567X4000117001',
  implementationName: '道路运输经营许可',
  drivingLevel: '3',
  resultType: '1',
  applicationScenario: '1',
  applicationScenarioDescribe: '2',
  provideChannels: ['1', '4'],
  electronicLicense: '1',
};

const page = async (body: Record<string, unknown>) => {
  const res = await call<ServiceMatterPage>(ctx, 'POST', '/api/ServiceMatters/page', { body });
  expect(res.status, res.body.message).toBe(200);
  return res.body.result;
};

describe('the entry form’s 服务事项', () => {
  const save = (body: unknown) => call<CatalogueDetail>(ctx, 'POST', '/api/cataLog/save', { token: officer, body });
  const entryCount = async () => (await ctx.db.select({ n: count() }).from(catalogues))[0].n;

  it('requires the 业务办理项, 实施清单 and 事项类型 when related, in Chinese, and writes nothing', async () => {
    const before = await entryCount();
    const res = await save(entryInput({ serviceMatter: { relatedGovernment: '1' } as never }));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('关联政务服务时，请填写业务办理项编码');
    expect(res.body.result).toEqual({ field: 'serviceMatter.businessCode' });
    expect(await entryCount()).toBe(before);
    // The form shows every field's message at once: the same contract.
    const parsed = ServiceMatterInput.safeParse({ relatedGovernment: '1', electronicLicense: '' });
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['businessCode', '关联政务服务时，请填写业务办理项编码'],
      ['businessName', '关联政务服务时，请填写业务办理项名称'],
      ['implementationCode', '关联政务服务时，请填写实施清单编码'],
      ['implementationName', '关联政务服务时，请填写实施清单名称'],
      ['eventType', '关联政务服务时，请选择事项类型'],
    ]);
    // 否 needs nothing else.
    expect(ServiceMatterInput.parse({ relatedGovernment: '0' })).toMatchObject({ relatedGovernment: '0' });
  });

  it('refuses malformed codes and unknown dictionary values', async () => {
    const bad = await save(entryInput({ serviceMatter: { ...MATTER, implementationCode: '实施 001' } as never }));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('实施清单编码只能包含字母、数字和连字符');
    const wrongType = await save(entryInput({ serviceMatter: { ...MATTER, eventType: '99' } as never }));
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toContain('请选择正确的事项类型');
    const channel = await save(entryInput({ serviceMatter: { ...MATTER, provideChannels: ['1', '1'] } as never }));
    expect(channel.status).toBe(400);
    expect(channel.body.message).toContain('提供渠道不能重复');
  });

  it('saves the service matter with the entry, keeps it when the section is left out and removes it on 否', async () => {
    const created = await save(entryInput({ serviceMatter: MATTER as never }));
    expect(created.status, created.body.message).toBe(200);
    const { relatedGovernment: _r, ...stored } = MATTER;
    expect(created.body.result.serviceMatter).toEqual(stored);
    const id = created.body.result.id;

    const { serviceMatter: _s, ...withoutSection } = entryInput({ catalogName: created.body.result.catalogName });
    const kept = await call<CatalogueDetail>(ctx, 'POST', '/api/cataLog/update', {
      token: officer,
      body: { ...withoutSection, id },
    });
    expect(kept.status, kept.body.message).toBe(200);
    expect(kept.body.result.serviceMatter?.implementationCode).toBe(MATTER.implementationCode);

    // A failing edit (a duplicate data item) leaves the stored service matter as it was.
    const failed = await call(ctx, 'POST', '/api/cataLog/update', {
      token: officer,
      body: {
        ...withoutSection,
        id,
        serviceMatter: { ...MATTER, businessName: '改过的名称' },
        dataList: [withoutSection.dataList[0], withoutSection.dataList[0]],
      },
    });
    expect(failed.status).toBe(400);
    const [row] = await ctx.db.select().from(catalogueServiceMatters).where(eq(catalogueServiceMatters.catalogId, id));
    expect(row.businessName).toBe(MATTER.businessName);

    const removed = await call<CatalogueDetail>(ctx, 'POST', '/api/cataLog/update', {
      token: officer,
      body: { ...withoutSection, id, serviceMatter: { relatedGovernment: '0', businessCode: 'ignored' } },
    });
    expect(removed.status, removed.body.message).toBe(200);
    expect(removed.body.result.serviceMatter).toBeNull();
    expect(
      await ctx.db.select().from(catalogueServiceMatters).where(eq(catalogueServiceMatters.catalogId, id)),
    ).toEqual([]);
  });

  it('is found by its 实施清单 name through the catalogue’s search vector', async () => {
    const created = await save(
      entryInput({ serviceMatter: { ...MATTER, implementationName: '公共场所卫生许可证核发' } as never }),
    );
    const [hit] = await ctx.db
      .select({ id: catalogues.id })
      .from(catalogues)
      .where(eq(catalogues.id, created.body.result.id));
    expect(hit).toBeTruthy();
    const search = await call<{ id: string }[]>(ctx, 'GET', '/api/search/site', {
      query: { search: '公共场所卫生许可', type: 'matters' },
    });
    // A draft is not public: not found.
    expect(search.status).toBe(200);
    expect(JSON.stringify(search.body.result)).not.toContain(created.body.result.id);
  });
});

describe('POST /api/ServiceMatters/page', () => {
  it('lists only public entries related to a service item, filtered by the search form and facets', async () => {
    const d = await createDepart(ctx.db);
    const taxi = await matterEntry(d.orgCode, { catalogName: '出租汽车企业名录', updateFrequency: '3' });
    const clinic = await matterEntry(
      d.orgCode,
      {
        catalogName: '医疗机构名录',
        dataFormat: 'table',
        updateFrequency: '1',
        dataUpdateTime: new Date('2030-01-01'),
      },
      {
        businessName: '医疗机构执业登记（设置）',
        implementationName: '医疗机构执业登记',
        implementationCode: '11330100MB0000502B4000138002',
        electronicLicense: '0',
      },
    );
    await matterEntry(d.orgCode, { catalogName: '不关联事项的目录' }, null);
    await matterEntry(d.orgCode, { catalogName: '未上架的事项目录', shelfStatus: 0 });
    await matterEntry(d.orgCode, { catalogName: '不予开放的事项目录', openType: '3' });

    const all = await page({ sourceUnitCode: d.orgCode });
    expect(all.total).toBe(2);
    // Newest update first: the clinic's data was updated last.
    expect(all.records.map((r) => r.catalogName)).toEqual(['医疗机构名录', '出租汽车企业名录']);
    expect(all.records[0]).toMatchObject<Partial<ServiceMatterCard>>({
      id: clinic.id,
      departName: d.departName,
      implementationCode: '11330100MB0000502B4000138002',
      electronicLicense: '0',
      dataFormat: 'table',
    });
    expect((await page({ sourceUnitCode: d.orgCode, orderSc: 'asc' })).records[0].id).toBe(taxi.id);

    const names = async (body: Record<string, unknown>) =>
      (await page({ sourceUnitCode: d.orgCode, ...body })).records.map((r) => r.catalogName);
    expect(await names({ implementationCode: '0000502B' })).toEqual(['医疗机构名录']);
    expect(await names({ implementationName: '道路运输' })).toEqual(['出租汽车企业名录']);
    expect(await names({ catalogName: '出租' })).toEqual(['出租汽车企业名录']);
    expect(await names({ businessName: '执业登记' })).toEqual(['医疗机构名录']);
    expect(await names({ businessCode: taxiCode(await taxiMatter(taxi.id)) })).toEqual(['出租汽车企业名录']);
    expect(await names({ electronicLicense: ['1'] })).toEqual(['出租汽车企业名录']);
    expect(await names({ dataFormat: ['table', 'api'] })).toEqual(['医疗机构名录']);
    expect(await names({ updateFrequency: '3,1' })).toHaveLength(2);
    expect(await names({ implementationName: '%' })).toEqual([]);
    expect((await page({ sourceUnitCode: d.orgCode, pageNo: 2, pageSize: 1 })).records).toHaveLength(1);
  });

  it('answers bad filters with a Chinese 400', async () => {
    for (const [body, message] of [
      [{ electronicLicense: ['2'] }, '是否电子证照取值不正确'],
      [{ dataFormat: 'excel' }, '资源类型取值不正确'],
      [{ orderSc: 'up' }, '排序方向须为 asc 或 desc'],
      [{ implementationName: '长'.repeat(101) }, '实施清单名称不能超过 100 个字符'],
    ] as const) {
      const res = await call(ctx, 'POST', '/api/ServiceMatters/page', { body });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
    }
  });
});

async function taxiMatter(id: string) {
  const [row] = await ctx.db.select().from(catalogueServiceMatters).where(eq(catalogueServiceMatters.catalogId, id));
  return row;
}
const taxiCode = (row: typeof catalogueServiceMatters.$inferSelect) => row.businessCode;

describe('POST /api/resourceMarket/getServiceAmount', () => {
  it('counts per facet value, each with the other facets applied, for the given departments (JSON or form)', async () => {
    const a = await createDepart(ctx.db);
    const b = await createDepart(ctx.db);
    await matterEntry(a.orgCode, { updateFrequency: '1', dataFormat: 'file' }, { electronicLicense: '1' });
    await matterEntry(a.orgCode, { updateFrequency: '1', dataFormat: 'table' }, { electronicLicense: '0' });
    await matterEntry(b.orgCode, { updateFrequency: '3', dataFormat: 'api' }, { electronicLicense: '1' });
    await matterEntry(
      b.orgCode,
      { updateFrequency: '3', dataFormat: 'api', shelfStatus: 4 },
      { electronicLicense: '1' },
    );

    const json = await call<ServiceAmount>(ctx, 'POST', '/api/resourceMarket/getServiceAmount', {
      body: { sourceUnitList: [a.orgCode, b.orgCode] },
    });
    expect(json.status, json.body.message).toBe(200);
    expect(json.body.result.allNum).toBe(3);
    expect(json.body.result.facets).toEqual({
      updateFrequency: { '1': 2, '3': 1 },
      electronicLicense: { '1': 2, '0': 1 },
      dataFormat: { file: 1, table: 1, api: 1 },
    });
    expect(json.body.result.serviceNumList).toEqual(
      expect.arrayContaining([
        { serviceupdate1: 2 },
        { serviceupdate3: 1 },
        { electronicYesAmount: 2 },
        { electronicNoAmount: 1 },
        { tableAmount: 1 },
        { apiAmount: 1 },
        { fileAmount: 1 },
      ]),
    );

    const form = await ctx.app.inject({
      method: 'POST',
      url: `${ctx.base}/api/resourceMarket/getServiceAmount`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `sourceUnitList=${encodeURIComponent(a.orgCode)}&electronicLicense=1`,
    });
    expect(form.statusCode, form.body).toBe(200);
    const amount = form.json().result as ServiceAmount;
    // 是否电子证照 is chosen: its own counts ignore the choice, the others apply it.
    expect(amount.allNum).toBe(1);
    expect(amount.facets.electronicLicense).toEqual({ '1': 1, '0': 1 });
    expect(amount.facets.dataFormat).toEqual({ file: 1 });

    const repeated = await ctx.app.inject({
      method: 'POST',
      url: `${ctx.base}/api/resourceMarket/getServiceAmount`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `sourceUnitList=${a.orgCode}&sourceUnitList=${b.orgCode}`,
    });
    expect((repeated.json().result as ServiceAmount).allNum).toBe(3);

    // A new entry changes the kept answer at once.
    await matterEntry(b.orgCode, { updateFrequency: '3', dataFormat: 'api' }, { electronicLicense: '0' });
    const again = await call<ServiceAmount>(ctx, 'POST', '/api/resourceMarket/getServiceAmount', {
      body: { sourceUnitList: `${a.orgCode},${b.orgCode}` },
    });
    expect(again.body.result.allNum).toBe(4);

    const bodiless = await call<ServiceAmount>(ctx, 'POST', '/api/resourceMarket/getServiceAmount');
    expect(bodiless.status).toBe(200);
    expect(bodiless.body.result.allNum).toBeGreaterThanOrEqual(4);
    const bad = await call(ctx, 'POST', '/api/resourceMarket/getServiceAmount', {
      body: { sourceUnitList: ['x'.repeat(65)] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('部门编码不能超过 64 个字符');
  });
});

describe('getMatters, mechanismTree and the portal detail', () => {
  it('answers a public related entry’s service matter, 404 for any other', async () => {
    const d = await createDepart(ctx.db);
    const related = await matterEntry(d.orgCode, {}, { drivingLevel: '3', provideChannels: ['1', '2'] });
    const plain = await matterEntry(d.orgCode, {}, null);
    const hidden = await matterEntry(d.orgCode, { shelfStatus: 3 });

    const res = await call<ServiceMatterCard>(ctx, 'POST', '/api/ServiceMatters/getMatters', {
      query: { id: related.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ id: related.id, drivingLevel: '3', provideChannels: ['1', '2'] });
    for (const id of [plain.id, hidden.id, '00000000-0000-4000-8000-000000000000']) {
      const missing = await call(ctx, 'POST', '/api/ServiceMatters/getMatters', { query: { id } });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('该目录不存在、未公开或未关联政务服务');
    }
    const malformed = await call(ctx, 'POST', '/api/ServiceMatters/getMatters', { query: { id: 'x' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toContain('目录 ID格式不正确');

    const detail = await call<MarketDetail>(ctx, 'GET', '/api/resourceMarket/detail', { query: { id: related.id } });
    expect(detail.body.result.serviceMatter).toMatchObject({ drivingLevel: '3', provideChannels: ['1', '2'] });
    const plainDetail = await call<MarketDetail>(ctx, 'GET', '/api/resourceMarket/detail', { query: { id: plain.id } });
    expect(plainDetail.body.result.serviceMatter).toBeNull();
  });

  it('lists the departments with public service-matter entries, districts’ bureaux under their district', async () => {
    const district = await createDepart(ctx.db, { departName: '测试区' });
    const bureau = await createDepart(ctx.db, { departName: '测试区卫健局', parentId: district.id });
    const lonely = await createDepart(ctx.db, { departName: '只有未公开事项的部门' });
    await matterEntry(bureau.orgCode);
    await matterEntry(bureau.orgCode);
    await matterEntry(lonely.orgCode, { shelfStatus: 0 });

    const flat = await call<MechanismNode[]>(ctx, 'POST', '/api/ServiceMatters/mechanismTree');
    expect(flat.status).toBe(200);
    expect(flat.body.result).toContainEqual({ nodeName: '测试区卫健局', orgCode: bureau.orgCode, count: 2 });
    expect(flat.body.result.some((n) => n.orgCode === lonely.orgCode)).toBe(false);

    const tree = await call<MechanismNode[]>(ctx, 'POST', '/api/ServiceMatters/mechanismTree2');
    const group = tree.body.result.find((n) => n.orgCode === district.orgCode);
    expect(group).toMatchObject({ nodeName: '测试区', count: 2 });
    expect(group?.children).toEqual([{ nodeName: '测试区卫健局', orgCode: bureau.orgCode, count: 2 }]);
  });
});

describe('the 事项主线目录 tab of site search', () => {
  it('finds public service-matter entries by name, service names and codes; other entries only in 数据目录', async () => {
    const d = await createDepart(ctx.db);
    const related = await matterEntry(
      d.orgCode,
      { catalogName: '滨江网约车平台名录' },
      {
        businessName: '网络预约出租汽车驾驶员证核发',
        implementationName: '网络预约出租汽车经营许可',
        implementationCode: '11330100MB0000309R4000117005',
      },
    );
    // The vector is built when the entry is indexed; the matter went in after it.
    const { refreshSearchIndex } = await import('../../platform/search/indexer.js');
    const { catalogueSearch } = await import('../catalogue/search.js');
    await refreshSearchIndex(ctx.db, catalogueSearch, [related.id]);
    await matterEntry(d.orgCode, { catalogName: '滨江网约车订单统计' }, null);

    const search = async (text: string, type = 'matters') => {
      const res = await call<SiteSearchResult>(ctx, 'GET', '/api/search/site', { query: { search: text, type } });
      expect(res.status, res.body.message).toBe(200);
      expect(res.body.result.kind).toBe('cards');
      return res.body.result as SiteSearchResult & { page: MarketPage };
    };
    const byName = await search('滨江网约车');
    expect(byName.page.records.map((r) => r.id)).toEqual([related.id]);
    expect(byName.page.records[0].service).toMatchObject({ implementationName: '网络预约出租汽车经营许可' });
    // The catalogue's two tabs come first; other content types follow as their modules provide them.
    expect(byName.tabs.slice(0, 2).map((t) => [t.type, t.label, t.total])).toEqual([
      ['catalogue', '数据目录', 2],
      ['matters', '事项主线目录', 1],
    ]);
    expect((await search('驾驶员证核发')).page.records.map((r) => r.id)).toEqual([related.id]);
    expect((await search('11330100MB0000309R4000117005')).page.records.map((r) => r.id)).toEqual([related.id]);
    expect((await search('11330100mb0000309r40001')).page.records.map((r) => r.id)).toEqual([related.id]);
    expect((await search('滨江网约车', 'catalogue')).page.total).toBe(2);
  });
});
