import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  addWorkingDays,
  type OpenApplyDetail,
  type OpenApplyItem,
  type OpenRows,
  type OpenUseAgreement,
  OpenApplyPerm as P,
  type Page,
  TaskStatus,
} from '@odp/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessMessages,
  openApplies,
  openGrants,
  usageReports,
  workflowHistory,
  workflowTasks,
} from '../../db/schema/index.js';
import { dayEnd, dayStart } from '../../platform/city-days.js';
import { loadWorkCalendar } from '../../platform/workflow/calendar.js';
import { createDepart, createUser, login, signedInWith } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { checkAttachment } from '../attachments/content.js';
import { SAMPLE_FILES, uploadAttachment } from '../attachments/testing.js';
import { signedHeaders } from '../openapi/testing.js';
import { expireOpenApplies } from './jobs.js';
import { applyBody, conditionalEntry, createOpenApp, inDays, setRule, uploadForms } from './testing.js';

type Person = { id: string; token: string };

let ctx: TestContext;
const dataDir = mkdtempSync(path.join(tmpdir(), 'odp-open-apply-'));
let provider: { id: string; orgCode: string };
let other: { id: string; orgCode: string };
let alice: Person;
let bob: Person;
let officer: Person;
let stranger: Person;
let reviewer: Person;
let entry: { id: string };

async function person(opts: Parameters<typeof createUser>[1]): Promise<Person> {
  const user = await createUser(ctx.db, opts);
  return { id: user.id, token: await login(ctx, user.username, user.password) };
}

beforeAll(async () => {
  ctx = await createTestApp({ dataDir });
  provider = await createDepart(ctx.db);
  other = await createDepart(ctx.db);
  alice = await person({ roles: ['registered'] });
  bob = await person({ roles: ['registered'] });
  officer = await person({ roles: ['dept_admin'], departs: [provider] });
  stranger = await person({ roles: ['dept_admin'], departs: [other] });
  reviewer = await person({ roles: ['reviewer'] });
  entry = await conditionalEntry(ctx.db, provider.orgCode, { catalogName: '有条件人员名单' });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const url = (p: string) => `${ctx.base}/open/api/v1${p}`;
const apply = (who: Person, body: unknown) =>
  call<OpenApplyItem>(ctx, 'POST', '/api/openApply/apply', { token: who.token, body });
const decide = (who: Person, body: Record<string, unknown>) =>
  call<OpenApplyItem>(ctx, 'POST', '/api/openApply/decide', { token: who.token, body });
const detail = (who: Person, id: string) =>
  call<OpenApplyDetail>(ctx, 'GET', '/api/openApply/detail', { token: who.token, query: { id } });
const statusOf = async (id: string) =>
  (await ctx.db.select({ s: openApplies.status }).from(openApplies).where(eq(openApplies.id, id)))[0].s;

/** Rows of a dataset with an app's signature. */
async function rows(app: { appKey: string; secret: string }, catalogId: string, query = '') {
  const p = `/datasets/${catalogId}/rows${query}`;
  const res = await ctx.app.inject({ method: 'GET', url: url(p), headers: signedHeaders(app, 'GET', url(p)) });
  return { status: res.statusCode, body: res.json() as { message: string; result: OpenRows } };
}

/** Counts of the tables an application writes to. */
async function written() {
  const n = async (t: string) =>
    Number(
      ((await ctx.db.execute(sql.raw(`select count(*)::int as n from ${t}`))) as unknown as { rows: { n: number }[] })
        .rows[0].n,
    );
  return {
    applies: await n('open_apply'),
    tasks: await n('wf_task'),
    history: await n('wf_history'),
    grants: await n('open_grant'),
    reports: await n('open_usage_report'),
  };
}

/** Applies and takes the application through both nodes; answers its id. */
async function granted(who: Person, catalogId: string, overrides: Record<string, unknown> = {}) {
  const res = await apply(who, applyBody(catalogId, await uploadForms(ctx, who.token), overrides));
  expect(res.status, res.body.message).toBe(200);
  const id = res.body.result.id;
  expect((await decide(officer, { id, decision: 'approve' })).status).toBe(200);
  const done = await decide(reviewer, { id, decision: 'approve' });
  expect(done.status, done.body.message).toBe(200);
  return id;
}

describe('the agreement and the templates', () => {
  it('shows the current agreement in full', async () => {
    const res = await call<OpenUseAgreement>(ctx, 'GET', '/api/openApply/agreement');
    expect(res.status).toBe(200);
    expect(res.body.result.version).toMatch(/\S/);
    expect(res.body.result.text).toContain('利用情况报告');
  });

  it.each([
    ['application', '有条件开放数据使用申请表.docx', '申请用途'],
    ['pledge', '公共数据安全承诺书.docx', '承诺'],
  ])('downloads the %s template as a real Word document', async (kind, name, text) => {
    const res = await ctx.app.inject({ method: 'GET', url: `${ctx.base}/api/openApply/template?kind=${kind}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent(name));
    const file = path.join(dataDir, `template-${kind}.docx`);
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, res.rawPayload);
    // Filled in and uploaded again, it passes the attachments' content check.
    await expect(checkAttachment('x.docx', file)).resolves.toMatchObject({ type: 'docx' });
    const { execFileSync } = await import('node:child_process');
    const xml = execFileSync('unzip', ['-p', file, 'word/document.xml']).toString('utf8');
    expect(xml).toContain(text);
  });

  it('refuses an unknown template kind', async () => {
    expect((await call(ctx, 'GET', '/api/openApply/template', { query: { kind: 'other' } })).status).toBe(400);
  });
});

describe('applying', () => {
  it('needs a registered user', async () => {
    const body = applyBody(entry.id, await uploadForms(ctx, alice.token));
    expect((await call(ctx, 'POST', '/api/openApply/apply', { body })).status).toBe(401);
    expect((await apply(officer, body)).status).toBe(403);
  });

  it('refuses bad applications with a Chinese 400 and writes nothing', async () => {
    const files = await uploadForms(ctx, alice.token);
    const bobsFiles = await uploadForms(ctx, bob.token);
    const open = await conditionalEntry(ctx.db, provider.orgCode);
    await ctx.db.execute(sql`update data_catalog set open_type = '1' where id = ${open.id}`);
    const before = await written();
    const cases: [Record<string, unknown>, string][] = [
      [{ purpose: '' }, '请输入申请用途'],
      [{ fields: [] }, '请至少选择一个字段'],
      [{ agreementAccepted: false }, '请阅读并同意《开放利用协议》'],
      [{ agreementVersion: '2020.1' }, '《开放利用协议》已更新'],
      [{ fields: ['编号', '身份证号'] }, '字段“身份证号”不是该数据集的数据项'],
      [{ startDate: inDays(-1) }, '开始日期不能早于今天'],
      [{ startDate: '2031-02-30', endDate: '2031-03-30' }, '开始日期不是有效的日期'],
      [{ startDate: inDays(10), endDate: inDays(5) }, '结束日期不能早于开始日期'],
      [{ endDate: inDays(3 * 366) }, '使用期限最长 3 年'],
      [{ startDate: '2026/01/01' }, '开始日期格式应为 YYYY-MM-DD'],
      [{ catalogId: open.id }, '只有有条件开放的数据需要申请'],
      [{ applicationFileId: bobsFiles.applicationFileId }, '请上传本人的有条件开放数据使用申请表'],
      [{ applicationFileId: files.pledgeFileId }, '请上传本人的有条件开放数据使用申请表'],
      [{ pledgeFileId: '00000000-0000-4000-8000-000000000000' }, '请上传本人的公共数据安全承诺书'],
    ];
    for (const [overrides, message] of cases) {
      const res = await apply(alice, applyBody(entry.id, files, overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.message, JSON.stringify(overrides)).toContain(message);
    }
    const offShelf = await conditionalEntry(ctx.db, provider.orgCode);
    await ctx.db.execute(sql`update data_catalog set shelf_status = 4 where id = ${offShelf.id}`);
    const gone = await apply(alice, applyBody(offShelf.id, files));
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('数据集不存在或未上架');
    expect(await written()).toEqual(before);
  });

  it('creates and submits to the provider department with a deadline in working days', async () => {
    const res = await apply(alice, applyBody(entry.id, await uploadForms(ctx, alice.token)));
    expect(res.status).toBe(200);
    const item = res.body.result;
    expect(item).toMatchObject({ status: '1', statusLabel: '提供部门审核中', catalogName: '有条件人员名单' });
    expect(item.code).toMatch(/^KF\d{8}\d{4}$/);
    const [task] = await ctx.db
      .select()
      .from(workflowTasks)
      .where(and(eq(workflowTasks.subjectType, 'openApply'), eq(workflowTasks.subjectId, item.id)));
    expect(task).toMatchObject({ taskType: 'provider', assigneeOrgCode: provider.orgCode, status: TaskStatus.open });
    const calendar = await loadWorkCalendar(ctx.db);
    const due = addWorkingDays(task.submitTime, 10, calendar);
    expect(task.dueAt?.toISOString()).toBe(due.toISOString());
    const [row] = await ctx.db.select().from(openApplies).where(eq(openApplies.id, item.id));
    expect(row.agreementVersion).toBe('2026.1');
    expect(row.agreementAcceptedAt).toBeInstanceOf(Date);
    // A second one for the same dataset while this one is in review is refused.
    const again = await apply(alice, applyBody(entry.id, await uploadForms(ctx, alice.token)));
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('您已有该数据集的开放申请在审核中或已开通');
    // Tidy: refuse it so the other tests may apply for the entry again.
    expect((await decide(officer, { id: item.id, decision: 'reject', comment: '测试结束' })).status).toBe(200);
  });
  it('refuses an application that races another one still being created', async () => {
    const fresh = await conditionalEntry(ctx.db, provider.orgCode);
    // The other request's row between its creation and its submission: the check above does not
    // count drafts, so only the database's index can refuse this one.
    const [other] = await ctx.db
      .insert(openApplies)
      .values({
        code: 'KF-RACE',
        catalogId: fresh.id,
        providerOrgCode: provider.orgCode,
        applicantId: alice.id,
        purpose: '另一请求',
        scenario: '另一请求',
        fields: ['编号'],
        startDate: inDays(1),
        endDate: inDays(30),
        securityMeasures: '另一请求',
        agreementVersion: '2026.1',
        agreementAcceptedAt: new Date(),
        status: '0',
      })
      .returning({ id: openApplies.id });
    const res = await apply(alice, applyBody(fresh.id, await uploadForms(ctx, alice.token)));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('您已有该数据集的开放申请在审核中或已开通');
    const rows = await ctx.db
      .select({ id: openApplies.id })
      .from(openApplies)
      .where(eq(openApplies.catalogId, fresh.id));
    expect(rows).toEqual([other]);
  });
});

describe('reviews', () => {
  let id: string;

  beforeAll(async () => {
    const res = await apply(alice, applyBody(entry.id, await uploadForms(ctx, alice.token)));
    id = res.body.result.id;
  });

  it('is in the provider department’s 工单 inbox, and nobody else’s, until it is decided', async () => {
    type Order = { subjectId: string; workStatus: string; typeLabel: string; processCode: string; catalogId: string };
    const inbox = (who: { token: string }, type: 1 | 2 = 1) =>
      call<Page<Order>>(ctx, 'POST', '/api/workcatalog/list', { token: who.token, body: { type, workStatus: '3' } });
    const ours = await signedInWith(ctx, ['catalog:workorder', P.providerReview], { departs: [provider] });
    const theirs = await signedInWith(ctx, ['catalog:workorder', P.providerReview], { departs: [other] });
    const [row] = await ctx.db.select({ code: openApplies.code }).from(openApplies).where(eq(openApplies.id, id));
    const listed = await inbox(ours);
    expect(listed.status).toBe(200);
    expect(listed.body.result.records).toEqual([
      expect.objectContaining({
        subjectId: id,
        catalogId: entry.id,
        workStatus: '3',
        typeLabel: '提供部门审核',
        processCode: row.code,
      }),
    ]);
    expect((await inbox(theirs)).body.result.records).toEqual([]);
    const reviewerInbox = await signedInWith(ctx, ['catalog:workorder', P.bureauReview]);
    expect((await inbox(reviewerInbox)).body.result.records.map((r) => r.subjectId)).not.toContain(id);
  });

  it('lets only the provider department decide the first node', async () => {
    const before = await written();
    const other = await decide(stranger, { id, decision: 'approve' });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('只能审核本部门数据的开放申请');
    const bureau = await decide(reviewer, { id, decision: 'approve' });
    expect(bureau.status).toBe(403);
    expect((await decide(alice, { id, decision: 'approve' })).status).toBe(403);
    const noReason = await decide(officer, { id, decision: 'reject' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('请填写不通过的理由');
    const wider = await decide(officer, { id, decision: 'approve', fields: ['编号', '金额'] });
    expect(wider.status).toBe(400);
    expect(wider.body.message).toBe('只能在申请的字段和期限内收窄');
    const later = await decide(officer, { id, decision: 'approve', endDate: inDays(120) });
    expect(later.status).toBe(400);
    expect((await decide(officer, { id: 'nope', decision: 'approve' })).status).toBe(400);
    expect((await decide(officer, { id: crypto.randomUUID(), decision: 'approve' })).status).toBe(404);
    expect(await written()).toEqual(before);
    expect(await statusOf(id)).toBe('1');
  });

  it('passes a narrowed application to the bureau, telling the applicant', async () => {
    const res = await decide(officer, {
      id,
      decision: 'approve',
      fields: ['编号', '姓名', '手机号'],
      endDate: inDays(60),
      comment: '手机号脱敏提供',
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ status: '2', grantedFields: ['编号', '姓名', '手机号'] });
    const [msg] = await ctx.db
      .select()
      .from(businessMessages)
      .where(and(eq(businessMessages.userId, alice.id), eq(businessMessages.busId, id)));
    expect(msg.title).toBe('开放申请“有条件人员名单”已通过提供部门审核，待大数据局审核');
    expect(msg.openPage).toBe('/personalCenter/perCenter?current=4');
    const [task] = await ctx.db
      .select()
      .from(workflowTasks)
      .where(and(eq(workflowTasks.subjectId, id), eq(workflowTasks.taskType, 'bureau')));
    expect(task).toMatchObject({ assigneeRole: 'reviewer', submitterId: alice.id, status: TaskStatus.open });
    // Now the reviewers' work order; the provider department's is done.
    type Order = { subjectId: string; typeLabel: string };
    const inbox = (token: string, type: 1 | 2) =>
      call<Page<Order>>(ctx, 'POST', '/api/workcatalog/list', { token, body: { type, workStatus: '3' } });
    const reviewers = await signedInWith(ctx, ['catalog:workorder', P.bureauReview], { roles: ['reviewer'] });
    expect((await inbox(reviewers.token, 1)).body.result.records).toContainEqual(
      expect.objectContaining({ subjectId: id, typeLabel: '大数据局审核' }),
    );
    const ours = await signedInWith(ctx, ['catalog:workorder', P.providerReview], { departs: [provider] });
    expect((await inbox(ours.token, 1)).body.result.records.map((r) => r.subjectId)).not.toContain(id);
    expect((await inbox(ours.token, 2)).body.result.records).toContainEqual(
      expect.objectContaining({ subjectId: id, typeLabel: '提供部门审核' }),
    );
  });

  it('lets only the bureau decide the second node, without narrowing again', async () => {
    expect((await decide(officer, { id, decision: 'approve' })).status).toBe(403);
    const narrow = await decide(reviewer, { id, decision: 'approve', fields: ['编号'] });
    expect(narrow.status).toBe(400);
    expect(narrow.body.message).toBe('只有提供部门审核时可以调整字段和期限');
    const res = await decide(reviewer, { id, decision: 'approve', comment: '同意' });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      status: '3',
      grantedFields: ['编号', '姓名', '手机号'],
      grantedEndDate: inDays(60),
      dailyQuota: 1000,
      reportDueAt: dayEnd(inDays(60)).toISOString(),
      reportOverdue: false,
    });
    expect(res.body.result.actions).toContain('revoke');
    const titles = (
      await ctx.db.select({ t: businessMessages.title }).from(businessMessages).where(eq(businessMessages.busId, id))
    ).map((m) => m.t);
    expect(titles).toContain('开放申请“有条件人员名单”审核通过，已开通');
    expect((await decide(reviewer, { id, decision: 'approve' })).status).toBe(400);
  });

  it('shows the application to its applicant, provider and reviewers only', async () => {
    const mine = await detail(alice, id);
    expect(mine.status).toBe(200);
    expect(mine.body.result.history.map((h) => h.action)).toEqual(['submit', 'providerApprove', 'bureauApprove']);
    expect(mine.body.result.history[1]).toMatchObject({ comment: '手机号脱敏提供', fromStatus: '1', toStatus: '2' });
    expect(mine.body.result.applicationFile?.fileName).toBe('申请表.pdf');
    expect(mine.body.result.reports).toHaveLength(1);
    expect(mine.body.result.actions).toEqual(['cancel']);
    for (const who of [officer, reviewer]) expect((await detail(who, id)).status).toBe(200);
    for (const who of [bob, stranger]) {
      const res = await detail(who, id);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('开放申请不存在');
    }
    expect((await detail(bob, crypto.randomUUID())).status).toBe(404);
    const bobs = await call<Page<OpenApplyItem>>(ctx, 'GET', '/api/openApply/mine', { token: bob.token });
    expect(bobs.body.result.records.map((r) => r.id)).not.toContain(id);
    const alices = await call<Page<OpenApplyItem>>(ctx, 'GET', '/api/openApply/mine', {
      token: alice.token,
      query: { status: '3' },
    });
    expect(alices.body.result.records.map((r) => r.id)).toEqual([id]);
  });

  it('lists the department’s applications in the back office, every one for reviewers', async () => {
    const list = (who: Person) =>
      call<Page<OpenApplyItem>>(ctx, 'POST', '/api/openApply/list', { token: who.token, body: { pageSize: 100 } });
    expect((await list(officer)).body.result.records.map((r) => r.id)).toContain(id);
    expect((await list(reviewer)).body.result.records.map((r) => r.id)).toContain(id);
    expect((await list(stranger)).body.result.records.map((r) => r.id)).not.toContain(id);
    expect((await list(alice)).status).toBe(403);
  });

  it('grants at the provider when the rule has no bureau review', async () => {
    await setRule(ctx.db, 'bureau_review', '0');
    try {
      const e = await conditionalEntry(ctx.db, provider.orgCode);
      const res = await apply(bob, applyBody(e.id, await uploadForms(ctx, bob.token)));
      const item = (await decide(officer, { id: res.body.result.id, decision: 'approve' })).body.result;
      expect(item.status).toBe('3');
      const tasks = await ctx.db.select().from(workflowTasks).where(eq(workflowTasks.subjectId, item.id));
      expect(tasks.map((t) => t.taskType)).toEqual(['provider']);
    } finally {
      await setRule(ctx.db, 'bureau_review', '1');
    }
  });

  it('tells the applicant the reason of a refusal; they may apply again', async () => {
    const e = await conditionalEntry(ctx.db, provider.orgCode);
    const first = await apply(bob, applyBody(e.id, await uploadForms(ctx, bob.token)));
    const refused = await decide(officer, { id: first.body.result.id, decision: 'reject', comment: '用途不明确' });
    expect(refused.body.result).toMatchObject({ status: '4', reason: '用途不明确' });
    const [msg] = await ctx.db
      .select()
      .from(businessMessages)
      .where(and(eq(businessMessages.userId, bob.id), eq(businessMessages.busId, first.body.result.id)));
    expect(msg.title).toContain('未通过');
    expect(msg.content).toContain('用途不明确');
    const again = await apply(bob, applyBody(e.id, await uploadForms(ctx, bob.token)));
    expect(again.status).toBe(200);
    // The bureau refuses at its node as well.
    await decide(officer, { id: again.body.result.id, decision: 'approve' });
    const bureau = await decide(reviewer, { id: again.body.result.id, decision: 'reject', comment: '暂缓开放' });
    expect(bureau.body.result).toMatchObject({ status: '4', reason: '暂缓开放' });
  });
});

describe('the grant', () => {
  let id: string;
  let app: { id: string; appKey: string; secret: string };
  let second: { id: string; appKey: string; secret: string };
  let e: { id: string };

  beforeAll(async () => {
    e = await conditionalEntry(ctx.db, provider.orgCode);
    id = await granted(alice, e.id, { fields: ['编号', '姓名', '手机号', '金额'] });
    app = await createOpenApp(ctx, alice.token, '授权测试应用');
    second = await createOpenApp(ctx, alice.token, '第二个应用');
  });

  it('reads nothing before an app is bound', async () => {
    expect((await rows(app, e.id)).status).toBe(403);
  });

  it('binds only the applicant’s own active app', async () => {
    const before = await written();
    const bobsApp = await createOpenApp(ctx, bob.token, '他人的应用');
    const theirs = await call(ctx, 'POST', '/api/openApply/bindApp', {
      token: alice.token,
      body: { id, appId: bobsApp.id },
    });
    expect(theirs.status).toBe(400);
    expect(theirs.body.message).toBe('应用不存在或已停用');
    const notMine = await call(ctx, 'POST', '/api/openApply/bindApp', {
      token: bob.token,
      body: { id, appId: bobsApp.id },
    });
    expect(notMine.status).toBe(404);
    expect((await call(ctx, 'POST', '/api/openApply/bindApp', { token: alice.token, body: { id } })).status).toBe(400);
    expect(await written()).toEqual(before);
  });

  it('gives the bound app exactly the granted fields for the granted period', async () => {
    const bound = await call<OpenApplyItem>(ctx, 'POST', '/api/openApply/bindApp', {
      token: alice.token,
      body: { id, appId: app.id },
    });
    expect(bound.status).toBe(200);
    expect(bound.body.result.appName).toBe('授权测试应用');
    const [grant] = await ctx.db.select().from(openGrants).where(eq(openGrants.openApplyId, id));
    expect(grant).toMatchObject({ appId: app.id, catalogId: e.id, dailyQuota: 1000, unmasked: false });
    expect(grant.fields).toEqual(['编号', '姓名', '手机号', '金额']);
    expect(grant.startsAt.toISOString()).toBe(dayStart(inDays(0)).toISOString());
    expect(grant.endsAt?.toISOString()).toBe(dayEnd(inDays(90)).toISOString());
    const res = await rows(app, e.id, '?sort=id&limit=2');
    expect(res.status).toBe(200);
    expect(res.body.result.fields.map((f) => f.key)).toEqual(['id', 'name', 'mobile', 'amount']);
    expect(res.body.result.rows[0]).toEqual({ id: '1', name: '张三', mobile: '138****1111', amount: '120' });
    // Other apps of the applicant, and other datasets, stay as they were.
    expect((await rows(second, e.id)).status).toBe(403);
    expect((await rows(app, entry.id)).status).toBe(403);
  });

  it('moves to another app when bound again', async () => {
    const res = await call(ctx, 'POST', '/api/openApply/bindApp', {
      token: alice.token,
      body: { id, appId: second.id },
    });
    expect(res.status).toBe(200);
    expect((await rows(app, e.id)).status).toBe(403);
    expect((await rows(second, e.id)).status).toBe(200);
    const grants = await ctx.db.select().from(openGrants).where(eq(openGrants.openApplyId, id));
    expect(grants).toHaveLength(1);
    const history = (await detail(alice, id)).body.result.history.map((h) => h.actionLabel);
    expect(history.filter((h) => h === '绑定应用')).toHaveLength(2);
  });

  it('is revoked by the provider with a reason, and access ends at once', async () => {
    const before = await written();
    expect((await call(ctx, 'POST', '/api/openApply/revoke', { token: officer.token, body: { id } })).status).toBe(400);
    expect(
      (await call(ctx, 'POST', '/api/openApply/revoke', { token: stranger.token, body: { id, comment: '违规' } }))
        .status,
    ).toBe(403);
    expect(
      (await call(ctx, 'POST', '/api/openApply/revoke', { token: alice.token, body: { id, comment: '违规' } })).status,
    ).toBe(403);
    expect(await written()).toEqual(before);
    const res = await call<OpenApplyItem>(ctx, 'POST', '/api/openApply/revoke', {
      token: officer.token,
      body: { id, comment: '超范围使用数据' },
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ status: '5', reason: '超范围使用数据' });
    const res2 = await rows(second, e.id);
    expect(res2.status).toBe(403);
    const [grant] = await ctx.db.select().from(openGrants).where(eq(openGrants.openApplyId, id));
    expect(grant.revokedAt).not.toBeNull();
    const [msg] = await ctx.db
      .select()
      .from(businessMessages)
      .where(and(eq(businessMessages.busId, id), sql`${businessMessages.title} like '%撤销%'`));
    expect(msg.userId).toBe(alice.id);
    // The report now covers the use so far and is due within the reporting window.
    const [report] = await ctx.db.select().from(usageReports).where(eq(usageReports.applyId, id));
    expect(report.dueAt.getTime()).toBeLessThanOrEqual(Date.now() + 31 * 86_400_000);
    expect(
      (await call(ctx, 'POST', '/api/openApply/bindApp', { token: alice.token, body: { id, appId: app.id } })).status,
    ).toBe(400);
  });

  it('is revoked by the bureau too', async () => {
    const e2 = await conditionalEntry(ctx.db, provider.orgCode);
    const id2 = await granted(bob, e2.id);
    const res = await call(ctx, 'POST', '/api/openApply/revoke', {
      token: reviewer.token,
      body: { id: id2, comment: '数据调整' },
    });
    expect(res.status).toBe(200);
    expect(await statusOf(id2)).toBe('5');
  });

  it('expires by the job with the moved clock, and access ends at once', async () => {
    const e3 = await conditionalEntry(ctx.db, provider.orgCode);
    const id3 = await granted(bob, e3.id, { endDate: inDays(0) });
    const bobsApp = await createOpenApp(ctx, bob.token, '到期测试');
    await call(ctx, 'POST', '/api/openApply/bindApp', { token: bob.token, body: { id: id3, appId: bobsApp.id } });
    expect((await rows(bobsApp, e3.id)).status).toBe(200);
    expect(await expireOpenApplies(ctx.db, new Date())).toMatchObject({ expired: 0 });
    const { expired } = await expireOpenApplies(ctx.db, new Date(Date.now() + 2 * 86_400_000));
    expect(expired).toBeGreaterThanOrEqual(1);
    expect(await statusOf(id3)).toBe('6');
    expect((await rows(bobsApp, e3.id)).status).toBe(403);
    const [h] = await ctx.db
      .select()
      .from(workflowHistory)
      .where(and(eq(workflowHistory.subjectId, id3), eq(workflowHistory.action, 'expire')));
    expect(h.realname).toBe('系统');
    const titles = (
      await ctx.db.select({ t: businessMessages.title }).from(businessMessages).where(eq(businessMessages.busId, id3))
    ).map((m) => m.t);
    expect(titles.some((t) => t.endsWith('已到期'))).toBe(true);
  });
});

describe('the daily quota of a grant', () => {
  it('answers 429 beyond the grant’s daily quota, whichever app holds it', async () => {
    await setRule(ctx.db, 'default_daily_quota', '3');
    try {
      const e = await conditionalEntry(ctx.db, provider.orgCode);
      const id = await granted(bob, e.id);
      const first = await createOpenApp(ctx, bob.token, '配额一');
      const other = await createOpenApp(ctx, bob.token, '配额二');
      await call(ctx, 'POST', '/api/openApply/bindApp', { token: bob.token, body: { id, appId: first.id } });
      const remaining: string[] = [];
      for (let i = 0; i < 3; i++) {
        const p = `/datasets/${e.id}/rows?limit=1`;
        const res = await ctx.app.inject({ method: 'GET', url: url(p), headers: signedHeaders(first, 'GET', url(p)) });
        expect(res.statusCode).toBe(200);
        remaining.push(String(res.headers['x-ratelimit-remaining']));
      }
      expect(remaining).toEqual(['2', '1', '0']);
      const over = await rows(first, e.id);
      expect(over.status).toBe(429);
      expect(over.body.message).toBe('今日调用次数已用完，请明日再试');
      await call(ctx, 'POST', '/api/openApply/bindApp', { token: bob.token, body: { id, appId: other.id } });
      expect((await rows(other, e.id)).status).toBe(429);
      // Another grant of the same user counts on its own.
      const e2 = await conditionalEntry(ctx.db, provider.orgCode);
      const id2 = await granted(bob, e2.id);
      await call(ctx, 'POST', '/api/openApply/bindApp', { token: bob.token, body: { id: id2, appId: first.id } });
      expect((await rows(first, e2.id)).status).toBe(200);
    } finally {
      await setRule(ctx.db, 'default_daily_quota', '1000');
    }
  });
});

describe('我的服务', () => {
  let id: string;
  let e: { id: string };

  beforeAll(async () => {
    e = await conditionalEntry(ctx.db, provider.orgCode);
    id = await granted(alice, e.id, { fields: ['编号', '姓名'] });
    const app = await createOpenApp(ctx, alice.token, '我的服务应用');
    await call(ctx, 'POST', '/api/openApply/bindApp', { token: alice.token, body: { id, appId: app.id } });
  });

  it('lists the granted datasets with the key and today’s calls', async () => {
    const res = await call<Page<Record<string, unknown>>>(ctx, 'GET', '/api/userManage/myServicesList', {
      token: alice.token,
      query: { pageSize: '50' },
    });
    expect(res.status).toBe(200);
    const mine = res.body.result.records.find((r) => r.id === id);
    expect(mine).toMatchObject({ appName: '我的服务应用', dailyQuota: 1000, usedToday: 0, live: true, status: '3' });
    expect(String(mine?.appKey)).toMatch(/^ak_/);
    expect(JSON.stringify(res.body)).not.toContain('sk_');
    const theirs = await call<Page<{ id: string }>>(ctx, 'GET', '/api/userManage/myServicesList', { token: bob.token });
    expect(theirs.body.result.records.map((r) => r.id)).not.toContain(id);
  });

  it('tests the interface through the open API with the owner’s session', async () => {
    const info = await call<{ fields: { key: string }[]; endpoint: string }>(ctx, 'GET', '/api/userManage/testApi', {
      token: alice.token,
      query: { id },
    });
    expect(info.status).toBe(200);
    expect(info.body.result.fields.map((f) => f.key)).toEqual(['id', 'name']);
    expect(info.body.result.endpoint).toBe(`${ctx.base}/open/api/v1/datasets/${e.id}/rows`);
    const res = await call<{ status: number; body: string; remaining: string }>(
      ctx,
      'POST',
      '/api/userManage/testApiDetail',
      {
        token: alice.token,
        body: { id, query: 'limit=2&sort=-id' },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.result.status).toBe(200);
    expect(JSON.parse(res.body.result.body).result.rows).toEqual([
      { id: '3', name: '王五' },
      { id: '2', name: '李四' },
    ]);
    expect(res.body.result.remaining).toBe('999');
    const listed = await call<Page<Record<string, unknown>>>(ctx, 'GET', '/api/userManage/myServicesList', {
      token: alice.token,
    });
    expect(listed.body.result.records.find((r) => r.id === id)?.usedToday).toBe(1);
    const bad = await call<{ status: number }>(ctx, 'POST', '/api/userManage/testApiDetail', {
      token: alice.token,
      body: { id, query: 'colour=red' },
    });
    expect(bad.body.result.status).toBe(400);
    for (const path of ['/api/userManage/testApi']) {
      expect((await call(ctx, 'GET', path, { token: bob.token, query: { id } })).status).toBe(404);
    }
    expect((await call(ctx, 'POST', '/api/userManage/testApiDetail', { token: bob.token, body: { id } })).status).toBe(
      404,
    );
  });

  it('ends the applicant’s own service at once, nobody else’s', async () => {
    expect((await call(ctx, 'POST', '/api/userManage/endService', { token: bob.token, body: { id } })).status).toBe(
      404,
    );
    expect((await call(ctx, 'POST', '/api/userManage/endService', { token: officer.token, body: { id } })).status).toBe(
      403,
    );
    const res = await call(ctx, 'POST', '/api/userManage/endService', { token: alice.token, body: { id } });
    expect(res.status).toBe(200);
    const [row] = await ctx.db.select().from(openApplies).where(eq(openApplies.id, id));
    expect(row).toMatchObject({ status: '5', reason: '用户主动取消' });
    const test = await call(ctx, 'POST', '/api/userManage/testApiDetail', { token: alice.token, body: { id } });
    expect(test.status).toBe(400);
    const [grant] = await ctx.db.select().from(openGrants).where(eq(openGrants.openApplyId, id));
    expect(grant.revokedAt).not.toBeNull();
    expect((await call(ctx, 'POST', '/api/userManage/endService', { token: alice.token, body: { id } })).status).toBe(
      400,
    );
  });
});

describe('uploads in an application', () => {
  it('takes a scan as the form', async () => {
    const e = await conditionalEntry(ctx.db, provider.orgCode);
    const scan = await uploadAttachment(
      ctx,
      bob.token,
      'openApply.application',
      '申请表.jpg',
      await SAMPLE_FILES.jpg(),
    );
    const files = await uploadForms(ctx, bob.token);
    const res = await apply(bob, applyBody(e.id, { ...files, applicationFileId: scan.body.result.id }));
    expect(res.status).toBe(200);
  });
});

describe('a withdrawn entry', () => {
  it('ends its grants in the same transaction, telling the applicant', async () => {
    const e = await conditionalEntry(ctx.db, provider.orgCode);
    const id = await granted(bob, e.id);
    const app = await createOpenApp(ctx, bob.token, '下架测试');
    await call(ctx, 'POST', '/api/openApply/bindApp', { token: bob.token, body: { id, appId: app.id } });
    expect((await rows(app, e.id)).status).toBe(200);
    const admin = await person({ roles: ['admin'] });
    const res = await call(ctx, 'POST', '/api/flowcatalog/delete', { token: admin.token, body: { ids: [e.id] } });
    expect(res.status, res.body.message).toBe(200);
    const [row] = await ctx.db.select().from(openApplies).where(eq(openApplies.id, id));
    expect(row).toMatchObject({ status: '5', reason: '数据目录已删除，授权终止' });
    const [grant] = await ctx.db.select().from(openGrants).where(eq(openGrants.openApplyId, id));
    expect(grant.revokedAt).not.toBeNull();
    const [h] = await ctx.db
      .select()
      .from(workflowHistory)
      .where(and(eq(workflowHistory.subjectId, id), eq(workflowHistory.action, 'withdraw')));
    expect(h.realname).toBe('系统');
    // Restored to the shelf, the entry's key still reads nothing: the grant stays ended.
    await call(ctx, 'POST', '/api/flowcatalog/recover', { token: admin.token, body: { ids: [e.id] } });
    expect((await rows(app, e.id)).status).toBe(403);
    const titles = (
      await ctx.db.select({ t: businessMessages.title }).from(businessMessages).where(eq(businessMessages.busId, id))
    ).map((m) => m.t);
    expect(titles.some((t) => t.endsWith('的授权已终止'))).toBe(true);
  });
});
