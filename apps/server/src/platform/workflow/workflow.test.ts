import { randomUUID } from 'node:crypto';
import { defineMachine, TaskStatus } from '@odp/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { businessMessages, logs, workflowHistory, workflowTasks } from '../../db/schema/index.js';
import { actorFor, createDepart, createUser } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { Actor } from '../auth/actor.js';
import { applyTransition, applyTransitions } from './apply.js';
import { DEADLINE_MESSAGE_TYPES, runDeadlines } from './deadlines.js';
import { registerSubject } from './registry.js';
import { defineSubject, type SubjectRecord } from './subject.js';
import { forgetSubjects } from './tasks.js';

/** A record type that exists only in this test: a request reviewed by its own department in 2 working days. */
const machine = defineMachine({
  subject: 'wf_test_request',
  label: '测试申请',
  axes: { status: { label: '状态', states: { draft: '草稿', review: '审核中', done: '已办结', rejected: '已驳回' } } },
  tasks: { review: '部门审核' },
  allDepartmentsPermission: 'wftest:all',
  transitions: [
    {
      action: 'submit',
      label: '提交',
      axis: 'status',
      from: ['draft', 'rejected'],
      to: 'review',
      permission: 'wftest:submit',
      ownDepartment: true,
      task: { opens: 'review', assignee: { kind: 'ownerDepartment' }, dueInWorkingDays: 2 },
    },
    {
      action: 'approve',
      label: '同意',
      axis: 'status',
      from: ['review'],
      to: 'done',
      permission: 'wftest:review',
      task: { closes: 'review', decision: 'approve' },
    },
    {
      action: 'reject',
      label: '驳回',
      axis: 'status',
      from: ['review'],
      to: 'rejected',
      permission: 'wftest:review',
      commentRequired: true,
      commentMissing: '请填写驳回理由',
      task: { closes: 'review', decision: 'reject' },
    },
  ],
});

type RequestRecord = SubjectRecord;
type RequestRow = { id: string; name: string; org_code: string; status: string; created_by: string | null };

const subject = defineSubject<'submit' | 'approve' | 'reject', RequestRecord>({
  machine,
  messages: { notFound: '申请不存在', notOwn: '只能操作本部门的申请' },
  inboxPage: '/wf-test/inbox',
  async load(tx, id) {
    const [row] = await rowsOf<RequestRow>(tx, sql`select * from wf_test_request where id = ${id} for update`);
    if (!row) return null;
    return {
      id: row.id,
      state: { status: row.status },
      orgCode: row.org_code,
      title: row.name,
      describe: row.name,
      applicantId: row.created_by,
    };
  },
  async write(tx, record, next) {
    await tx.execute(sql`update wf_test_request set status = ${String(next.status)} where id = ${record.id}`);
  },
  decisionMessage: (record, t, ctx) => ({
    messageType: 'wf_test',
    title: `申请“${record.title}”${t.label}`,
    text: ctx.comment,
    openPage: '/wf-test/mine',
  }),
  async titles(db, ids) {
    if (!ids.length) return new Map();
    const rows = await rowsOf<RequestRow>(
      db,
      sql`select * from wf_test_request where id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    return new Map(rows.map((r) => [r.id, r.name]));
  },
});

let ctx: TestContext;
let depart: { id: string; orgCode: string; departName: string };
let otherDepart: { id: string; orgCode: string };
let officer: Actor;
let colleague: { id: string };
let reviewer: Actor;

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.db.execute(sql`
    create table wf_test_request (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      org_code text not null,
      status text not null default 'draft',
      created_by uuid
    )`);
  registerSubject(subject);
  depart = await createDepart(ctx.db);
  otherDepart = await createDepart(ctx.db);
  const officerUser = await createUser(ctx.db, { departs: [depart] });
  colleague = await createUser(ctx.db, { departs: [depart] });
  await createUser(ctx.db, { departs: [otherDepart] });
  officer = actorFor(officerUser, depart.orgCode, ['wftest:submit']);
  reviewer = actorFor(await createUser(ctx.db), null, ['wftest:review', 'wftest:all']);
});
afterAll(() => ctx.close());

async function request(orgCode: string, status = 'draft') {
  const [row] = await rowsOf<RequestRow>(
    ctx.db,
    sql`insert into wf_test_request (name, org_code, status, created_by)
        values (${`申请${randomUUID().slice(0, 8)}`}, ${orgCode}, ${status}, ${officer.userId}) returning *`,
  );
  return row;
}

const statusOf = async (id: string) =>
  (await rowsOf<RequestRow>(ctx.db, sql`select * from wf_test_request where id = ${id}`))[0].status;
const tasksOf = (id: string) => ctx.db.select().from(workflowTasks).where(eq(workflowTasks.subjectId, id));
const historyOf = (id: string) => ctx.db.select().from(workflowHistory).where(eq(workflowHistory.subjectId, id));
const messagesAbout = (id: string) =>
  ctx.db.select().from(businessMessages).where(eq(businessMessages.busId, id)).orderBy(businessMessages.createdAt);

describe('the workflow kernel, driven by a machine declared in this test', () => {
  it('applies a batch per record: moves what it may, refuses the rest with reasons, writes nothing for them', async () => {
    const own = await request(depart.orgCode);
    const others = await request(otherDepart.orgCode);
    const inReview = await request(depart.orgCode, 'review');
    const missing = randomUUID();
    const monday = new Date('2026-11-23T02:00:00Z');

    const result = await applyTransitions(
      ctx.db,
      officer,
      subject,
      [own.id, others.id, inReview.id, missing, own.id],
      'submit',
      {},
      () => monday,
    );
    expect(result.succeeded).toEqual([own.id]);
    expect(result.refused).toEqual([
      { id: others.id, reason: '只能操作本部门的申请' },
      { id: inReview.id, reason: '当前状态为“审核中”，不能提交' },
      { id: missing, reason: '申请不存在' },
    ]);
    expect(await statusOf(own.id)).toBe('review');
    expect(await statusOf(others.id)).toBe('draft');
    expect(await tasksOf(others.id)).toHaveLength(0);
    expect(await historyOf(inReview.id)).toHaveLength(0);

    const [task] = await tasksOf(own.id);
    expect(task).toMatchObject({
      subjectType: 'wf_test_request',
      taskType: 'review',
      status: TaskStatus.open,
      ownerOrgCode: depart.orgCode,
      assigneeOrgCode: depart.orgCode,
      assigneeRole: null,
      submitterId: officer.userId,
    });
    // Monday + 2 working days: due at the end of Wednesday, China time.
    expect(task.dueAt?.toISOString()).toBe('2026-11-25T15:59:59.999Z');
    const [history] = await historyOf(own.id);
    expect(history).toMatchObject({
      action: 'submit',
      fromState: { status: 'draft' },
      toState: { status: 'review' },
      userId: officer.userId,
      orgCode: depart.orgCode,
      departName: depart.departName,
    });
    const opLog = await ctx.db
      .select()
      .from(logs)
      .where(and(eq(logs.target, own.id), eq(logs.operateType, 'wf_test_request:submit')));
    expect(opLog).toHaveLength(1);
  });

  it('refuses without the permission or the required comment, and decides the task with a message to its submitter', async () => {
    const row = await request(depart.orgCode);
    await applyTransitions(ctx.db, officer, subject, [row.id], 'submit');

    const noPerm = await applyTransitions(ctx.db, officer, subject, [row.id], 'approve');
    expect(noPerm.refused[0].reason).toBe('没有同意的权限');
    const noComment = await applyTransitions(ctx.db, reviewer, subject, [row.id], 'reject', { comment: '  ' });
    expect(noComment.refused[0].reason).toBe('请填写驳回理由');
    await expect(applyTransition(ctx.db, reviewer, subject, row.id, 'reject')).rejects.toMatchObject({
      status: 400,
      message: '请填写驳回理由',
    });
    expect(await statusOf(row.id)).toBe('review');

    const rejected = await applyTransitions(ctx.db, reviewer, subject, [row.id], 'reject', { comment: '材料不全' });
    expect(rejected).toEqual({ succeeded: [row.id], refused: [] });
    const [task] = await tasksOf(row.id);
    expect(task).toMatchObject({ status: TaskStatus.done, decision: 'reject', handlerId: reviewer.userId });
    expect(task.comment).toBe('材料不全');
    const [message] = await messagesAbout(row.id);
    expect(message).toMatchObject({
      userId: officer.userId,
      messageType: 'wf_test',
      title: `申请“${row.name}”驳回`,
      content: '<p>材料不全</p>',
      openPage: '/wf-test/mine',
    });
    expect((await historyOf(row.id)).map((h) => h.action).sort()).toEqual(['reject', 'submit']);
  });

  it('reminds the owing department before the deadline once, then flags the task overdue once', async () => {
    const row = await request(depart.orgCode);
    const friday = new Date('2026-11-27T01:00:00Z');
    await applyTransitions(ctx.db, officer, subject, [row.id], 'submit', {}, () => friday);
    const [task] = await tasksOf(row.id);
    // Friday + 2 working days skips the weekend: due at the end of Tuesday.
    expect(task.dueAt?.toISOString()).toBe('2026-12-01T15:59:59.999Z');
    const due = task.dueAt as Date;

    const early = await runDeadlines(ctx.db, new Date(due.getTime() - 48 * 3_600_000), { remindBeforeHours: 24 });
    expect(early.reminded).toBe(0);
    expect(await messagesAbout(row.id)).toHaveLength(0);

    const dayBefore = new Date(due.getTime() - 3_600_000);
    expect((await runDeadlines(ctx.db, dayBefore, { remindBeforeHours: 24 })).reminded).toBeGreaterThanOrEqual(1);
    await runDeadlines(ctx.db, dayBefore, { remindBeforeHours: 24 });
    const reminders = await messagesAbout(row.id);
    expect(reminders.map((m) => m.userId).sort()).toEqual([officer.userId, colleague.id].sort());
    expect(reminders.every((m) => m.messageType === DEADLINE_MESSAGE_TYPES.due)).toBe(true);
    expect(reminders[0].title).toBe(`部门审核即将到期：${row.name}`);
    expect(reminders[0].openPage).toBe('/wf-test/inbox');

    const late = new Date(due.getTime() + 3_600_000);
    expect((await runDeadlines(ctx.db, late, { remindBeforeHours: 24 })).overdue).toBeGreaterThanOrEqual(1);
    await runDeadlines(ctx.db, late, { remindBeforeHours: 24 });
    const overdue = (await messagesAbout(row.id)).filter((m) => m.messageType === DEADLINE_MESSAGE_TYPES.overdue);
    expect(overdue).toHaveLength(2);
    const [flagged] = await tasksOf(row.id);
    expect(flagged.overdueAt?.toISOString()).toBe(late.toISOString());
    expect(flagged.remindedAt?.toISOString()).toBe(dayBefore.toISOString());

    // A decided task is never reminded again.
    await applyTransitions(ctx.db, reviewer, subject, [row.id], 'approve');
    await runDeadlines(ctx.db, new Date(due.getTime() + 48 * 3_600_000), { remindBeforeHours: 24 });
    const all = await messagesAbout(row.id);
    expect(all.map((m) => m.messageType).sort()).toEqual(
      ['wf_test', 'workflow_due', 'workflow_due', 'workflow_overdue', 'workflow_overdue'].sort(),
    );
  });

  it('forgets the tasks and history of records removed for good', async () => {
    const row = await request(depart.orgCode);
    await applyTransitions(ctx.db, officer, subject, [row.id], 'submit');
    await forgetSubjects(ctx.db, 'wf_test_request', [row.id]);
    expect(await tasksOf(row.id)).toHaveLength(0);
    expect(
      await ctx.db
        .select()
        .from(workflowHistory)
        .where(inArray(workflowHistory.subjectId, [row.id])),
    ).toHaveLength(0);
  });
});
