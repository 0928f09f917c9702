import { randomUUID } from 'node:crypto';
import { defineMachine, TaskStatus, WORKFLOW_DUE_DICT } from '@odp/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { businessMessages, dictItems, dicts, workflowTasks } from '../../db/schema/index.js';
import { actorFor, createDepart, createUser } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { Actor } from '../auth/actor.js';
import { applyTransitions } from './apply.js';
import { registerSubject } from './registry.js';
import { defineSubject, type SubjectRecord } from './subject.js';

/**
 * A request one department makes for another department's data, decided by that department and then
 * by the bureau: the shape of a share application, declared only in this test.
 */
const machine = defineMachine({
  subject: 'wf_test_ask',
  label: '测试共享',
  axes: {
    status: {
      label: '状态',
      states: { draft: '草稿', source: '数源审核', bureau: '局审核', granted: '使用中', rejected: '已驳回' },
    },
  },
  tasks: { source: '数源部门审核', bureau: '大数据局审核' },
  allDepartmentsPermission: 'wfask:all',
  transitions: [
    {
      action: 'submit',
      label: '提交申请',
      axis: 'status',
      from: ['draft', 'rejected'],
      to: 'source',
      permission: 'wfask:apply',
      applicantOnly: true,
      task: { opens: 'source', assignee: { kind: 'ownerDepartment' }, dueInWorkingDays: 5 },
    },
    {
      action: 'sourceApprove',
      label: '数源部门通过',
      axis: 'status',
      from: ['source'],
      to: 'bureau',
      permission: 'wfask:review',
      ownDepartment: true,
      task: { closes: 'source', decision: 'approve' },
      opensNext: { opens: 'bureau', assignee: { kind: 'role', role: 'reviewer' }, dueInWorkingDays: 5 },
    },
    {
      action: 'bureauApprove',
      label: '大数据局通过',
      axis: 'status',
      from: ['bureau'],
      to: 'granted',
      permission: 'wfask:bureau',
      task: { closes: 'bureau', decision: 'approve' },
    },
  ],
});

type Row = { id: string; name: string; source_org: string; apply_org: string; status: string; applicant: string };

const subject = defineSubject<'submit' | 'sourceApprove' | 'bureauApprove', SubjectRecord>({
  machine,
  messages: { notFound: '申请不存在', notOwn: '只能审核本部门数据的申请', notApplicant: '只能操作本部门的申请' },
  async load(tx, id) {
    const [row] = await rowsOf<Row>(tx, sql`select * from wf_test_ask where id = ${id} for update`);
    if (!row) return null;
    return {
      id: row.id,
      state: { status: row.status },
      orgCode: row.source_org,
      applicantOrgCode: row.apply_org,
      title: row.name,
      describe: row.name,
      applicantId: row.applicant,
    };
  },
  async write(tx, record, next) {
    await tx.execute(sql`update wf_test_ask set status = ${String(next.status)} where id = ${record.id}`);
  },
  decisionMessage: (record, t) => ({
    messageType: 'wf_test_ask',
    title: `${record.title}：${t.label}`,
    text: null,
    openPage: null,
  }),
  titles: async () => new Map(),
});

let ctx: TestContext;
let applicant: Actor;
let applicantColleague: Actor;
let sourceOfficer: Actor;
let bureau: Actor;
let applyOrg: string;
let sourceOrg: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.db.execute(sql`
    create table wf_test_ask (
      id uuid primary key default gen_random_uuid(),
      name text not null, source_org text not null, apply_org text not null,
      status text not null default 'draft', applicant uuid not null
    )`);
  registerSubject(subject);
  const a = await createDepart(ctx.db);
  const s = await createDepart(ctx.db);
  applyOrg = a.orgCode;
  sourceOrg = s.orgCode;
  const all = ['wfask:apply', 'wfask:review'];
  applicant = actorFor(await createUser(ctx.db, { departs: [a] }), a.orgCode, all);
  applicantColleague = actorFor(await createUser(ctx.db, { departs: [a] }), a.orgCode, all);
  sourceOfficer = actorFor(await createUser(ctx.db, { departs: [s] }), s.orgCode, all);
  bureau = actorFor(await createUser(ctx.db), null, ['wfask:bureau', 'wfask:all', 'wfask:apply']);
});
afterAll(() => ctx.close());

async function ask() {
  const [row] = await rowsOf<Row>(
    ctx.db,
    sql`insert into wf_test_ask (name, source_org, apply_org, applicant)
        values (${`共享${randomUUID().slice(0, 6)}`}, ${sourceOrg}, ${applyOrg}, ${applicant.userId}) returning *`,
  );
  return row;
}
const tasksOf = (id: string) =>
  ctx.db.select().from(workflowTasks).where(eq(workflowTasks.subjectId, id)).orderBy(workflowTasks.submitTime);

describe('a two-node review where one department applies for another department’s data', () => {
  it('lets only the applying department submit, the source department decide, then the bureau', async () => {
    const row = await ask();
    // Neither the source department nor a bureau reviewer may submit the applicant's request.
    for (const who of [sourceOfficer, bureau]) {
      const refused = await applyTransitions(ctx.db, who, subject, [row.id], 'submit');
      expect(refused.refused[0]?.reason).toBe('只能操作本部门的申请');
    }
    // A colleague of the applying department may.
    const submitted = await applyTransitions(ctx.db, applicantColleague, subject, [row.id], 'submit');
    expect(submitted.succeeded).toEqual([row.id]);

    // The applying department cannot decide its own request on the source's node.
    const selfApproval = await applyTransitions(ctx.db, applicant, subject, [row.id], 'sourceApprove');
    expect(selfApproval.refused[0]?.reason).toBe('只能审核本部门数据的申请');
    const [sourceTask] = await tasksOf(row.id);
    expect(sourceTask).toMatchObject({ taskType: 'source', assigneeOrgCode: sourceOrg, status: TaskStatus.open });

    expect((await applyTransitions(ctx.db, sourceOfficer, subject, [row.id], 'sourceApprove')).succeeded).toEqual([
      row.id,
    ]);
    const afterSource = await tasksOf(row.id);
    expect(afterSource.map((t) => [t.taskType, t.status])).toEqual([
      ['source', TaskStatus.done],
      ['bureau', TaskStatus.open],
    ]);
    // The bureau's task is still the applicant's request: it was submitted by the colleague who applied.
    expect(afterSource[1]).toMatchObject({ assigneeRole: 'reviewer', submitterId: applicantColleague.userId });

    expect((await applyTransitions(ctx.db, bureau, subject, [row.id], 'bureauApprove')).succeeded).toEqual([row.id]);
    const told = await ctx.db.select().from(businessMessages).where(eq(businessMessages.busId, row.id));
    // Both decisions reach the one who applied, none reaches the source department's officer.
    expect(told.map((m) => [m.userId, m.title]).sort()).toEqual(
      [
        [applicantColleague.userId, `${row.name}：数源部门通过`],
        [applicantColleague.userId, `${row.name}：大数据局通过`],
      ].sort(),
    );
  });

  it('takes a review deadline set in the dictionary over the machine’s default', async () => {
    const [dict] = await ctx.db
      .insert(dicts)
      .values({ dictName: '审核时限（工作日）', dictCode: WORKFLOW_DUE_DICT })
      .onConflictDoNothing()
      .returning();
    const dictId = dict?.id ?? (await ctx.db.select().from(dicts).where(eq(dicts.dictCode, WORKFLOW_DUE_DICT)))[0].id;
    await ctx.db
      .insert(dictItems)
      .values({ dictId, itemText: '1', itemValue: 'wf_test_ask.source', sortOrder: 1, status: 1 });

    const row = await ask();
    const monday = new Date('2026-11-23T02:00:00Z');
    await applyTransitions(ctx.db, applicant, subject, [row.id], 'submit', {}, () => monday);
    const [task] = await tasksOf(row.id);
    // One working day from Monday (end of Tuesday), not the machine's five (end of next Monday).
    expect(task.dueAt?.toISOString()).toBe('2026-11-24T15:59:59.999Z');
  });
});
