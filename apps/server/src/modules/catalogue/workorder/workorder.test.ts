import type { CatalogueDetail, CatalogueTodo, LifecycleResult, Page, WorkOrderItem } from '@odp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessMessages, catalogues } from '../../../db/schema/index.js';
import { createCatalogue, entryInput } from '../../../test/catalogue.js';
import { createDepart, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { menuBadges } from '../manifest.js';
import { workOrdersOf } from './repository.js';
import { pendingWorkOrderCount } from './service.js';

let ctx: TestContext;
let depart: { id: string; orgCode: string; departName: string };
let officer: { user: { id: string }; token: string };
let reviewer: string;
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestApp();
  depart = await createDepart(ctx.db);
  officer = await signedIn(ctx, { roles: ['dept_admin'], departs: [depart] });
  reviewer = (await signedIn(ctx, { roles: ['reviewer'], departs: [depart] })).token;
  adminToken = (await signedIn(ctx, { roles: ['admin'], departs: [depart] })).token;
});
afterAll(() => ctx.close());

const stateOf = async (id: string) => (await ctx.db.select().from(catalogues).where(eq(catalogues.id, id)))[0];
const flow = (path: string, ids: string[], body: object = {}) =>
  call<LifecycleResult>(ctx, 'POST', `/api/flowcatalog/${path}`, { token: officer.token, body: { ids, ...body } });
const complete = (dataId: string, comment?: string) =>
  call<LifecycleResult>(ctx, 'POST', '/flowable/task/completeByDataId', { token: reviewer, body: { dataId, comment } });
const reject = (dataId: string, comment?: string) =>
  call<LifecycleResult>(ctx, 'POST', '/flowable/task/taskRejectByDataId', {
    token: reviewer,
    body: { dataId, comment },
  });
const list = (body: object, token = reviewer) =>
  call<Page<WorkOrderItem>>(ctx, 'POST', '/api/workcatalog/list', { token, body });

describe('the review round trip', () => {
  it('catalogue review, on-shelf review and off-shelf review, each notifying the submitter', async () => {
    const saved = await call<CatalogueDetail>(ctx, 'POST', '/api/cataLog/save', {
      token: officer.token,
      body: entryInput({ catalogName: '公交线路站点' }),
    });
    const id = saved.body.result.id;
    const pendingBefore = await pendingWorkOrderCount(ctx.db);
    expect((await flow('submitCatalog', [id])).status).toBe(200);
    expect(await pendingWorkOrderCount(ctx.db)).toBe(pendingBefore + 1);
    expect(await menuBadges['/review/catalogue'](ctx.db)).toBe(pendingBefore + 1);

    const pending = await list({ type: 1, catalogName: '公交线路' });
    expect(pending.status).toBe(200);
    expect(pending.body.result.records).toHaveLength(1);
    expect(pending.body.result.records[0]).toMatchObject({
      catalogId: id,
      catalogName: '公交线路站点',
      catalogCode: saved.body.result.catalogCode,
      orderType: 'catalog',
      typeLabel: '编目审核',
      launchOrgCode: depart.orgCode,
      launchDepartName: depart.departName,
      submitter: expect.stringContaining('测试用户'),
      approvalTime: null,
      decision: null,
    });

    const approved = await complete(id, '同意');
    expect(approved.status).toBe(200);
    expect(approved.body.result).toEqual({ succeeded: [id], refused: [] });
    expect(await stateOf(id)).toMatchObject({ catalogStatus: 2, shelfStatus: 0 });
    expect(await pendingWorkOrderCount(ctx.db)).toBe(pendingBefore);

    const done = await list({ type: 2, catalogName: '公交线路' });
    expect(done.body.result.records[0]).toMatchObject({
      orderType: 'catalog',
      decision: 'approve',
      decisionLabel: '通过',
      comment: '同意',
      status: 2,
    });
    expect(done.body.result.records[0].approvalTime).toBeTruthy();

    expect((await flow('submitOpenCatalogUpShelf', [id])).status).toBe(200);
    expect((await list({ type: 1, orderType: 'upShelf', catalogName: '公交线路' })).body.result.records).toHaveLength(
      1,
    );
    expect((await complete(id)).status).toBe(200);
    const onShelf = await stateOf(id);
    expect(onShelf.shelfStatus).toBe(2);
    expect(onShelf.releaseTime).toBeInstanceOf(Date);

    expect((await flow('submitopenCatalogOffShelf', [id], { comment: '数据停更', reason: '1' })).status).toBe(200);
    const offOrder = (await list({ type: 1, orderType: 'offShelf', catalogName: '公交线路' })).body.result.records[0];
    expect(offOrder.payload).toMatchObject({ reason: '1', reasonLabel: '数据已过时，不再更新' });
    const noComment = await reject(id);
    expect(noComment.status).toBe(400);
    expect(noComment.body.message).toBe('请填写驳回意见');
    expect((await stateOf(id)).shelfStatus).toBe(3);
    expect((await reject(id, '数据仍在使用')).status).toBe(200);
    expect((await stateOf(id)).shelfStatus).toBe(2);

    const notices = await ctx.db.select().from(businessMessages).where(eq(businessMessages.busId, id));
    expect(notices.map((n) => n.title).sort()).toEqual(
      ['目录“公交线路站点”审核通过', '目录“公交线路站点”上架审核通过', '目录“公交线路站点”下架申请被驳回'].sort(),
    );
    expect(notices.every((n) => n.userId === officer.user.id)).toBe(true);
    expect(notices.map((n) => n.messageType).sort()).toEqual([
      'catalogue_review',
      'catalogue_shelf',
      'catalogue_shelf',
    ]);

    const bell = await call<{ sysMsgList: { titile: string }[] }>(ctx, 'GET', '/sys/annountCement/listByUser', {
      token: officer.token,
    });
    expect(bell.status).toBe(200);
    expect(bell.body.result.sysMsgList.map((m) => m.titile)).toContain('目录“公交线路站点”审核通过');
  });

  it('rejects a catalogue review with the reason, back to 审核不通过', async () => {
    const row = await createCatalogue(ctx.db, { orgCode: depart.orgCode });
    await flow('submitCatalog', [row.id]);
    const res = await reject(row.id, '摘要不完整');
    expect(res.status).toBe(200);
    expect((await stateOf(row.id)).catalogStatus).toBe(3);
    const [order] = await workOrdersOf(ctx.db, row.id);
    expect(order).toMatchObject({ status: 2, decision: 'reject', comment: '摘要不完整' });
  });

  it('answers 400 when nothing of the entry waits for review', async () => {
    const row = await createCatalogue(ctx.db, { orgCode: depart.orgCode });
    const res = await complete(row.id);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('该目录没有待处理的审核');
  });

  it('decides in batch, per id', async () => {
    const a = await createCatalogue(ctx.db, { orgCode: depart.orgCode });
    const b = await createCatalogue(ctx.db, { orgCode: depart.orgCode });
    const idle = await createCatalogue(ctx.db, { orgCode: depart.orgCode });
    await flow('submitCatalog', [a.id, b.id]);
    const res = await call<LifecycleResult>(ctx, 'POST', '/flowable/task/batchCompleteByDataId', {
      token: reviewer,
      body: { dataIds: [a.id, idle.id] },
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({
      succeeded: [a.id],
      refused: [{ id: idle.id, reason: '该目录没有待处理的审核' }],
    });
    const noComment = await call(ctx, 'POST', '/flowable/task/batchTaskRejectByDataId', {
      token: reviewer,
      body: { dataIds: [b.id] },
    });
    expect(noComment.status).toBe(400);
    const rejected = await call(ctx, 'POST', '/flowable/task/batchTaskRejectByDataId', {
      token: reviewer,
      body: { dataIds: [b.id], comment: '请补充信息项' },
    });
    expect(rejected.status).toBe(200);
    expect((await stateOf(a.id)).catalogStatus).toBe(2);
    expect((await stateOf(b.id)).catalogStatus).toBe(3);
  });

  it('hides the work orders of deleted entries until they are recovered', async () => {
    const row = await createCatalogue(ctx.db, { orgCode: depart.orgCode, catalogName: '将被删除的目录' });
    await flow('submitCatalog', [row.id]);
    const before = await pendingWorkOrderCount(ctx.db);
    await call(ctx, 'POST', '/api/flowcatalog/delete', { token: adminToken, body: { ids: [row.id] } });
    expect(await pendingWorkOrderCount(ctx.db)).toBe(before - 1);
    expect((await list({ type: 1, catalogName: '将被删除' })).body.result.total).toBe(0);
    await call(ctx, 'POST', '/api/flowcatalog/recover', { token: adminToken, body: { ids: [row.id] } });
    expect(await pendingWorkOrderCount(ctx.db)).toBe(before);
  });
});

describe('permissions', () => {
  it('the work list needs catalog:workorder and decisions catalog:review', async () => {
    expect((await call(ctx, 'POST', '/api/workcatalog/list', { body: {} })).status).toBe(401);
    expect((await list({ type: 1 }, officer.token)).status).toBe(403);
    const row = await createCatalogue(ctx.db, { orgCode: depart.orgCode, catalogStatus: 1 });
    const res = await call(ctx, 'POST', '/flowable/task/completeByDataId', {
      token: officer.token,
      body: { dataId: row.id },
    });
    expect(res.status).toBe(403);
    expect((await stateOf(row.id)).catalogStatus).toBe(1);
    expect((await list({ type: 3 })).status).toBe(400);
  });
});

describe('GET /api/workcatalog/todo', () => {
  it("counts the reviewer's pending work and the department's entries needing attention", async () => {
    const fresh = await createDepart(ctx.db);
    const me = await signedIn(ctx, { roles: ['dept_admin'], departs: [fresh] });
    await createCatalogue(ctx.db, { orgCode: fresh.orgCode });
    await createCatalogue(ctx.db, { orgCode: fresh.orgCode });
    await createCatalogue(ctx.db, { orgCode: fresh.orgCode, catalogStatus: 3 });
    await createCatalogue(ctx.db, { orgCode: fresh.orgCode, catalogStatus: 2 });
    await createCatalogue(ctx.db, { orgCode: fresh.orgCode, catalogStatus: 2, shelfStatus: 1 });
    const mine = await call<CatalogueTodo>(ctx, 'GET', '/api/workcatalog/todo', { token: me.token });
    expect(mine.status).toBe(200);
    expect(mine.body.result).toEqual({
      pendingReview: 0,
      myDrafts: 2,
      myRejected: 1,
      myPendingShelf: 1,
      myInReview: 1,
    });
    const rev = await call<CatalogueTodo>(ctx, 'GET', '/api/workcatalog/todo', { token: reviewer });
    expect(rev.body.result.pendingReview).toBe(await pendingWorkOrderCount(ctx.db));
    expect((await call(ctx, 'GET', '/api/workcatalog/todo')).status).toBe(401);
  });
});
