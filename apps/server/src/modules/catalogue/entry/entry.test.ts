import type { CatalogueDetail, CatalogueItem, CatalogueLogItem, LifecycleResult, Page } from '@odp/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSystems, catalogueItems, catalogues, categories, logs } from '../../../db/schema/index.js';
import { createCatalogue, entryInput } from '../../../test/catalogue.js';
import { createDepart, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { seedCategories } from '../category/seed.js';
import { logRowsOf } from '../lifecycle/history.js';

let ctx: TestContext;
let deptA: { id: string; orgCode: string; departName: string };
let deptB: { id: string; orgCode: string; departName: string };
let officerA: string;
let officerB: string;
let reviewer: string;
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedCategories(ctx.db);
  deptA = await createDepart(ctx.db, { orgCode: `BJ${Math.floor(Math.random() * 900 + 100)}A` });
  deptB = await createDepart(ctx.db);
  officerA = (await signedIn(ctx, { roles: ['dept_admin'], departs: [deptA] })).token;
  officerB = (await signedIn(ctx, { roles: ['dept_admin'], departs: [deptB] })).token;
  reviewer = (await signedIn(ctx, { roles: ['reviewer'], departs: [deptA] })).token;
  adminToken = (await signedIn(ctx, { roles: ['admin'], departs: [deptA] })).token;
});
afterAll(() => ctx.close());

const countEntries = async () => (await ctx.db.select({ n: count() }).from(catalogues))[0].n;
const save = (token: string | undefined, body: unknown) =>
  call<CatalogueDetail>(ctx, 'POST', '/api/cataLog/save', { token, body });

describe('POST /api/cataLog/save', () => {
  it('needs a token and catalog:add', async () => {
    expect((await save(undefined, entryInput())).status).toBe(401);
    expect((await save(reviewer, entryInput())).status).toBe(403);
  });

  it("creates a draft of the caller's department with a code, numbered items, a log row and a search vector", async () => {
    const input = entryInput({
      keyAreasType: '6',
      dataList: [
        { ...entryInput().dataList[0], name: '站点名称' },
        { ...entryInput().dataList[0], name: '站点经度', enName: 'lng', primaryKey: false },
      ],
    });
    const res = await save(officerA, { ...input, orgCode: deptB.orgCode });
    expect(res.status).toBe(200);
    const entry = res.body.result;
    expect(entry).toMatchObject({
      catalogName: input.catalogName,
      orgCode: deptA.orgCode,
      departName: deptA.departName,
      catalogStatus: 0,
      shelfStatus: 0,
      editable: true,
    });
    expect(entry.actions).toEqual(['submit']);
    const digits = deptA.orgCode.replace(/\D/g, '').slice(-3).padStart(3, '0');
    expect(entry.catalogCode).toMatch(new RegExp(`^3-06-${digits}-\\d{4}$`));
    expect(entry.dataList.map((d) => [d.serialNumber, d.name])).toEqual([
      [1, '站点名称'],
      [2, '站点经度'],
    ]);
    const [log] = await logRowsOf(ctx.db, entry.id);
    expect(log).toMatchObject({ action: 'create', toCatalogStatus: 0, toShelfStatus: 0, orgCode: deptA.orgCode });
    const [op] = await ctx.db
      .select()
      .from(logs)
      .where(and(eq(logs.target, entry.id), eq(logs.operateType, 'catalog:create')));
    expect(op).toBeTruthy();
    const [hit] = await ctx.db
      .select({ id: catalogues.id })
      .from(catalogues)
      .where(sql`${catalogues.searchVector} @@ '站点'::tsquery and ${catalogues.id} = ${entry.id}`);
    expect(hit?.id).toBe(entry.id);
  });

  it('uses the class digit of 基础库 and 专题库', async () => {
    const base = await save(officerA, entryInput({ baseLibrary: '1', keyAreasType: '12' }));
    expect(base.body.result.catalogCode).toMatch(/^1-12-/);
    const topic = await save(officerA, entryInput({ baseLibrary: '2', keyAreasType: '3' }));
    expect(topic.body.result.catalogCode).toMatch(/^2-03-/);
  });

  it('lets a reviewer-level caller choose the department, and refuses an unknown one', async () => {
    const res = await save(adminToken, entryInput({ orgCode: deptB.orgCode }));
    expect(res.status).toBe(200);
    expect(res.body.result.orgCode).toBe(deptB.orgCode);
    const bad = await save(adminToken, entryInput({ orgCode: 'NOPE999' }));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('数源单位不存在');
  });

  it('refuses a caller without a department', async () => {
    const { token } = await signedIn(ctx, { roles: ['dept_admin'] });
    const res = await save(token, entryInput());
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('您尚未归属部门,请确认账号信息');
  });

  it('answers 400 in Chinese and writes nothing when a conditional rule fails', async () => {
    const before = await countEntries();
    const item = entryInput().dataList[0];
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ shareType: '20' }, /请填写共享条件/],
      [{ shareType: '30' }, /请填写不予共享依据/],
      [{ openType: '2' }, /请填写开放条件/],
      [{ keyAreasType: '21' }, /请填写备注/],
      [{ updateFrequency: '1', inputFrequency: null }, /每日更新请填写更新时间/],
      [{ updateFrequency: '2', inputFrequency: '9' }, /星期几/],
      [{ informationSummary: '太短的摘要' }, /不能少于 20 个字符/],
      [{ catalogName: '' }, /请输入信息资源名称/],
      [{ dataList: [item, { ...item }] }, /信息项名称“线路名称”重复/],
      [{ dataList: [{ ...item, name: 'abc' }] }, /信息项名称须为中文/],
      [{ dataList: [{ ...item, shareProperty: '20' }] }, /请填写共享条件/],
      [{ categoryId: '00000000-0000-4000-8000-000000000000' }, /所选资源分类不存在/],
      [{ contactPhone: '12' }, /联系电话格式不正确/],
    ];
    for (const [patch, message] of cases) {
      const res = await save(officerA, entryInput(patch));
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.message, JSON.stringify(patch)).toMatch(message);
    }
    expect(await countEntries()).toBe(before);
  });

  it('keeps names unique within a department only', async () => {
    const input = entryInput();
    expect((await save(officerA, input)).status).toBe(200);
    const again = await save(officerA, input);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('本部门已存在同名目录');
    expect((await save(officerB, input)).status).toBe(200);
  });

  it('files the entry under a category node', async () => {
    const [node] = await ctx.db.select().from(categories).where(eq(categories.categoryName, '交通出行'));
    const res = await save(officerA, entryInput({ categoryId: node.id }));
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ categoryId: node.id, categoryName: '交通出行' });
  });

  it('gives 20 concurrent saves 20 different codes', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        save(officerA, entryInput({ catalogName: `并发目录${i}`, keyAreasType: '9' })),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const codes = results.map((r) => r.body.result.catalogCode);
    expect(new Set(codes).size).toBe(20);
    const numbers = codes.map((c) => Number(c.slice(-4))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => numbers[0] + i));
  });
});

describe('数源应用系统', () => {
  it('must be an enabled system of the entry’s department; nothing is written otherwise', async () => {
    await ctx.db.insert(appSystems).values([
      { appName: '公交调度系统', orgCode: deptA.orgCode, state: '1' },
      { appName: '旧票务系统', orgCode: deptA.orgCode, state: '0' },
      { appName: '医保结算系统', orgCode: deptB.orgCode, state: '1' },
    ]);
    const before = await countEntries();
    for (const sourceSystem of ['不存在的系统', '旧票务系统', '医保结算系统']) {
      const res = await save(officerA, entryInput({ sourceSystem }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('数源应用系统须为本部门已启用的应用系统（在“系统维护”中登记）');
    }
    expect(await countEntries()).toBe(before);
    const ok = await save(officerA, entryInput({ sourceSystem: '公交调度系统' }));
    expect(ok.status).toBe(200);
    expect(ok.body.result.sourceSystem).toBe('公交调度系统');
  });

  it('lets an entry keep a system it already names after the system is closed', async () => {
    const created = await save(officerA, entryInput({ sourceSystem: '公交调度系统' }));
    await ctx.db.update(appSystems).set({ state: '0' }).where(eq(appSystems.appName, '公交调度系统'));
    try {
      const entry = created.body.result;
      const kept = await call(ctx, 'POST', '/api/cataLog/update', {
        token: officerA,
        body: { ...entryInput({ sourceSystem: '公交调度系统' }), id: entry.id, catalogName: entry.catalogName },
      });
      expect(kept.status).toBe(200);
    } finally {
      await ctx.db.update(appSystems).set({ state: '1' }).where(eq(appSystems.appName, '公交调度系统'));
    }
  });
});

describe('POST /api/cataLog/update', () => {
  it('edits an own draft and replaces its data items', async () => {
    const created = (await save(officerA, entryInput())).body.result;
    const item = entryInput().dataList[0];
    const res = await call<CatalogueDetail>(ctx, 'POST', '/api/cataLog/update', {
      token: officerA,
      body: {
        ...entryInput({ catalogName: `${created.catalogName}改`, dataList: [{ ...item, name: '新字段' }] }),
        id: created.id,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.result.catalogName).toBe(`${created.catalogName}改`);
    expect(res.body.result.catalogCode).toBe(created.catalogCode);
    const items = await ctx.db.select().from(catalogueItems).where(eq(catalogueItems.catalogId, created.id));
    expect(items.map((i) => [i.serialNumber, i.name])).toEqual([[1, '新字段']]);
    const actions = (await logRowsOf(ctx.db, created.id)).map((l) => l.action);
    expect(actions.sort()).toEqual(['create', 'update']);
  });

  it('is refused while a review is pending, for another department and for a taken name', async () => {
    const update = (token: string, id: string, patch = {}) =>
      call(ctx, 'POST', '/api/cataLog/update', { token, body: { ...entryInput(patch), id } });
    const pending = await createCatalogue(ctx.db, { orgCode: deptA.orgCode, catalogStatus: 1 });
    const r1 = await update(officerA, pending.id);
    expect(r1.status).toBe(400);
    expect(r1.body.message).toBe('目录审核中，暂不能编辑');
    const up = await createCatalogue(ctx.db, { orgCode: deptA.orgCode, catalogStatus: 2, shelfStatus: 1 });
    expect((await update(officerA, up.id)).body.message).toBe('目录上架审核中，暂不能编辑');
    const foreign = await createCatalogue(ctx.db, { orgCode: deptB.orgCode });
    const r2 = await update(officerA, foreign.id);
    expect(r2.status).toBe(403);
    expect(r2.body.message).toBe('只能操作本部门的目录');
    const mine = await createCatalogue(ctx.db, { orgCode: deptA.orgCode });
    const taken = await createCatalogue(ctx.db, { orgCode: deptA.orgCode });
    const r3 = await update(officerA, mine.id, { catalogName: taken.catalogName });
    expect(r3.status).toBe(400);
    expect(r3.body.message).toBe('本部门已存在同名目录');
    const [unchanged] = await ctx.db.select().from(catalogues).where(eq(catalogues.id, mine.id));
    expect(unchanged.catalogName).toBe(mine.catalogName);
    expect((await update(reviewer, mine.id)).status).toBe(403);
  });
});

describe('lists, detail and scope', () => {
  it("shows an officer only their department's entries, with actions; reviewers see all", async () => {
    const a = await createCatalogue(ctx.db, { orgCode: deptA.orgCode, catalogName: '范围测试甲' });
    const b = await createCatalogue(ctx.db, { orgCode: deptB.orgCode, catalogName: '范围测试乙' });
    const page = (token: string, body = {}) =>
      call<Page<CatalogueItem>>(ctx, 'POST', '/api/cataLog/page', {
        token,
        body: { catalogName: '范围测试', pageNo: 1, pageSize: 50, ...body },
      });
    const mine = await page(officerA);
    expect(mine.status).toBe(200);
    expect(mine.body.result.records.map((r) => r.id)).toEqual([a.id]);
    expect(mine.body.result.records[0]).toMatchObject({ editable: true, actions: ['submit'] });
    const all = await page(reviewer);
    expect(all.body.result.records.map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    expect(all.body.result.records.every((r) => r.editable === false)).toBe(true);
    const filtered = await page(reviewer, { orgCode: deptB.orgCode });
    expect(filtered.body.result.records.map((r) => r.id)).toEqual([b.id]);
    expect((await page(officerA, { sort: 'search_vector' })).status).toBe(400);
    const citizen = await signedIn(ctx, { roles: ['registered'] });
    expect((await page(citizen.token)).status).toBe(403);
    expect((await call(ctx, 'POST', '/api/cataLog/page', { body: {} })).status).toBe(401);
  });

  it('hides deleted entries unless asked for by status', async () => {
    const gone = await createCatalogue(ctx.db, {
      orgCode: deptA.orgCode,
      catalogName: '已删除的目录',
      catalogStatus: 2,
      shelfStatus: 9,
    });
    const list = async (body: object) =>
      (
        await call<Page<CatalogueItem>>(ctx, 'POST', '/api/cataLog/page', {
          token: adminToken,
          body: { catalogName: '已删除的目录', ...body },
        })
      ).body.result.records.map((r) => r.id);
    expect(await list({})).toEqual([]);
    expect(await list({ shelfStatus: 9 })).toEqual([gone.id]);
  });

  it('keeps the unnamed list total current through inserts, status changes and deletion', async () => {
    const depart = await createDepart(ctx.db);
    const officer = (await signedIn(ctx, { roles: ['dept_admin'], departs: [depart] })).token;
    const total = async (body: object = {}) =>
      (await call<Page<CatalogueItem>>(ctx, 'POST', '/api/cataLog/page', { token: officer, body })).body.result.total;
    expect(await total()).toBe(0);
    const first = await createCatalogue(ctx.db, { orgCode: depart.orgCode });
    await createCatalogue(ctx.db, { orgCode: depart.orgCode });
    expect(await total()).toBe(2);
    expect(await total({ catalogStatus: 0 })).toBe(2);
    await ctx.db.update(catalogues).set({ catalogStatus: 1 }).where(eq(catalogues.id, first.id));
    expect(await total({ catalogStatus: 0 })).toBe(1);
    expect(await total({ catalogStatus: 1 })).toBe(1);
    await ctx.db.update(catalogues).set({ shelfStatus: 9 }).where(eq(catalogues.id, first.id));
    expect(await total()).toBe(1);
  });

  it("lists the caller's department's drafts", async () => {
    const draft = await createCatalogue(ctx.db, { orgCode: deptA.orgCode });
    const submitted = await createCatalogue(ctx.db, { orgCode: deptA.orgCode, catalogStatus: 1 });
    const foreign = await createCatalogue(ctx.db, { orgCode: deptB.orgCode });
    const res = await call<Page<CatalogueItem>>(ctx, 'POST', '/api/cataLog/draftsPage', {
      token: officerA,
      body: { pageSize: 200 },
    });
    const ids = res.body.result.records.map((r) => r.id);
    expect(ids).toContain(draft.id);
    expect(ids).not.toContain(submitted.id);
    expect(ids).not.toContain(foreign.id);
  });

  it("gives the detail with data items and files, and refuses another department's", async () => {
    const own = await createCatalogue(ctx.db, { orgCode: deptA.orgCode, items: ['姓名', '地址'] });
    for (const path of ['/api/cataLog/get', '/api/cataLog/view']) {
      const res = await call<CatalogueDetail>(ctx, 'GET', path, { token: officerA, query: { id: own.id } });
      expect(res.status).toBe(200);
      expect(res.body.result.dataList.map((d) => d.name)).toEqual(['姓名', '地址']);
      expect(res.body.result.files).toEqual([]);
      expect(res.body.result.viewNum).toBe(0);
    }
    const foreign = await createCatalogue(ctx.db, { orgCode: deptB.orgCode });
    const res = await call(ctx, 'GET', '/api/cataLog/get', { token: officerA, query: { id: foreign.id } });
    expect(res.status).toBe(403);
    expect((await call(ctx, 'GET', '/api/cataLog/view', { token: reviewer, query: { id: foreign.id } })).status).toBe(
      200,
    );
    const missing = await call(ctx, 'GET', '/api/cataLog/get', {
      token: officerA,
      query: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.status).toBe(404);
  });
});

describe('copy and delete', () => {
  it('copies an entry with its items as a new draft', async () => {
    const source = await createCatalogue(ctx.db, {
      orgCode: deptA.orgCode,
      catalogStatus: 2,
      shelfStatus: 2,
      items: ['字段一'],
    });
    const copy = (token: string) =>
      call<CatalogueDetail>(ctx, 'POST', '/api/cataLog/copyCatalog', { token, body: { id: source.id } });
    const first = await copy(officerA);
    expect(first.status).toBe(200);
    expect(first.body.result).toMatchObject({
      catalogName: `${source.catalogName}（副本）`,
      catalogStatus: 0,
      shelfStatus: 0,
      orgCode: deptA.orgCode,
    });
    expect(first.body.result.catalogCode).not.toBe(source.catalogCode);
    expect(first.body.result.dataList.map((d) => d.name)).toEqual(['字段一']);
    expect((await copy(officerA)).body.result.catalogName).toBe(`${source.catalogName}（副本2）`);
    const [log] = await logRowsOf(ctx.db, first.body.result.id);
    expect(log.action).toBe('copy');
    expect((await copy(officerB)).status).toBe(403);
  });

  it('deletes own drafts for good and refuses other states to officers', async () => {
    const draft = await createCatalogue(ctx.db, { orgCode: deptA.orgCode });
    const approved = await createCatalogue(ctx.db, { orgCode: deptA.orgCode, catalogStatus: 2 });
    const foreign = await createCatalogue(ctx.db, { orgCode: deptB.orgCode });
    const res = await call<LifecycleResult>(ctx, 'POST', '/api/cataLog/deleteBatch', {
      token: officerA,
      body: { ids: [draft.id, approved.id, foreign.id] },
    });
    expect(res.status).toBe(200);
    expect(res.body.result.succeeded).toEqual([draft.id]);
    expect(res.body.result.refused).toEqual([
      { id: foreign.id, reason: '只能操作本部门的目录' },
      { id: approved.id, reason: '没有删除的权限' },
    ]);
    expect(await ctx.db.select().from(catalogues).where(eq(catalogues.id, draft.id))).toHaveLength(0);
    expect((await ctx.db.select().from(catalogues).where(eq(catalogues.id, approved.id)))[0].shelfStatus).toBe(0);
  });

  it('soft-deletes other entries for an administrator', async () => {
    const approved = await createCatalogue(ctx.db, { orgCode: deptB.orgCode, catalogStatus: 2, shelfStatus: 2 });
    const res = await call(ctx, 'POST', '/api/cataLog/deleteBatch', {
      token: adminToken,
      body: { ids: approved.id },
    });
    expect(res.status).toBe(200);
    expect((await ctx.db.select().from(catalogues).where(eq(catalogues.id, approved.id)))[0]).toMatchObject({
      shelfStatus: 9,
      shelfStatusBeforeDelete: 2,
    });
  });

  it('draftsDel deletes drafts only', async () => {
    const approved = await createCatalogue(ctx.db, { orgCode: deptA.orgCode, catalogStatus: 2 });
    const res = await call(ctx, 'POST', '/api/cataLog/draftsDel', { token: adminToken, body: { ids: [approved.id] } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('只能删除草稿');
    const draft = await createCatalogue(ctx.db, { orgCode: deptA.orgCode });
    const ok = await call(ctx, 'POST', '/api/cataLog/draftsDel', { token: officerA, body: { ids: [draft.id] } });
    expect(ok.status).toBe(200);
  });
});

describe('编目日志', () => {
  it("lists one entry's log and the global log within the caller's scope", async () => {
    const created = (await save(officerA, entryInput({ catalogName: '日志测试目录' }))).body.result;
    await call(ctx, 'POST', '/api/flowcatalog/submitCatalog', { token: officerA, body: { ids: [created.id] } });
    const byId = await call<CatalogueLogItem[]>(ctx, 'GET', '/api/cataLog/getLogById', {
      token: officerA,
      query: { id: created.id },
    });
    expect(byId.status).toBe(200);
    expect(byId.body.result.map((l) => [l.action, l.actionLabel])).toEqual([
      ['submit', '提交审核'],
      ['create', '新建目录'],
    ]);
    expect(byId.body.result[0]).toMatchObject({
      fromCatalogStatus: 0,
      toCatalogStatus: 1,
      catalogName: '日志测试目录',
    });
    expect(
      (await call(ctx, 'GET', '/api/cataLog/getLogById', { token: officerB, query: { id: created.id } })).status,
    ).toBe(403);

    const global = (token: string) =>
      call<Page<CatalogueLogItem>>(ctx, 'POST', '/api/cataLog/logPage', {
        token,
        body: { catalogName: '日志测试', action: 'submit', startTime: '2020-01-01', endTime: '2999-12-31' },
      });
    expect((await global(officerA)).body.result.total).toBe(1);
    expect((await global(reviewer)).body.result.total).toBe(1);
    expect((await global(officerB)).body.result.total).toBe(0);
  });
});
