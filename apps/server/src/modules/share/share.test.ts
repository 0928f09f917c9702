import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  addWorkingDays,
  type OpenAppSecret,
  type OpenRows,
  type Page,
  type ShareApplyDefaults,
  type ShareAuthorizeInfo,
  type ShareDetail,
  type ShareListItem,
  type ShareUseInfo,
  TaskStatus,
  WORKFLOW_DUE_DICT,
} from '@odp/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appSystems,
  businessMessages,
  openApps,
  openGrants,
  workflowHistory,
  workflowTasks,
} from '../../db/schema/index.js';
import { dayEnd } from '../../platform/city-days.js';
import { loadWorkCalendar } from '../../platform/workflow/calendar.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { setOpenQuota, signedHeaders } from '../openapi/testing.js';
import {
  applyForm,
  decide,
  inDays,
  inUse,
  ShareStatus,
  setDictItem,
  shareCount,
  shareEntry,
  shareWorld,
  statusOf,
  submitted,
} from './testing.js';

let ctx: TestContext;
let world: Awaited<ReturnType<typeof shareWorld>>;
let entry: { id: string; catalogName: string };
const dataDir = mkdtempSync(path.join(tmpdir(), 'odp-share-'));

beforeAll(async () => {
  ctx = await createTestApp({ dataDir });
  await setOpenQuota(ctx.db, 'granted.second', '1000');
  world = await shareWorld(ctx);
  entry = await shareEntry(ctx.db, world.sourceDept.orgCode, { catalogName: '人员信息表' });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const save = (token: string, body: object) =>
  call<{ applyId: string }>(ctx, 'POST', '/api/share/save', { token, body });
const start = (token: string, body: object) =>
  call<{ applyId: string }>(ctx, 'POST', '/api/share/startShareApply', { token, body });
const detail = (token: string, applyId: string) =>
  call<ShareDetail>(ctx, 'GET', '/api/share/detail', { token, query: { applyId } });
const page = (token: string, body: object) =>
  call<Page<ShareListItem>>(ctx, 'POST', '/api/shareData/page', { token, body });
const rows = (appKey: string, token: string, catalogId = entry.id) =>
  ctx.app.inject({
    method: 'GET',
    url: `${ctx.base}/open/api/v1/datasets/${catalogId}/rows`,
    headers: { 'x-app-key': appKey, 'x-access-token': token },
  });
const historyCount = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(workflowHistory))[0].n;
const tasksOf = (id: string) =>
  ctx.db.select().from(workflowTasks).where(eq(workflowTasks.subjectId, id)).orderBy(workflowTasks.submitTime);
const grantOf = async (id: string) =>
  (await ctx.db.select().from(openGrants).where(eq(openGrants.shareApplyId, id)))[0];

describe('the application form', () => {
  it('offers the entry’s items with their 共享属性', async () => {
    const res = await call<ShareApplyDefaults>(ctx, 'GET', '/api/share/getApplyDefaultInfo', {
      token: world.applicant.token,
      query: { catalogId: entry.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.result.applyDept).toBe(world.applyDept.orgCode);
    expect(res.body.result.items.map((i) => [i.name, i.shareProperty])).toEqual([
      ['编号', '10'],
      ['姓名', '10'],
      ['手机号', '20'],
      ['身份证号', '30'],
      ['金额', '10'],
    ]);
    const own = await call(ctx, 'GET', '/api/share/getApplyDefaultInfo', {
      token: world.sourceOfficer.token,
      query: { catalogId: entry.id },
    });
    expect(own.status).toBe(400);
    expect(own.body.message).toBe('不能申请本部门的数据');
  });

  it('refuses bad forms with a Chinese 400 and writes nothing', async () => {
    const notShared = await shareEntry(ctx.db, world.sourceDept.orgCode, { shareType: '30' });
    const before = [await shareCount(ctx.db), await historyCount()];
    const cases: [object, string][] = [
      [applyForm(entry.id, { items: [{ name: '身份证号' }] }), '信息项“身份证号”不予共享，不能申请'],
      [applyForm(entry.id, { items: [{ name: '手机号' }] }), '信息项“手机号”为有条件共享，请填写申请理由'],
      [applyForm(entry.id, { items: [] }), '请至少选择一个信息项'],
      [applyForm(entry.id, { items: [{ name: '不存在' }] }), '信息项“不存在”不属于该目录'],
      [applyForm(entry.id, { agreementsAccepted: false }), '请阅读并同意《安全协议书》和《安全保密承诺书》'],
      [applyForm(entry.id, { endTime: null }), '请选择使用期限或勾选永久申请'],
      [applyForm(entry.id, { startTime: inDays(5), endTime: inDays(2) }), '结束时间须晚于开始时间'],
      [applyForm(entry.id, { endTime: '2026-02-30' }), '结束时间不是有效的日期'],
      [applyForm(entry.id, { title: 'x'.repeat(101) }), '申请标题不能超过 100 个字符（字段 title）'],
      [applyForm(notShared.id), '该目录不予共享，不能申请'],
    ];
    for (const [body, message] of cases) {
      const res = await start(world.applicant.token, body);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    // A draft may be incomplete, but not hold an item that may not be shared.
    const draft = await save(world.applicant.token, applyForm(entry.id, { items: [{ name: '身份证号' }] }));
    expect(draft.status).toBe(400);
    const own = await start(world.sourceOfficer.token, applyForm(entry.id));
    expect([own.status, own.body.message]).toEqual([400, '不能申请本部门的数据']);
    const homeless = await start(world.noDepart.token, applyForm(entry.id));
    expect(homeless.status).toBe(403);
    expect([await shareCount(ctx.db), await historyCount()]).toEqual(before);
  });

  it('saves a draft only its department sees, edits it through the machine, then submits it', async () => {
    const draft = await save(world.applicant.token, applyForm(entry.id, { items: [], agreementsAccepted: false }));
    expect(draft.status).toBe(200);
    const id = draft.body.result.applyId;
    const row = await statusOf(ctx.db, id);
    expect(row).toMatchObject({
      status: '0',
      applyOrgCode: world.applyDept.orgCode,
      sourceOrgCode: world.sourceDept.orgCode,
    });
    expect(row.processCode).toMatch(/^GX\d{8}\d{4}$/);
    // Nobody outside the applying department sees a draft, the bureau included.
    for (const token of [world.sourceOfficer.token, world.otherOfficer.token, world.reviewer.token]) {
      expect((await detail(token, id)).status).toBe(404);
    }
    const edited = await save(world.colleague.token, applyForm(entry.id, { applyId: id, title: '改过的标题' }));
    expect(edited.status).toBe(200);
    expect((await statusOf(ctx.db, id)).title).toBe('改过的标题');
    expect((await save(world.otherOfficer.token, applyForm(entry.id, { applyId: id }))).status).toBe(404);

    const sent = await start(world.applicant.token, applyForm(entry.id, { applyId: id }));
    expect(sent.status).toBe(200);
    expect((await statusOf(ctx.db, id)).status).toBe(ShareStatus.source);
    // Submitted, it can no longer be edited.
    const late = await save(world.applicant.token, applyForm(entry.id, { applyId: id, title: '再改' }));
    expect([late.status, late.body.message]).toEqual([400, '只有草稿或已驳回的申请可以编辑']);
    const [task] = await tasksOf(id);
    expect(task).toMatchObject({
      taskType: 'source',
      assigneeOrgCode: world.sourceDept.orgCode,
      status: TaskStatus.open,
    });
  });

  it('takes the node deadline from dict workflow_due_days', async () => {
    await setDictItem(ctx.db, WORKFLOW_DUE_DICT, 'share.source', '1');
    try {
      const id = await submitted(ctx, world.applicant.token, applyForm(entry.id));
      const [task] = await tasksOf(id);
      const expected = addWorkingDays(task.submitTime, 1, await loadWorkCalendar(ctx.db));
      expect(task.dueAt?.toISOString()).toBe(expected.toISOString());
    } finally {
      await setDictItem(ctx.db, WORKFLOW_DUE_DICT, 'share.source', '5');
    }
    const id = await submitted(ctx, world.applicant.token, applyForm(entry.id));
    const [task] = await tasksOf(id);
    expect(task.dueAt?.toISOString()).toBe(
      addWorkingDays(task.submitTime, 5, await loadWorkCalendar(ctx.db)).toISOString(),
    );
  });
});

describe('the review', () => {
  it('lets only the data’s department decide its node, then only the bureau', async () => {
    const id = await submitted(ctx, world.applicant.token, applyForm(entry.id));
    // The applying department never decides its own application; another department never sees it.
    const self = await decide(ctx, world.applicant.token, id, 'approve');
    expect([self.status, self.body.message]).toEqual([403, '只能审核本部门数据的共享申请']);
    expect((await decide(ctx, world.otherOfficer.token, id, 'approve')).status).toBe(404);
    expect((await detail(world.otherOfficer.token, id)).status).toBe(404);
    // The bureau cannot take the data department's node.
    const early = await decide(ctx, world.reviewer.token, id, 'approve');
    expect([early.status, early.body.message]).toEqual([403, '没有数源部门审核通过的权限']);
    const noReason = await decide(ctx, world.sourceOfficer.token, id, 'reject');
    expect([noReason.status, noReason.body.message]).toEqual([400, '请填写驳回理由']);
    expect((await statusOf(ctx.db, id)).status).toBe(ShareStatus.source);

    const source = await detail(world.sourceOfficer.token, id);
    expect(source.body.result.actions).toEqual(['sourceApprove', 'sourceReject']);
    expect(source.body.result.nextNodeName).toBe('数源部门审核');
    expect((await detail(world.applicant.token, id)).body.result.actions).toEqual(['recall', 'changeSystem']);

    expect((await decide(ctx, world.sourceOfficer.token, id, 'approve', '同意')).status).toBe(200);
    expect((await statusOf(ctx.db, id)).status).toBe(ShareStatus.bureau);
    const again = await decide(ctx, world.sourceOfficer.token, id, 'approve');
    expect(again.status).toBe(403);
    const bureauReject = await decide(ctx, world.reviewer.token, id, 'reject', '用途不明确');
    expect(bureauReject.status).toBe(200);
    const row = await statusOf(ctx.db, id);
    expect(row).toMatchObject({ status: ShareStatus.rejected, rejectReason: '用途不明确' });
    expect(row.rejectedAt).toBeInstanceOf(Date);
    const told = await ctx.db.select().from(businessMessages).where(eq(businessMessages.busId, id));
    expect(told.map((m) => [m.userId, m.title]).sort()).toEqual(
      [
        [world.applicant.user.id, '共享申请“交通出行分析用人员数据”已通过数源部门审核，等待大数据局审核'],
        [world.applicant.user.id, '共享申请“交通出行分析用人员数据”被大数据局驳回'],
      ].sort(),
    );
    const flow = (await detail(world.applicant.token, id)).body.result.flow;
    expect(flow.map((n) => [n.node, n.decision, n.comment])).toEqual([
      ['申请', '提交申请', null],
      ['数源部门审核', '通过', '同意'],
      ['大数据局审核', '驳回', '用途不明确'],
    ]);
    expect(flow[1].department).toBe(world.sourceDept.departName);
    // Rejected, it may be edited and submitted again.
    expect((await start(world.colleague.token, applyForm(entry.id, { applyId: id }))).status).toBe(200);
    expect((await statusOf(ctx.db, id)).status).toBe(ShareStatus.source);
  });

  it('lets only the applying department recall before the data’s department decides, and release', async () => {
    const id = await submitted(ctx, world.applicant.token, applyForm(entry.id));
    const recall = (token: string) => call(ctx, 'POST', `/api/share/recall?applyId=${id}`, { token });
    expect((await recall(world.sourceOfficer.token)).status).toBe(403);
    expect((await recall(world.reviewer.token)).status).toBe(403);
    expect((await recall(world.otherOfficer.token)).status).toBe(404);
    expect((await recall(world.colleague.token)).status).toBe(200);
    expect((await statusOf(ctx.db, id)).status).toBe(ShareStatus.draft);
    const [task] = await tasksOf(id);
    expect(task).toMatchObject({ status: TaskStatus.done, decision: 'recall' });
    // Back to a draft, the data's department no longer sees it.
    expect((await detail(world.sourceOfficer.token, id)).status).toBe(404);
    await start(world.applicant.token, applyForm(entry.id, { applyId: id }));
    await decide(ctx, world.sourceOfficer.token, id, 'approve');
    const late = await recall(world.applicant.token);
    expect([late.status, late.body.message]).toEqual([400, '当前状态为“大数据局审核中”，不能撤回']);
    const release = (token: string) => call(ctx, 'POST', `/api/shareData/releaseData?applyId=${id}`, { token });
    expect((await release(world.applicant.token)).body.message).toBe('当前状态为“大数据局审核中”，不能释放数据');
    await decide(ctx, world.reviewer.token, id, 'approve');
    expect((await release(world.reviewer.token)).status).toBe(403);
    expect((await release(world.otherOfficer.token)).status).toBe(404);
    expect((await statusOf(ctx.db, id)).status).toBe(ShareStatus.inUse);
    // Ids guessed or not, another department's application does not exist for the caller.
    expect((await detail(world.applicant.token, randomUUID())).status).toBe(404);
    expect((await decide(ctx, world.sourceOfficer.token, randomUUID(), 'approve')).status).toBe(404);
  });

  it('changes the 授权项目 to another of the applying department’s systems, only for the applicant', async () => {
    const [own, other] = await ctx.db
      .insert(appSystems)
      .values([
        { appName: `公交调度系统${randomUUID().slice(0, 4)}`, orgCode: world.applyDept.orgCode, state: '1' },
        { appName: `医疗监管系统${randomUUID().slice(0, 4)}`, orgCode: world.sourceDept.orgCode, state: '1' },
      ])
      .returning({ id: appSystems.id, appName: appSystems.appName });
    const change = (token: string, applyId: string, useAppSystem: string) =>
      call(ctx, 'POST', '/api/share/changeAppSystem', { token, body: { applyId, useAppSystem } });
    const draft = await call<{ applyId: string }>(ctx, 'POST', '/api/share/save', {
      token: world.applicant.token,
      body: applyForm(entry.id),
    });
    const refusedDraft = await change(world.applicant.token, draft.body.result.applyId, own.id);
    expect([refusedDraft.status, refusedDraft.body.message]).toEqual([400, '只有审批中或使用中的申请可以更换授权项目']);
    const id = await inUse(ctx, world, applyForm(entry.id));
    const before = await historyCount();
    const foreign = await change(world.applicant.token, id, other.id);
    expect([foreign.status, foreign.body.message]).toEqual([400, '请选择本部门的应用系统']);
    expect((await change(world.sourceOfficer.token, id, own.id)).status).toBe(403);
    expect((await change(world.otherOfficer.token, id, own.id)).status).toBe(404);
    expect(await historyCount()).toBe(before);
    const done = await change(world.colleague.token, id, own.id);
    expect(done.status, done.body.message).toBe(200);
    const row = await statusOf(ctx.db, id);
    expect(row).toMatchObject({ useAppSystemId: own.id, status: ShareStatus.inUse });
    const [last] = await ctx.db
      .select()
      .from(workflowHistory)
      .where(and(eq(workflowHistory.subjectId, id), eq(workflowHistory.action, 'changeSystem')));
    expect(last.comment).toBe(`使用应用系统：${own.appName}`);
  });

  it('narrows only within what was applied for, only by the data’s department, only at its node', async () => {
    const id = await submitted(
      ctx,
      world.applicant.token,
      applyForm(entry.id, { startTime: inDays(0), endTime: inDays(30) }),
    );
    const narrow = (token: string, body: object) =>
      call(ctx, 'PUT', '/api/workcatalog/updateShareNodeData', { token, body: { applyId: id, ...body } });
    const period = { dataStartTime: inDays(1), dataEndTime: inDays(10) };
    for (const body of [
      { items: ['编号', '姓名'], ...period },
      { items: ['编号'], dataStartTime: inDays(0), dataEndTime: inDays(31) },
      { items: ['编号'], ifForever: '1' },
    ]) {
      const res = await narrow(world.sourceOfficer.token, body);
      expect([res.status, res.body.message]).toEqual([400, '只能在申请的信息项和期限内收窄']);
    }
    expect((await narrow(world.applicant.token, { items: ['编号'], ...period })).status).toBe(403);
    expect((await narrow(world.otherOfficer.token, { items: ['编号'], ...period })).status).toBe(404);
    expect((await narrow(world.sourceOfficer.token, { items: [], ...period })).status).toBe(400);

    expect((await narrow(world.sourceOfficer.token, { items: ['手机号'], ...period })).status).toBe(200);
    expect(await statusOf(ctx.db, id)).toMatchObject({
      grantedItems: ['手机号'],
      grantedStartTime: period.dataStartTime,
      grantedEndTime: period.dataEndTime,
      grantedForever: false,
    });
    await decide(ctx, world.sourceOfficer.token, id, 'approve');
    expect((await narrow(world.sourceOfficer.token, { items: ['手机号'], ...period })).status).toBe(400);
    const review = await call<ShareDetail>(ctx, 'GET', '/api/workcatalog/sourceDepartmentApproval', {
      token: world.reviewer.token,
      query: { processCode: (await statusOf(ctx.db, id)).processCode },
    });
    expect(review.status).toBe(200);
    expect(review.body.result.items.filter((i) => i.granted).map((i) => i.name)).toEqual(['手机号']);
    expect(review.body.result.actions).toEqual(['bureauApprove', 'bureauReject']);
    expect(
      (
        await call(ctx, 'GET', '/api/workcatalog/sourceDepartmentApproval', {
          token: world.otherOfficer.token,
          query: { processCode: (await statusOf(ctx.db, id)).processCode },
        })
      ).status,
    ).toBe(404);
  });
});

describe('the grant', () => {
  it('reads exactly the granted items for the granted period through the rows API, masked where masked', async () => {
    const id = await submitted(ctx, world.applicant.token, applyForm(entry.id));
    const end = inDays(20);
    await call(ctx, 'PUT', '/api/workcatalog/updateShareNodeData', {
      token: world.sourceOfficer.token,
      body: { applyId: id, items: ['编号', '手机号'], dataStartTime: inDays(0), dataEndTime: end },
    });
    await decide(ctx, world.sourceOfficer.token, id, 'approve');
    const granted = await decide(ctx, world.reviewer.token, id, 'approve', '同意开通');
    expect([granted.status, granted.body.result.status]).toEqual([200, ShareStatus.inUse]);

    const row = await statusOf(ctx.db, id);
    expect(row.openedAt).toBeInstanceOf(Date);
    const grant = await grantOf(id);
    expect(grant).toMatchObject({ catalogId: entry.id, fields: ['编号', '手机号'], unmasked: false, revokedAt: null });
    expect(grant.endsAt?.toISOString()).toBe(dayEnd(end).toISOString());
    const [app] = await ctx.db.select().from(openApps).where(eq(openApps.id, grant.appId));
    expect(app).toMatchObject({
      userId: world.applicant.user.id,
      // An applicant's second app of one title carries the process code.
      name: expect.stringMatching(/^共享：交通出行分析用人员数据(（GX\d{12}）)?$/),
      status: '1',
    });

    const res = await rows(app.appKey, world.applicant.token);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { result: OpenRows };
    expect(body.result.fields.map((f) => f.key)).toEqual(['id', 'mobile']);
    expect(body.result.rows[0]).toEqual({ id: '1', mobile: '138****1111' });

    // 使用数据: the same items, the note on masking; the key but never its secret.
    const use = await call<ShareUseInfo>(ctx, 'GET', '/api/shareData/getDataUseInfo', {
      token: world.colleague.token,
      query: { applyId: id },
    });
    expect(use.status).toBe(200);
    expect(use.body.result.titleList.map((t) => t.code)).toEqual(['id', 'mobile']);
    expect(use.body.result.tableList[1]).toEqual({ id: '2', mobile: '138****2222' });
    expect(use.body.result.maskNote).toBe('*号表示该数据已脱敏无法展示');
    expect(
      (
        await call(ctx, 'GET', '/api/shareData/getDataUseInfo', {
          token: world.sourceOfficer.token,
          query: { applyId: id },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(ctx, 'GET', '/api/shareData/getDataUseInfo', {
          token: world.otherOfficer.token,
          query: { applyId: id },
        })
      ).status,
    ).toBe(404);
    const auth = await call<ShareAuthorizeInfo>(ctx, 'GET', '/api/shareData/getAuthorizeInfo', {
      token: world.applicant.token,
      query: { applyId: id },
    });
    expect(auth.body.result).toMatchObject({ appKey: app.appKey, fields: ['编号', '手机号'] });
    expect(JSON.stringify(auth.body)).not.toMatch(/sk_/);
    const api = await call(ctx, 'GET', '/api/shareData/getDataUseApiInterfaceInfo', {
      token: world.applicant.token,
      query: { applyId: id },
    });
    expect(api.body.result).toMatchObject({ apiAddress: expect.stringContaining(`/datasets/${entry.id}/rows`) });

    // The secret is shown once, at rotation, and signs calls from then on.
    const rotated = await call<OpenAppSecret>(ctx, 'POST', `/api/shareData/rotateKey?applyId=${id}`, {
      token: world.colleague.token,
    });
    expect(rotated.body.result.appKey).toBe(app.appKey);
    const url = `${ctx.base}/open/api/v1/datasets/${entry.id}/rows`;
    const signed = await ctx.app.inject({
      method: 'GET',
      url,
      headers: signedHeaders({ appKey: app.appKey, secret: rotated.body.result.secret }, 'GET', url),
    });
    expect(signed.statusCode).toBe(200);
    expect((signed.json() as { result: OpenRows }).result.fields.map((f) => f.key)).toEqual(['id', 'mobile']);

    // Released by the applying department: access ends at once.
    expect(
      (await call(ctx, 'POST', `/api/shareData/releaseData?applyId=${id}`, { token: world.sourceOfficer.token }))
        .status,
    ).toBe(403);
    const released = await call(ctx, 'POST', `/api/shareData/releaseData?applyId=${id}`, {
      token: world.colleague.token,
    });
    expect(released.status).toBe(200);
    expect(await statusOf(ctx.db, id)).toMatchObject({ status: ShareStatus.released, releaseReason: '2' });
    expect((await grantOf(id)).revokedAt).toBeInstanceOf(Date);
    // The app is stopped with the grant, so its key is no longer accepted at all.
    expect((await rows(app.appKey, world.applicant.token)).statusCode).toBe(401);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url,
          headers: signedHeaders({ appKey: app.appKey, secret: rotated.body.result.secret }, 'GET', url),
        })
      ).statusCode,
    ).toBe(401);
    const gone = await call(ctx, 'GET', '/api/shareData/getDataUseInfo', {
      token: world.applicant.token,
      query: { applyId: id },
    });
    expect(gone.status).toBe(400);
  });

  it('never grants an item that became 不予共享 after the application', async () => {
    const other = await shareEntry(ctx.db, world.sourceDept.orgCode);
    const id = await submitted(
      ctx,
      world.applicant.token,
      applyForm(other.id, { items: [{ name: '编号' }, { name: '金额' }] }),
    );
    await ctx.db.execute(
      sql`update data_catalog_item set share_property = '30' where catalog_id = ${other.id} and name = '金额'`,
    );
    await decide(ctx, world.sourceOfficer.token, id, 'approve');
    await decide(ctx, world.reviewer.token, id, 'approve');
    expect((await grantOf(id)).fields).toEqual(['编号']);
    expect((await statusOf(ctx.db, id)).grantedItems).toEqual(['编号']);
  });

  it('opens 无条件共享 data on the data department’s approval when the bureau’s rule says so', async () => {
    const open = await shareEntry(ctx.db, world.sourceDept.orgCode, { shareType: '10' });
    await setDictItem(ctx.db, 'share_rule', 'share_auto_grant', '1');
    try {
      const id = await submitted(ctx, world.applicant.token, applyForm(open.id, { ifForever: '1', endTime: null }));
      expect((await detail(world.sourceOfficer.token, id)).body.result.actions).toEqual([
        'sourceGrant',
        'sourceReject',
      ]);
      const res = await decide(ctx, world.sourceOfficer.token, id, 'approve');
      expect(res.body.result.status).toBe(ShareStatus.inUse);
      expect((await tasksOf(id)).map((t) => t.taskType)).toEqual(['source']);
      expect((await grantOf(id)).endsAt).toBeNull();
      const flow = (await detail(world.applicant.token, id)).body.result.flow;
      expect(flow.map((n) => n.decision)).toEqual(['提交申请', '通过并开通', '无需审核']);
    } finally {
      await setDictItem(ctx.db, 'share_rule', 'share_auto_grant', '0');
    }
    // 有条件共享 data still goes to the bureau under the same rule.
    const id = await inUse(ctx, world, applyForm(entry.id));
    expect((await tasksOf(id)).map((t) => t.taskType)).toEqual(['source', 'bureau']);
  });
});

describe('the lists', () => {
  it('show each department its side, the bureau all, filtered and sorted', async () => {
    const listed = await shareEntry(ctx.db, world.sourceDept.orgCode, { catalogName: '列表专用目录' });
    const waiting = await submitted(ctx, world.applicant.token, applyForm(listed.id, { title: '等待审核' }));
    const atBureau = await submitted(ctx, world.applicant.token, applyForm(listed.id, { title: '等待大数据局' }));
    await decide(ctx, world.sourceOfficer.token, atBureau, 'approve');
    const using = await inUse(ctx, world, applyForm(listed.id, { title: '正在使用的申请' }));
    const ids = (r: Awaited<ReturnType<typeof page>>) => r.body.result.records.map((x) => x.applyId);
    const q = (queryType: number) => ({ queryType, catalogName: '列表专用' });

    expect(ids(await page(world.applicant.token, q(2))).sort()).toEqual([waiting, atBureau].sort());
    // The data's department sees what waits on it, not what waits on the bureau.
    expect(ids(await page(world.sourceOfficer.token, q(2)))).toEqual([waiting]);
    expect(ids(await page(world.reviewer.token, q(2))).sort()).toEqual([waiting, atBureau].sort());
    expect(ids(await page(world.otherOfficer.token, q(2)))).toEqual([]);
    expect(ids(await page(world.applicant.token, q(3)))).toEqual([using]);
    expect(ids(await page(world.sourceOfficer.token, q(3)))).toEqual([using]);
    expect(ids(await page(world.sourceOfficer.token, q(1)))).toEqual([]);
    const mine = await page(world.applicant.token, { ...q(1), sort: 'totalNumber', order: 'desc' });
    expect(mine.body.result.records[0]).toMatchObject({
      applyId: using,
      applyTitle: '正在使用的申请',
      catalogName: '列表专用目录',
      sourceDeptName: world.sourceDept.departName,
      applyDeptName: world.applyDept.departName,
      status: ShareStatus.inUse,
      statusLabel: '使用中',
      totalNumber: 0,
      actions: ['release', 'changeSystem'],
    });
    expect(ids(await page(world.applicant.token, { ...q(2), applyTitle: '大数据局' }))).toEqual([atBureau]);
    expect((await page(world.applicant.token, { queryType: 9 })).status).toBe(400);
    expect((await page(world.applicant.token, { queryType: 2, sort: 'nope' })).status).toBe(400);
  });

  it('lists share reviews in the 工单 inbox beside the catalogue’s, for those who deal with them', async () => {
    const inbox = await shareEntry(ctx.db, world.sourceDept.orgCode, { catalogName: '工单测试目录' });
    const atSource = await submitted(ctx, world.applicant.token, applyForm(inbox.id, { title: '数源待审' }));
    const atBureau = await submitted(ctx, world.applicant.token, applyForm(inbox.id, { title: '局待审' }));
    await decide(ctx, world.sourceOfficer.token, atBureau, 'approve');
    type Order = {
      subjectId: string;
      workStatus: string;
      typeLabel: string;
      processCode: string;
      launchDepartName: string;
    };
    const list = (token: string) =>
      call<Page<Order>>(ctx, 'POST', '/api/workcatalog/list', {
        token,
        body: { type: 1, catalogName: '工单测试' },
      });
    const reviewerList = await list(world.reviewer.token);
    expect(reviewerList.status).toBe(200);
    expect(reviewerList.body.result.records).toEqual([
      expect.objectContaining({
        subjectId: atBureau,
        workStatus: '2',
        typeLabel: '大数据局审核',
        processCode: (await statusOf(ctx.db, atBureau)).processCode,
        launchDepartName: world.applyDept.departName,
      }),
    ]);
    // Department staff keep the catalogue's rule (the inbox is the reviewers'); with the work-order
    // permission a department lists its own 数源部门 reviews.
    expect((await list(world.sourceOfficer.token)).status).toBe(403);
    const { signedInWith } = await import('../../test/factories.js');
    const deptInbox = await signedInWith(ctx, ['catalog:workorder', 'share:sourceReview'], {
      departs: [world.sourceDept],
    });
    const own = await list(deptInbox.token);
    expect(own.body.result.records.map((r) => [r.subjectId, r.typeLabel])).toEqual([[atSource, '数源部门审核']]);
    // Catalogue work orders still say workStatus 1.
    const catalogueOnly = await call<Page<Order>>(ctx, 'POST', '/api/workcatalog/list', {
      token: world.reviewer.token,
      body: { type: 1, workStatus: '1', catalogName: '工单测试' },
    });
    expect(catalogueOnly.body.result.records).toEqual([]);

    // The sign-in badges count them.
    const menu = await call<{
      menu: { path: string; number?: number; children?: { path: string; number?: number }[] }[];
    }>(ctx, 'GET', '/sys/permission/getUserPermissionByToken', { token: world.sourceOfficer.token });
    const sharing = menu.body.result.menu.find((m) => m.path === '/datasharing');
    expect(sharing?.children?.find((c) => c.path === '/datasharing/examine')?.number).toBeGreaterThanOrEqual(1);
    const reviewerMenu = await call<typeof menu.body.result>(ctx, 'GET', '/sys/permission/getUserPermissionByToken', {
      token: world.reviewer.token,
    });
    const review = reviewerMenu.body.result.menu.find((m) => m.path === '/review');
    const [{ n: bureauOpen }] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(workflowTasks)
      .where(
        and(eq(workflowTasks.subjectType, 'share'), eq(workflowTasks.taskType, 'bureau'), eq(workflowTasks.status, 1)),
      );
    expect(review?.children?.find((c) => c.path === '/review/catalogue')?.number).toBeGreaterThanOrEqual(bureauOpen);
  });
});
