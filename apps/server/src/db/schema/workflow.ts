import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';

/**
 * Work owed on a record of any workflow subject (工单): opened by a transition, decided by another.
 * `status` 1 待处理 until decided, then 2 已处理. The assignee is a department, a role or a user;
 * `due_at` drives the deadline job's reminders (`reminded_at`) and overdue flags (`overdue_at`).
 */
export const workflowTasks = pgTable(
  'wf_task',
  {
    id: id(),
    subjectType: varchar('subject_type', { length: 32 }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    taskType: varchar('task_type', { length: 32 }).notNull(),
    status: smallint('status').notNull().default(1),
    /** The department the record belongs to (发起部门). */
    ownerOrgCode: varchar('owner_org_code', { length: 64 }),
    assigneeOrgCode: varchar('assignee_org_code', { length: 64 }),
    assigneeRole: varchar('assignee_role', { length: 64 }),
    assigneeUserId: uuid('assignee_user_id'),
    submitterId: uuid('submitter_id'),
    submitTime: timestamp('submit_time', { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    overdueAt: timestamp('overdue_at', { withTimezone: true }),
    /** What the submitter attached (e.g. the off-shelf reason). */
    payload: jsonb('payload'),
    handlerId: uuid('handler_id'),
    approvalTime: timestamp('approval_time', { withTimezone: true }),
    decision: varchar('decision', { length: 8 }),
    comment: varchar('comment', { length: 500 }),
    /**
     * The version of the subject's designer configuration (`wf_config`) in force when the record's run
     * through the flow began; its later steps keep it. Null: no configuration existed, code defaults.
     */
    configVersion: integer('config_version'),
    /** When to remind, if the configuration set a lead time for the step; else the job's own lead time. */
    remindAt: timestamp('remind_at', { withTimezone: true }),
  },
  (t) => [
    index('wf_task_inbox_idx').on(t.subjectType, t.status, t.submitTime),
    index('wf_task_subject_idx').on(t.subjectType, t.subjectId),
    index('wf_task_due_idx').on(t.status, t.dueAt),
    // The home page's 已发起 and 已处理: a user's submitted tasks and those they decided.
    index('wf_task_submitter_idx').on(t.submitterId, t.subjectType),
    index('wf_task_handler_idx').on(t.handlerId).where(sql`status = 2`),
  ],
);

/**
 * Every state change of a workflow subject, and the edits its module records beside them: who, in
 * which department, when, from which state to which (one value per axis), and why.
 */
export const workflowHistory = pgTable(
  'wf_history',
  {
    id: id(),
    subjectType: varchar('subject_type', { length: 32 }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    action: varchar('action', { length: 32 }).notNull(),
    fromState: jsonb('from_state').$type<Record<string, number | string>>(),
    toState: jsonb('to_state').$type<Record<string, number | string>>(),
    comment: varchar('comment', { length: 500 }),
    userId: uuid('user_id'),
    username: varchar('username', { length: 64 }),
    realname: varchar('realname', { length: 64 }),
    orgCode: varchar('org_code', { length: 64 }),
    departName: varchar('depart_name', { length: 100 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('wf_history_subject_idx').on(t.subjectType, t.subjectId, t.createdAt),
    index('wf_history_time_idx').on(t.subjectType, t.createdAt),
  ],
);

/**
 * The workflow designer's versions of what an administrator may configure on a machine (per review
 * step: who decides, the deadline, the reminder lead time, the classes that skip it). Each save adds
 * a version; a record's run keeps the version it started under (`wf_task.config_version`).
 */
export const workflowConfigs = pgTable(
  'wf_config',
  {
    id: id(),
    subjectType: varchar('subject_type', { length: 32 }).notNull(),
    version: integer('version').notNull(),
    settings: jsonb('settings').$type<{ steps: Record<string, unknown> }>().notNull(),
    comment: varchar('comment', { length: 200 }).notNull(),
    createdBy: uuid('created_by'),
    createdByName: varchar('created_by_name', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('wf_config_version_uq').on(t.subjectType, t.version)],
);
