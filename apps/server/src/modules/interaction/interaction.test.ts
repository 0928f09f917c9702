import {
  type BatchResult,
  type InteractionDetail,
  type InteractionRecord,
  type InteractionStatistics,
  type InteractionWorkItem,
  type MyInteractionItem,
  type Page,
  type PublicInteractionItem,
  type SearchHitPage,
  type SiteSearchResult,
  TaskStatus,
} from '@odp/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessMessages,
  catalogues,
  contentItems,
  interactionTickets,
  workflowTasks,
} from '../../db/schema/index.js';
import { runDeadlines } from '../../platform/workflow/deadlines.js';
import { actorFor, createDepart, createUser, login } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { createMarketEntry } from '../market/testing.js';
import { interactionService } from './service.js';

type Person = { id: string; token: string; username: string; realname: string };

let ctx: TestContext;
let deptA: { id: string; orgCode: string; departName: string };
let deptB: { id: string; orgCode: string; departName: string };
let bureau: { id: string; orgCode: string };
let citizen: Person;
let other: Person;
let officerA: Person;
let officerB: Person;
let reviewer: Person;
let entryA: { id: string; catalogName: string };

async function person(opts: Parameters<typeof createUser>[1]): Promise<Person> {
  const user = await createUser(ctx.db, opts);
  return {
    id: user.id,
    username: user.username,
    realname: user.realname,
    token: await login(ctx, user.username, user.password),
  };
}

const correction = (token: string, body: Record<string, unknown> = {}) =>
  call<MyInteractionItem>(ctx, 'POST', '/api/dataCorrection/save', {
    token,
    body: { catalogId: entryA.id, correctionContent: '第 3 行的站点坐标与实际位置不符，请核实后更正。', ...body },
  });
const consult = (token: string, body: Record<string, unknown> = {}) =>
  call<MyInteractionItem>(ctx, 'POST', '/api/consult/save', {
    token,
    body: {
      consultTitle: '如何申请有条件开放数据',
      consultType: '1',
      consultContent: '我想申请使用企业登记信息的接口，请问需要准备哪些材料，审核需要多长时间？',
      ...body,
    },
  });
const reply = (token: string, id: string, html = '<p>已核实并更正，感谢反馈。</p>') =>
  call(ctx, 'POST', '/api/workinteraction/reply', { token, body: { id, reply: html } });
const transition = (token: string, ids: string[], action: string, comment?: string) =>
  call<BatchResult>(ctx, 'POST', '/api/workinteraction/transition', { token, body: { ids, action, comment } });
const detail = (token: string, id: string) =>
  call<InteractionDetail>(ctx, 'GET', '/api/dataCorrection/getDataCorrectionById', { token, query: { id } });
const publicList = (kind: string) =>
  call<Page<PublicInteractionItem>>(ctx, 'GET', '/api/workinteraction/public', { query: { kind, pageSize: '50' } });
const ticketCount = async () => Number((await ctx.db.select({ n: count() }).from(interactionTickets))[0].n);
const openTask = async (id: string) => {
  const [task] = await ctx.db
    .select()
    .from(workflowTasks)
    .where(and(eq(workflowTasks.subjectId, id), eq(workflowTasks.status, TaskStatus.open)));
  return task;
};

beforeAll(async () => {
  ctx = await createTestApp();
  deptA = await createDepart(ctx.db, { departName: '测试交通局' });
  deptB = await createDepart(ctx.db, { departName: '测试卫健委' });
  bureau = await createDepart(ctx.db, { departName: '测试大数据局' });
  citizen = await person({ roles: ['registered'] });
  other = await person({ roles: ['registered'] });
  officerA = await person({ roles: ['dept_admin'], departs: [deptA] });
  officerB = await person({ roles: ['dept_admin'], departs: [deptB] });
  reviewer = await person({ roles: ['reviewer'], departs: [bureau] });
  entryA = await createMarketEntry(ctx.db, deptA.orgCode, { catalogName: '公交线路站点（测试）' });
});

afterAll(async () => {
  await ctx?.close();
});

describe('submitting and routing', () => {
  it("routes a correction to the dataset's provider with the kind's deadline, a question to the bureau's desk", async () => {
    const res = await correction(citizen.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('提交成功!');
    const id = res.body.result.id;
    expect(res.body.result).toMatchObject({
      title: '《公交线路站点（测试）》数据纠错',
      status: 0,
      departName: deptA.departName,
    });
    const task = await openTask(id);
    expect(task).toMatchObject({ subjectType: 'dataCorrection', taskType: 'reply', assigneeOrgCode: deptA.orgCode });
    expect(task.assigneeRole).toBeNull();
    // 5 working days: never sooner than 5 calendar days, never later than 5 + two weekends and a holiday.
    const days = ((task.dueAt?.getTime() ?? 0) - task.submitTime.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(4);
    expect(days).toBeLessThan(14);

    const q = await consult(citizen.token);
    expect(q.status).toBe(200);
    const deskTask = await openTask(q.body.result.id);
    expect(deskTask).toMatchObject({ subjectType: 'consult', assigneeOrgCode: null, assigneeRole: 'reviewer' });
  });

  it('routes a data request to the department the submitter named, due in 10 working days', async () => {
    const res = await call<MyInteractionItem>(ctx, 'POST', '/api/dataApplication/save', {
      token: citizen.token,
      body: {
        applicationTitle: '希望开放公共自行车站点实时数据',
        applicationReason: '用于出行应用',
        dataFormat: 'API',
        orgCode: deptB.orgCode,
      },
    });
    expect(res.status).toBe(200);
    const task = await openTask(res.body.result.id);
    expect(task.assigneeOrgCode).toBe(deptB.orgCode);
    const days = ((task.dueAt?.getTime() ?? 0) - task.submitTime.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(11);
  });

  it('answers bad input with a Chinese 400 and writes nothing', async () => {
    const before = await ticketCount();
    const cases = [
      await correction(citizen.token, { correctionContent: '  ' }),
      await correction(citizen.token, { catalogId: '00000000-0000-4000-8000-000000000000' }),
      await consult(citizen.token, { consultContent: '太短了' }),
      await consult(citizen.token, { consultType: '999' }),
      await call(ctx, 'POST', '/api/dataApplication/save', {
        token: citizen.token,
        body: { applicationTitle: '需求', applicationReason: '用途', dataFormat: 'PDF' },
      }),
      await call(ctx, 'POST', '/api/rightsProtection/save', {
        token: citizen.token,
        body: { catalogId: entryA.id, protectionContent: '涉及个人隐私' },
      }),
      await correction(citizen.token, { attachmentIds: ['00000000-0000-4000-8000-000000000001'] }),
    ];
    expect(cases.map((c) => c.status)).toEqual([400, 400, 400, 400, 400, 400, 400]);
    expect(cases[0].body.message).toContain('纠错内容不能为空');
    expect(cases[2].body.message).toContain('20字以上');
    expect(cases[4].body.message).toContain('请选择期望数据格式');
    expect(cases[5].body.message).toContain('请选择保护方式');
    expect(await ticketCount()).toBe(before);
    expect((await correction('', {})).status).toBe(401);
  });
});

describe('handling by department and role', () => {
  it('shows a department only the tickets routed to it', async () => {
    const { id } = (await correction(citizen.token)).body.result;
    const listA = await call<Page<InteractionRecord>>(ctx, 'POST', '/api/dataCorrection/dataCorrectionList', {
      token: officerA.token,
      body: { pageSize: 100 },
    });
    expect(listA.status).toBe(200);
    expect(listA.body.result.records.map((r) => r.id)).toContain(id);
    expect(listA.body.result.records.every((r) => r.orgCode === deptA.orgCode)).toBe(true);
    expect(listA.body.result.records.find((r) => r.id === id)?.submitterName).toBe(citizen.realname);
    const listB = await call<Page<InteractionRecord>>(ctx, 'POST', '/api/dataCorrection/dataCorrectionList', {
      token: officerB.token,
      body: { pageSize: 100 },
    });
    expect(listB.body.result.records.map((r) => r.id)).not.toContain(id);
    expect((await detail(officerB.token, id)).status).toBe(404);
    expect((await reply(officerB.token, id)).status).toBe(404);
    expect((await detail(other.token, id)).status).toBe(404);
    expect((await detail(citizen.token, id)).status).toBe(200);
    // The bureau sees every department's.
    const all = await call<Page<InteractionRecord>>(ctx, 'POST', '/api/dataCorrection/dataCorrectionList', {
      token: reviewer.token,
      body: { pageSize: 100 },
    });
    expect(all.body.result.records.map((r) => r.id)).toContain(id);
    // A citizen has no back-office list.
    expect(
      (await call(ctx, 'POST', '/api/dataCorrection/dataCorrectionList', { token: citizen.token, body: {} })).status,
    ).toBe(403);
  });

  it('lets the department 退回 to the desk and only the bureau 转办 to another department', async () => {
    const { id } = (await correction(citizen.token)).body.result;
    const noReason = await transition(officerA.token, [id], 'return');
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('请填写退回理由');
    // A department may not 转办.
    const byOfficer = await call(ctx, 'POST', '/api/workinteraction/transfer', {
      token: officerA.token,
      body: { ids: [id], orgCode: deptB.orgCode },
    });
    expect(byOfficer.status).toBe(403);

    expect((await transition(officerA.token, [id], 'return', '该数据不属于本局职责')).status).toBe(200);
    let task = await openTask(id);
    expect(task).toMatchObject({ assigneeOrgCode: null, assigneeRole: 'reviewer' });
    expect((await detail(officerA.token, id)).status).toBe(404);
    // At the desk already: nothing to return.
    expect((await transition(reviewer.token, [id], 'return', '再退')).body.message).toBe(
      '该事项已在大数据局受理台，无需退回',
    );

    const moved = await call(ctx, 'POST', '/api/workinteraction/transfer', {
      token: reviewer.token,
      body: { ids: [id], orgCode: deptB.orgCode, comment: '请卫健委核实' },
    });
    expect(moved.status).toBe(200);
    task = await openTask(id);
    expect(task).toMatchObject({ assigneeOrgCode: deptB.orgCode, assigneeRole: null });
    const seen = await call<InteractionDetail>(ctx, 'GET', '/api/dataCorrection/getDataCorrectionById', {
      token: officerB.token,
      query: { id },
    });
    expect(seen.status).toBe(200);
    expect(seen.body.result.history.map((h) => h.action)).toEqual(['submit', 'return', 'transfer']);
    const unknown = await call(ctx, 'POST', '/api/workinteraction/transfer', {
      token: reviewer.token,
      body: { ids: [id], orgCode: 'NOPE' },
    });
    expect(unknown.body.message).toBe('转办部门不存在');
  });

  it('keeps the reply sanitised, signs it with the department and tells the submitter under 互动回复', async () => {
    const { id } = (
      await correction(citizen.token, { correctionContent: '联系电话 13812345678 的那一行站点名称写错了。' })
    ).body.result;
    expect((await transition(officerA.token, [id], 'accept')).status).toBe(200);
    const res = await reply(
      officerA.token,
      id,
      '<p onclick="x()">已更正<script>alert(1)</script><a href="javascript:alert(1)">看</a></p>',
    );
    expect(res.status).toBe(200);
    const [row] = await ctx.db.select().from(interactionTickets).where(eq(interactionTickets.id, id));
    expect(row.status).toBe(2);
    expect(row.reply).not.toMatch(/script|onclick|javascript/);
    expect(row.reply).toContain('已更正');
    expect(row.replyDepartName).toBe(deptA.departName);
    expect(row.replyOnTime).toBe(true);
    const messages = await ctx.db
      .select()
      .from(businessMessages)
      .where(and(eq(businessMessages.userId, citizen.id), eq(businessMessages.busId, id)));
    expect(messages.map((m) => m.messageType)).toContain('interaction_reply');

    const pub = await publicList('dataCorrection');
    const item = pub.body.result.records.find((r) => r.id === id);
    expect(item).toBeDefined();
    expect(item?.replyDepartName).toBe(deptA.departName);
    const text = JSON.stringify(pub.body.result);
    expect(text).not.toContain(citizen.realname);
    expect(text).not.toContain(citizen.username);
    expect(text).not.toContain(citizen.id);
    expect(text).not.toContain('13812345678');
    expect(item?.content).toContain('138****5678');
    expect(Object.keys(item ?? {})).not.toContain('submitterName');
    // A reply made only of markup is no reply.
    const { id: id2 } = (await correction(citizen.token)).body.result;
    expect((await reply(officerA.token, id2, '<script>x</script>')).status).toBe(400);
  });

  it('never lists a private item publicly, and the submitter may make one private later', async () => {
    const { id } = (await correction(citizen.token, { isPublic: false })).body.result;
    const { id: laterPrivate } = (await correction(citizen.token)).body.result;
    expect((await reply(officerA.token, id)).status).toBe(200);
    expect((await reply(officerA.token, laterPrivate)).status).toBe(200);
    let ids = (await publicList('dataCorrection')).body.result.records.map((r) => r.id);
    expect(ids).not.toContain(id);
    expect(ids).toContain(laterPrivate);
    expect((await call(ctx, 'GET', '/api/workinteraction/publicDetail', { query: { id } })).status).toBe(404);
    // Only the submitter decides.
    const byOther = await call(ctx, 'POST', '/api/workinteraction/privacy', {
      token: other.token,
      body: { id: laterPrivate, isPublic: false },
    });
    expect(byOther.status).toBe(404);
    expect(
      (
        await call(ctx, 'POST', '/api/workinteraction/privacy', {
          token: citizen.token,
          body: { id: laterPrivate, isPublic: false },
        })
      ).status,
    ).toBe(200);
    ids = (await publicList('dataCorrection')).body.result.records.map((r) => r.id);
    expect(ids).not.toContain(laterPrivate);
    // Unreplied items are never public either.
    const { id: open } = (await correction(citizen.token)).body.result;
    expect((await publicList('dataCorrection')).body.result.records.map((r) => r.id)).not.toContain(open);
  });

  it('lets only the submitter of a replied ticket rate it, from 1 to 5', async () => {
    const { id } = (await correction(citizen.token)).body.result;
    const rate = (token: string, score: unknown) =>
      call(ctx, 'POST', '/api/workinteraction/rate', { token, body: { id, score } });
    expect((await rate(citizen.token, 5)).status).toBe(400); // not replied yet
    await reply(officerA.token, id);
    expect((await rate(other.token, 5)).status).toBe(404);
    expect((await rate(officerA.token, 5)).status).toBe(403);
    expect((await rate(citizen.token, 6)).status).toBe(400);
    const ok = await rate(citizen.token, 4);
    expect(ok.status).toBe(200);
    const [row] = await ctx.db.select().from(interactionTickets).where(eq(interactionTickets.id, id));
    expect(row.score).toBe(4);
  });
});

describe('deadlines and reopening by the injected clock', () => {
  it('flags an unanswered ticket overdue, counts a late reply as late, and reopens once within 7 days', async () => {
    let clock = new Date('2026-03-02T02:00:00Z'); // a Monday, 10:00 in 滨江
    const svc = interactionService(() => clock);
    const submitter = actorFor({ id: citizen.id, username: citizen.username, realname: citizen.realname }, null, [
      'interaction:submit',
    ]);
    const handler = actorFor(
      { id: officerA.id, username: officerA.username, realname: officerA.realname },
      deptA.orgCode,
      ['interaction:handle'],
    );
    const made = await svc.submit(ctx.db, submitter, {
      kind: 'dataCorrection',
      input: { catalogId: entryA.id, correctionContent: '坐标有误', attachmentIds: [], isPublic: true },
    });
    const task = await openTask(made.id);
    // Five working days after Monday 2 March: Monday 9 March, end of day in 滨江.
    expect(task.dueAt?.toISOString().slice(0, 10)).toBe('2026-03-09');

    clock = new Date('2026-03-12T02:00:00Z');
    const { overdue } = await runDeadlines(ctx.db, clock, { remindBeforeHours: 24 });
    expect(overdue).toBeGreaterThanOrEqual(1);
    expect((await openTask(made.id)).overdueAt).not.toBeNull();
    const late = await svc.list(ctx.db, handler, 'dataCorrection', {
      pageNo: 1,
      pageSize: 100,
      overdue: true,
      startTime: null,
      endTime: null,
    });
    expect(late.records.find((r) => r.id === made.id)?.overdue).toBe(true);

    await svc.reply(ctx.db, handler, { id: made.id, reply: '<p>已更正</p>', attachmentIds: [] });
    const [row] = await ctx.db.select().from(interactionTickets).where(eq(interactionTickets.id, made.id));
    expect(row.replyOnTime).toBe(false);

    // Eight days after the reply: too late.
    clock = new Date('2026-03-20T03:00:00Z');
    await expect(svc.reopen(ctx.db, submitter, made.id, '仍未更正')).rejects.toThrow('回复已超过 7 天，不能重新打开');
    clock = new Date('2026-03-15T03:00:00Z');
    await svc.reopen(ctx.db, submitter, made.id, '仍未更正');
    expect((await openTask(made.id)).assigneeOrgCode).toBe(deptA.orgCode);
    await svc.reply(ctx.db, handler, { id: made.id, reply: '<p>已再次核实并更正</p>', attachmentIds: [] });
    await expect(svc.reopen(ctx.db, submitter, made.id, '再来一次')).rejects.toThrow('每个事项只能重新打开一次');
  });
});

describe('figures, the inbox and the off-shelf request', () => {
  it('counts received, replied, on time and satisfaction, in the department scope', async () => {
    const pub = await call<InteractionStatistics>(ctx, 'GET', '/api/workinteraction/publicStatistics');
    expect(pub.status).toBe(200);
    const rows = await ctx.db.select().from(interactionTickets);
    const live = rows.filter((r) => r.status !== 9);
    expect(pub.body.result.total.received).toBe(live.length);
    expect(pub.body.result.total.replied).toBe(live.filter((r) => r.firstRepliedAt).length);
    const rated = live.filter((r) => r.score !== null);
    expect(pub.body.result.total.rated).toBe(rated.length);
    const a = pub.body.result.byDepartment.find((d) => d.orgCode === deptA.orgCode);
    expect(a?.departName).toBe(deptA.departName);
    const mine = await call<InteractionStatistics>(ctx, 'GET', '/api/workinteraction/statistics', {
      token: officerB.token,
    });
    expect(mine.body.result.byDepartment.every((d) => d.orgCode === deptB.orgCode)).toBe(true);
  });

  it('lists the reply tasks an officer owes and badges them', async () => {
    const { id } = (await correction(citizen.token)).body.result;
    const inbox = await call<Page<InteractionWorkItem>>(ctx, 'POST', '/api/workinteraction/workList', {
      token: officerA.token,
      body: { type: '1', pageSize: 100 },
    });
    expect(inbox.body.result.records.map((r) => r.id)).toContain(id);
    const inboxB = await call<Page<InteractionWorkItem>>(ctx, 'POST', '/api/workinteraction/workList', {
      token: officerB.token,
      body: { type: '1', pageSize: 100 },
    });
    expect(inboxB.body.result.records.map((r) => r.id)).not.toContain(id);
  });

  it('starts the catalogue off-shelf review from a 权益保护 ticket asking 下架', async () => {
    const entry = await createMarketEntry(ctx.db, deptA.orgCode, { catalogName: '含个人信息的名录（测试）' });
    const res = await call<MyInteractionItem>(ctx, 'POST', '/api/rightsProtection/save', {
      token: citizen.token,
      body: { catalogId: entry.id, protectionType: '1', protectionContent: '该数据包含本人住址与电话，侵犯个人隐私。' },
    });
    expect(res.status).toBe(200);
    expect(res.body.result.title).toBe('《含个人信息的名录（测试）》下架申请');
    const started = await call(ctx, 'POST', '/api/workinteraction/offShelf', {
      token: officerA.token,
      body: { id: res.body.result.id, reason: '3', comment: '经核实含个人隐私信息' },
    });
    expect(started.status).toBe(200);
    const [cat] = await ctx.db.select().from(catalogues).where(eq(catalogues.id, entry.id));
    expect(cat.shelfStatus).toBe(3);
    const again = await call(ctx, 'POST', '/api/workinteraction/offShelf', {
      token: officerA.token,
      body: { id: res.body.result.id, reason: '3', comment: '再次' },
    });
    expect(again.status).toBe(400);
  });
});

describe('the site search 互动 tab', () => {
  it('finds replied public items by their question and reply, never private or unanswered ones', async () => {
    const word = `候车亭${Date.now() % 100000}`;
    const { id: shown } = (await correction(citizen.token, { correctionContent: `${word}的位置标错了，请核实。` })).body
      .result;
    const { id: hidden } = (
      await correction(citizen.token, { correctionContent: `${word}名称有误。`, isPublic: false })
    ).body.result;
    const { id: open } = (await correction(citizen.token, { correctionContent: `${word}缺少经纬度。` })).body.result;
    expect((await reply(officerA.token, shown, '<p>已在地图上移正位置</p>')).status).toBe(200);
    expect((await reply(officerA.token, hidden)).status).toBe(200);
    const search = (q: string) =>
      call<SiteSearchResult>(ctx, 'GET', '/api/search/site', { query: { search: q, type: 'interaction' } });
    const byQuestion = await search(word);
    expect(byQuestion.status, byQuestion.body.message).toBe(200);
    expect(byQuestion.body.result.kind).toBe('hits');
    const ids = (byQuestion.body.result.page as SearchHitPage).records.map((h) => h.id);
    expect(ids).toContain(shown);
    expect(ids).not.toContain(hidden);
    expect(ids).not.toContain(open);
    const hit = (byQuestion.body.result.page as SearchHitPage).records.find((h) => h.id === shown);
    expect(hit?.source).toBe(deptA.departName);
    expect(hit?.href).toBe(`/communication/interaction?section=dataCorrection&id=${shown}`);
    expect(JSON.stringify(byQuestion.body.result)).not.toContain(citizen.realname);
    expect(byQuestion.body.result.tabs.find((tab) => tab.type === 'interaction')?.label).toBe('互动');
    const byReply = await search('地图上移正');
    expect((byReply.body.result.page as SearchHitPage).records.map((h) => h.id)).toContain(shown);
  });
});

describe("the original work-order page's calls", () => {
  it('answers a ticket through processByDateId and gives one back through taskProcessByDataId', async () => {
    const { id } = (await correction(citizen.token)).body.result;
    const { id: other } = (await correction(citizen.token)).body.result;
    const empty = await call(ctx, 'POST', '/processFlow/task/processByDateId', {
      token: officerA.token,
      body: { dataId: id },
    });
    expect(empty.status).toBe(400);
    const done = await call(ctx, 'POST', '/processFlow/task/processByDateId', {
      token: officerA.token,
      body: { dataId: id, comment: '已更正 <b>坐标</b>' },
    });
    expect(done.status).toBe(200);
    const [row] = await ctx.db.select().from(interactionTickets).where(eq(interactionTickets.id, id));
    expect(row.status).toBe(2);
    expect(row.reply).toBe('<p>已更正 &lt;b&gt;坐标&lt;/b&gt;</p>');
    const back = await call(ctx, 'POST', '/processFlow/task/taskProcessByDataId', {
      token: officerA.token,
      body: { dataIds: [other], comment: '不属于本局' },
    });
    expect(back.status).toBe(200);
    expect((await openTask(other)).assigneeRole).toBe('reviewer');
    // Another department's officer may do neither.
    const { id: third } = (await correction(citizen.token)).body.result;
    const refused = await call(ctx, 'POST', '/processFlow/task/processByDateId', {
      token: officerB.token,
      body: { dataId: third, comment: '越权答复' },
    });
    expect(refused.status).toBe(400);
    const [still] = await ctx.db.select().from(interactionTickets).where(eq(interactionTickets.id, third));
    expect(still.status).toBe(0);
  });
});

describe('转为常见问题', () => {
  const toFaq = (token: string, id: string, category?: string) =>
    call<{ id: string }>(ctx, 'POST', '/api/workinteraction/toFaq', { token, body: { id, category } });

  it("makes an FAQ draft of a replied ticket's question and reply, for content editors only", async () => {
    const q = await consult(citizen.token, { consultTitle: '手机 13912345678 收不到验证码怎么办' });
    const id = q.body.result.id;
    const early = await toFaq(reviewer.token, id, 'account');
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('只有已回复的事项可以转为常见问题');
    expect(
      await reply(reviewer.token, id, '<p>请确认号码无误<script>x()</script>，并检查短信拦截。</p>'),
    ).toMatchObject({
      status: 200,
    });
    // A department officer answers tickets but does not edit content; a citizen neither.
    expect((await toFaq(officerA.token, id)).status).toBe(403);
    expect((await toFaq(citizen.token, id)).status).toBe(403);
    expect((await toFaq(reviewer.token, id, 'nonsense')).status).toBe(400);

    const made = await toFaq(reviewer.token, id, 'account');
    expect(made.status, made.body.message).toBe(200);
    const [faq] = await ctx.db.select().from(contentItems).where(eq(contentItems.id, made.body.result.id));
    expect(faq).toMatchObject({
      kind: 'faq',
      type: 'account',
      status: '1',
      title: '手机 139****5678 收不到验证码怎么办',
    });
    expect(faq.body).toContain('检查短信拦截');
    expect(faq.body).not.toContain('script');
    // A draft is not public.
    const pub = await call<{ id: string }[]>(ctx, 'GET', '/api/commonQuestion/public/list');
    expect(pub.status).toBe(200);
    expect(pub.body.result.map((r) => r.id)).not.toContain(faq.id);
  });
});
