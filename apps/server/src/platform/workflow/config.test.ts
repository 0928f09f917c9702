import { randomUUID } from 'node:crypto';
import { defineMachine, type FlowSettings, TaskStatus } from '@odp/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { workflowTasks } from '../../db/schema/index.js';
import { actorFor, createDepart, createUser } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { Actor } from '../auth/actor.js';
import { applyTransitions } from './apply.js';
import { saveConfigVersion } from './config.js';
import { runDeadlines } from './deadlines.js';
import { registerSubject } from './registry.js';
import { defineSubject, type SubjectRecord } from './subject.js';

/**
 * A request decided by the data's department and then by the bureau, whose 数源 approval may open
 * the data at once (`withoutNext`) for the classes the designer's configuration lists: the shape of a
 * share application, declared only in this test.
 */
const machine = defineMachine({
  subject: 'wf_test_cfg',
  label: '测试配置',
  axes: {
    status: {
      label: '状态',
      states: { draft: '草稿', source: '数源审核', bureau: '局审核', granted: '使用中' },
    },
  },
  tasks: { source: '数源部门审核', bureau: '大数据局审核' },
  classes: { label: '共享类型', values: { '10': '无条件共享', '20': '有条件共享' } },
  allDepartmentsPermission: 'wfcfg:all',
  transitions: [
    {
      action: 'submit',
      label: '提交申请',
      axis: 'status',
      from: ['draft'],
      to: 'source',
      permission: 'wfcfg:apply',
      task: { opens: 'source', assignee: { kind: 'ownerDepartment' }, dueInWorkingDays: 5 },
    },
    {
      action: 'sourceApprove',
      label: '数源部门通过',
      axis: 'status',
      from: ['source'],
      to: 'bureau',
      permission: 'wfcfg:review',
      task: { closes: 'source', decision: 'approve' },
      opensNext: { opens: 'bureau', assignee: { kind: 'role', role: 'reviewer' }, dueInWorkingDays: 5 },
      withoutNext: 'sourceGrant',
    },
    {
      action: 'sourceGrant',
      label: '数源部门通过并开通',
      axis: 'status',
      from: ['source'],
      to: 'granted',
      permission: 'wfcfg:review',
      task: { closes: 'source', decision: 'approve' },
    },
    {
      action: 'bureauApprove',
      label: '大数据局通过',
      axis: 'status',
      from: ['bureau'],
      to: 'granted',
      permission: 'wfcfg:review',
      task: { closes: 'bureau', decision: 'approve' },
    },
  ],
});

type Row = { id: string; name: string; org: string; status: string; kind: string };
type Rec = SubjectRecord & { kind: string };

const subject = defineSubject<'submit' | 'sourceApprove' | 'sourceGrant' | 'bureauApprove', Rec>({
  machine,
  messages: { notFound: '申请不存在', notOwn: '只能审核本部门数据的申请' },
  async load(tx, id) {
    const [row] = await rowsOf<Row>(tx, sql`select * from wf_test_cfg where id = ${id} for update`);
    if (!row) return null;
    return {
      id: row.id,
      state: { status: row.status },
      orgCode: row.org,
      title: row.name,
      describe: row.name,
      applicantId: null,
      kind: row.kind,
    };
  },
  async write(tx, record, next) {
    await tx.execute(sql`update wf_test_cfg set status = ${String(next.status)} where id = ${record.id}`);
  },
  flowClass: async (_tx, record) => record.kind,
  titles: async (db, ids) => {
    const rows = await rowsOf<Row>(db, sql`select * from wf_test_cfg`);
    return new Map(rows.filter((r) => ids.includes(r.id)).map((r) => [r.id, r.name]));
  },
});

let ctx: TestContext;
let officer: Actor;
let admin: Actor;
let org: string;
let otherOrg: string;
const MONDAY = new Date('2026-11-23T02:00:00Z');
const clock = () => MONDAY;

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.db.execute(sql`
    create table wf_test_cfg (
      id uuid primary key default gen_random_uuid(),
      name text not null, org text not null, status text not null default 'draft', kind text not null
    )`);
  registerSubject(subject);
  const d = await createDepart(ctx.db);
  org = d.orgCode;
  otherOrg = (await createDepart(ctx.db)).orgCode;
  officer = actorFor(await createUser(ctx.db, { departs: [d] }), org, ['wfcfg:apply', 'wfcfg:review', 'wfcfg:all']);
  admin = actorFor(await createUser(ctx.db), null, []);
});
afterAll(() => ctx.close());

async function record(kind = '20') {
  const [row] = await rowsOf<Row>(
    ctx.db,
    sql`insert into wf_test_cfg (name, org, kind) values (${`申请${randomUUID().slice(0, 6)}`}, ${org}, ${kind}) returning *`,
  );
  return row;
}
const run = (id: string, action: 'submit' | 'sourceApprove' | 'bureauApprove', at = clock) =>
  applyTransitions(ctx.db, officer, subject, [id], action, {}, at);
const tasksOf = (id: string) =>
  ctx.db.select().from(workflowTasks).where(eq(workflowTasks.subjectId, id)).orderBy(workflowTasks.submitTime);
const statusOf = async (id: string) =>
  (await rowsOf<Row>(ctx.db, sql`select * from wf_test_cfg where id = ${id}`))[0].status;
const save = (settings: FlowSettings) =>
  ctx.db.transaction((tx) => saveConfigVersion(tx, admin, machine.subject, settings, '测试'));

describe('the designer’s configuration, pinned per run', () => {
  it('gives a configured assignee and deadline to runs started after the save, not to an open one', async () => {
    const before = await record();
    expect((await run(before.id, 'submit')).succeeded).toEqual([before.id]);

    const version = await save({
      steps: {
        source: { assignee: { kind: 'role', role: 'auditor' }, dueDays: 2 },
        bureau: { assignee: { kind: 'department', orgCode: otherOrg }, dueDays: 1 },
      },
    });
    expect(version).toBe(1);

    const after = await record();
    await run(after.id, 'submit');
    const [newSource] = await tasksOf(after.id);
    expect(newSource).toMatchObject({ assigneeRole: 'auditor', assigneeOrgCode: null, configVersion: 1 });
    // Two working days from Monday: end of Wednesday in UTC+8.
    expect(newSource.dueAt?.toISOString()).toBe('2026-11-25T15:59:59.999Z');

    // The run begun before the save keeps the code's department, five days (end of next Monday), no version.
    const [oldSource] = await tasksOf(before.id);
    expect(oldSource).toMatchObject({ assigneeOrgCode: org, assigneeRole: null, configVersion: null });
    expect(oldSource.dueAt?.toISOString()).toBe('2026-11-30T15:59:59.999Z');

    // A later version does not reach the open run either: its next step follows version 1.
    await save({ steps: { bureau: { assignee: { kind: 'role', role: 'bureau_v2' }, dueDays: 9 } } });
    await run(after.id, 'sourceApprove');
    await run(before.id, 'sourceApprove');
    const [, newBureau] = await tasksOf(after.id);
    expect(newBureau).toMatchObject({ taskType: 'bureau', assigneeOrgCode: otherOrg, configVersion: 1 });
    expect(newBureau.dueAt?.toISOString()).toBe('2026-11-24T15:59:59.999Z');
    const [, oldBureau] = await tasksOf(before.id);
    expect(oldBureau).toMatchObject({ taskType: 'bureau', assigneeRole: 'reviewer', configVersion: null });
    expect(oldBureau.dueAt?.toISOString()).toBe('2026-11-30T15:59:59.999Z');
  });

  it('skips the bureau’s review for the configured classes only, and only for runs begun under it', async () => {
    const pending = await record('10');
    await run(pending.id, 'submit');
    await save({ steps: { bureau: { skipClasses: ['10'] } } });

    const free = await record('10');
    const conditional = await record('20');
    for (const r of [free, conditional]) await run(r.id, 'submit');
    for (const r of [free, conditional, pending]) expect((await run(r.id, 'sourceApprove')).succeeded).toEqual([r.id]);

    expect(await statusOf(free.id)).toBe('granted');
    expect((await tasksOf(free.id)).map((t) => [t.taskType, t.status])).toEqual([['source', TaskStatus.done]]);
    expect(await statusOf(conditional.id)).toBe('bureau');
    expect((await tasksOf(conditional.id)).map((t) => t.taskType)).toEqual(['source', 'bureau']);
    // Submitted before the save: its run pinned the older version, so the bureau still reviews it.
    expect(await statusOf(pending.id)).toBe('bureau');
  });

  it('reminds at the configured lead time before the deadline', async () => {
    await save({ steps: { source: { dueDays: 1, remindBeforeHours: 2 } } });
    const r = await record();
    await run(r.id, 'submit');
    const [task] = await tasksOf(r.id);
    const due = task.dueAt as Date;
    expect(task.remindAt?.toISOString()).toBe(new Date(due.getTime() - 2 * 3_600_000).toISOString());
    const onlyMine = async (at: Date) => {
      await runDeadlines(ctx.db, at, { remindBeforeHours: 24 });
      const [t] = await tasksOf(r.id);
      return t.remindedAt;
    };
    // Three hours before, the job's own 24 hours would remind; the step's two hours do not yet.
    expect(await onlyMine(new Date(due.getTime() - 3 * 3_600_000))).toBeNull();
    expect(await onlyMine(new Date(due.getTime() - 1 * 3_600_000))).not.toBeNull();
  });
});
