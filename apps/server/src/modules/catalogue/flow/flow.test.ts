import {
  CatalogStatus,
  type CatalogueAction,
  type LifecycleResult,
  refusal,
  ShelfStatus,
  TRANSITIONS,
  type WorkOrderType,
} from '@odp/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessMessages, catalogues, logs, workflowTasks } from '../../../db/schema/index.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { actorOfUser, createCatalogue } from '../../../test/catalogue.js';
import { createDepart, createUser, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { logRowsOf } from '../lifecycle/history.js';
import { transitionMany } from '../lifecycle/service.js';
import { workOrdersOf } from '../workorder/repository.js';
import { pendingReviewOf } from '../workorder/service.js';

let ctx: TestContext;
let depart: { id: string; orgCode: string; departName: string };
let other: { id: string; orgCode: string };
let admin: Actor;
let officer: { user: { id: string }; token: string };

beforeAll(async () => {
  ctx = await createTestApp();
  depart = await createDepart(ctx.db);
  other = await createDepart(ctx.db);
  admin = await actorOfUser(ctx.db, await createUser(ctx.db, { roles: ['admin'], departs: [depart] }));
  officer = await signedIn(ctx, { roles: ['dept_admin'], departs: [depart] });
});
afterAll(() => ctx.close());

const entryState = async (id: string) => (await ctx.db.select().from(catalogues).where(eq(catalogues.id, id)))[0];
const logsOf = (id: string) => logRowsOf(ctx.db, id);
const ordersOf = (id: string) => workOrdersOf(ctx.db, id);
const noticesOf = (id: string) => ctx.db.select().from(businessMessages).where(eq(businessMessages.busId, id));

/** An entry in the given state with the open work order that state implies, submitted by the officer. */
async function entryIn(catalogStatus: number, shelfStatus: number) {
  const row = await createCatalogue(ctx.db, {
    orgCode: depart.orgCode,
    catalogStatus,
    shelfStatus,
    shelfStatusBeforeDelete: shelfStatus === ShelfStatus.deleted ? ShelfStatus.down : null,
  });
  const review = pendingReviewOf({ catalogStatus, shelfStatus });
  if (review) {
    await ctx.db.insert(workflowTasks).values({
      subjectType: 'catalogue',
      subjectId: row.id,
      taskType: review,
      ownerOrgCode: depart.orgCode,
      assigneeRole: 'reviewer',
      submitterId: officer.user.id,
    });
  }
  return row;
}

const CATALOG_STATES = Object.values(CatalogStatus);
const SHELF_STATES = Object.values(ShelfStatus);
const STATES = CATALOG_STATES.flatMap((c) => SHELF_STATES.map((s) => ({ catalogStatus: c, shelfStatus: s })));
const DECISION_ACTIONS: CatalogueAction[] = [
  'approve',
  'reject',
  'upShelfApprove',
  'upShelfReject',
  'offShelfApprove',
  'offShelfReject',
];

describe('every transition from every state (service, as administrator)', () => {
  it.each(TRANSITIONS.map((t) => [t.action, t] as const))('%s', async (_name, t) => {
    let allowed = 0;
    for (const state of STATES) {
      const row = await entryIn(state.catalogStatus, state.shelfStatus);
      const ordersBefore = await ordersOf(row.id);
      const result = await transitionMany(ctx.db, admin, [row.id], t.action, { comment: '测试意见' });
      const expected = refusal(t, state);
      const after = await entryState(row.id);
      const label = `${t.action} from ${state.catalogStatus}/${state.shelfStatus}`;
      if (expected) {
        expect(result, label).toEqual({ succeeded: [], refused: [{ id: row.id, reason: expected }] });
        expect(after.catalogStatus, label).toBe(state.catalogStatus);
        expect(after.shelfStatus, label).toBe(state.shelfStatus);
        expect(await logsOf(row.id), label).toHaveLength(0);
        expect(await ordersOf(row.id), label).toEqual(ordersBefore);
        expect(await noticesOf(row.id), label).toHaveLength(0);
        continue;
      }
      expect(result, label).toEqual({ succeeded: [row.id], refused: [] });
      allowed++;
      const to =
        t.to === 'previous' ? ShelfStatus.down : t.to; /* entryIn records 已下架 as the state before deletion */
      if (t.axis === 'catalog') {
        expect(after.catalogStatus, label).toBe(to);
        expect(after.shelfStatus, label).toBe(state.shelfStatus);
      } else {
        expect(after.shelfStatus, label).toBe(to);
        expect(after.catalogStatus, label).toBe(state.catalogStatus);
      }
      if (t.action === 'delete') expect(after.shelfStatusBeforeDelete, label).toBe(state.shelfStatus);
      const [log] = await logsOf(row.id);
      expect(log, label).toMatchObject({
        action: t.action,
        fromCatalogStatus: state.catalogStatus,
        toCatalogStatus: after.catalogStatus,
        fromShelfStatus: state.shelfStatus,
        toShelfStatus: after.shelfStatus,
        comment: '测试意见',
        userId: admin.userId,
        orgCode: depart.orgCode,
        departName: depart.departName,
      });
      const orders = await ordersOf(row.id);
      if (t.task && 'opens' in t.task) {
        const opens = t.task.opens;
        const opened = orders.filter((o) => o.status === 1 && o.orderType === opens);
        expect(opened.length, label).toBeGreaterThanOrEqual(1);
        expect(opened.at(-1), label).toMatchObject({ launchOrgCode: depart.orgCode, submitterId: admin.userId });
      }
      if (t.task && 'closes' in t.task) {
        const type = t.task.closes as WorkOrderType;
        const decided = orders.filter((o) => o.orderType === type);
        if (ordersBefore.some((o) => o.orderType === type)) {
          expect(decided, label).toHaveLength(1);
          expect(decided[0], label).toMatchObject({
            status: 2,
            decision: t.action === 'recovery' ? 'recall' : t.task.decision,
            handlerId: admin.userId,
            comment: '测试意见',
          });
          expect(decided[0].approvalTime, label).toBeInstanceOf(Date);
        }
      }
      const notices = await noticesOf(row.id);
      const decides = t.task && 'closes' in t.task ? t.task.closes : null;
      if (DECISION_ACTIONS.includes(t.action) && ordersBefore.some((o) => o.orderType === decides)) {
        expect(notices, label).toHaveLength(1);
        expect(notices[0], label).toMatchObject({
          userId: officer.user.id,
          messageType: t.action.includes('Shelf') ? 'catalogue_shelf' : 'catalogue_review',
          readFlag: false,
          openPage: '/cataloguemanage/list',
          content: '<p>审核意见：测试意见</p>',
        });
        expect(notices[0].title, label).toContain(row.catalogName);
      } else {
        expect(notices, label).toHaveLength(0);
      }
      const opLog = await ctx.db
        .select()
        .from(logs)
        .where(and(eq(logs.target, row.id), eq(logs.operateType, `catalog:${t.action}`)));
      expect(opLog, label).toHaveLength(1);
    }
    expect(allowed).toBe(STATES.filter((s) => refusal(t, s) === null).length);
    expect(allowed).toBeGreaterThan(0);
  });

  it('needs a comment where the table says so', async () => {
    for (const t of TRANSITIONS.filter((x) => x.commentRequired)) {
      const from =
        t.axis === 'catalog' ? { c: Number(t.from[0]), s: 0 } : { c: CatalogStatus.approved, s: Number(t.from[0]) };
      const row = await entryIn(from.c, from.s);
      const result = await transitionMany(ctx.db, admin, [row.id], t.action, { comment: '  ' });
      expect(result.refused[0].reason).toMatch(t.action === 'offShelfApply' ? /下架原因/ : /驳回意见/);
      expect(await logsOf(row.id)).toHaveLength(0);
    }
  });

  it('restores the state recorded at deletion', async () => {
    const row = await entryIn(CatalogStatus.approved, ShelfStatus.on);
    await transitionMany(ctx.db, admin, [row.id], 'delete');
    expect(await entryState(row.id)).toMatchObject({ shelfStatus: 9, shelfStatusBeforeDelete: 2 });
    await transitionMany(ctx.db, admin, [row.id], 'recover');
    expect(await entryState(row.id)).toMatchObject({ shelfStatus: 2, shelfStatusBeforeDelete: null });
  });
});

describe('lifecycle routes', () => {
  const submit = (token: string | undefined, ids: string[]) =>
    call<LifecycleResult>(ctx, 'POST', '/api/flowcatalog/submitCatalog', { token, body: { ids } });

  it('needs a token and the transition permission', async () => {
    const row = await entryIn(0, 0);
    expect((await submit(undefined, [row.id])).status).toBe(401);
    const reviewer = await signedIn(ctx, { roles: ['reviewer'], departs: [depart] });
    expect((await submit(reviewer.token, [row.id])).status).toBe(403);
    const citizen = await signedIn(ctx, { roles: ['registered'] });
    expect((await submit(citizen.token, [row.id])).status).toBe(403);
    const del = await call(ctx, 'POST', '/api/flowcatalog/delete', { token: officer.token, body: { ids: [row.id] } });
    expect(del.status).toBe(403);
    expect((await entryState(row.id)).catalogStatus).toBe(0);
  });

  it("refuses another department's entry and writes nothing", async () => {
    const foreign = await createCatalogue(ctx.db, { orgCode: other.orgCode });
    const res = await submit(officer.token, [foreign.id]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('只能操作本部门的目录');
    expect(res.body.result).toEqual({ succeeded: [], refused: [{ id: foreign.id, reason: '只能操作本部门的目录' }] });
    expect((await entryState(foreign.id)).catalogStatus).toBe(0);
    expect(await logsOf(foreign.id)).toHaveLength(0);
    expect(await ordersOf(foreign.id)).toHaveLength(0);
  });

  it('answers per id: 200 with the refusals listed when some succeed, 400 when none do', async () => {
    const draft = await entryIn(0, 0);
    const pending = await entryIn(1, 0);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await submit(officer.token, [draft.id, pending.id, unknown]);
    expect(res.status).toBe(200);
    expect(res.body.result.succeeded).toEqual([draft.id]);
    expect(res.body.result.refused).toEqual([
      { id: pending.id, reason: '当前状态为“待审核”，不能提交审核' },
      { id: unknown, reason: '目录不存在或已被删除' },
    ]);
    expect(res.body.message).toContain('成功 1 条');

    const single = await submit(officer.token, [pending.id]);
    expect(single.status).toBe(400);
    expect(single.body.message).toBe('当前状态为“待审核”，不能提交审核');
  });

  it('submit opens a 编目审核 work order; recovery withdraws it', async () => {
    const row = await entryIn(0, 0);
    expect((await submit(officer.token, [row.id])).status).toBe(200);
    let [order] = await ordersOf(row.id);
    expect(order).toMatchObject({ orderType: 'catalog', status: 1, submitterId: officer.user.id });
    const res = await call(ctx, 'POST', '/api/flowcatalog/processRecovery', {
      token: officer.token,
      body: { ids: [row.id] },
    });
    expect(res.status).toBe(200);
    [order] = await ordersOf(row.id);
    expect(order).toMatchObject({ status: 2, decision: 'recall' });
    expect((await entryState(row.id)).catalogStatus).toBe(0);
    expect((await logsOf(row.id)).map((l) => l.action).sort()).toEqual(['recovery', 'submit']);
  });

  it('an off-shelf request needs the reason text and a known reason code', async () => {
    const row = await entryIn(2, 2);
    const path = '/api/flowcatalog/submitopenCatalogOffShelf';
    const missing = await call(ctx, 'POST', path, { token: officer.token, body: { ids: [row.id] } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('请填写下架原因');
    const badCode = await call(ctx, 'POST', path, {
      token: officer.token,
      body: { ids: [row.id], comment: '数据停止更新', reason: '77' },
    });
    expect(badCode.status).toBe(400);
    const res = await call(ctx, 'POST', path, {
      token: officer.token,
      body: { ids: [row.id], comment: '数据停止更新', reason: '1' },
    });
    expect(res.status).toBe(200);
    const [order] = await ordersOf(row.id);
    expect(order).toMatchObject({ orderType: 'offShelf', status: 1 });
    expect(order.payload).toMatchObject({ reason: '1', reasonLabel: '数据已过时，不再更新', comment: '数据停止更新' });
    const [log] = await logsOf(row.id);
    expect(log.comment).toBe('【数据已过时，不再更新】数据停止更新');
    expect((await entryState(row.id)).shelfStatus).toBe(ShelfStatus.downPending);
  });

  it('an on-shelf request needs an approved entry', async () => {
    const row = await entryIn(0, 0);
    const res = await call(ctx, 'POST', '/api/flowcatalog/submitOpenCatalogUpShelf', {
      token: officer.token,
      body: { ids: [row.id] },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('目录尚未审核通过，不能上架申请');
  });

  it('delete and recover need catalog:delete', async () => {
    const adminUser = await signedIn(ctx, { roles: ['admin'], departs: [depart] });
    const row = await entryIn(2, 2);
    const del = await call(ctx, 'POST', '/api/flowcatalog/delete', { token: adminUser.token, body: { ids: [row.id] } });
    expect(del.status).toBe(200);
    expect((await entryState(row.id)).shelfStatus).toBe(9);
    const rec = await call(ctx, 'POST', '/api/flowcatalog/recover', { token: officer.token, body: { ids: [row.id] } });
    expect(rec.status).toBe(403);
    const ok = await call(ctx, 'POST', '/api/flowcatalog/recover', { token: adminUser.token, body: { ids: [row.id] } });
    expect(ok.status).toBe(200);
    expect((await entryState(row.id)).shelfStatus).toBe(2);
  });

  it('validates the ids', async () => {
    const res = await submit(officer.token, ['not-a-uuid']);
    expect(res.status).toBe(400);
    expect((await submit(officer.token, [])).status).toBe(400);
  });
});
