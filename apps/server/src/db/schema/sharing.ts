import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { catalogues } from './catalogue.js';
import { createdAt, id, updatedAt } from './columns.js';
import { openApps } from './openapi.js';
import { appSystems, dataSources } from './resources.js';
import { users } from './system.js';

/**
 * A document a user attaches to an application (申请表, 安全承诺书, 资源服务申请表): stored under
 * the files root by a server-chosen name, readable by its uploader and by whoever may read the
 * application that names it.
 */
export const attachments = pgTable(
  'app_attachment',
  {
    id: id(),
    /** What it was uploaded for, e.g. `share.applyForm`, `openApply.pledge`. */
    purpose: varchar('purpose', { length: 40 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    storedName: varchar('stored_name', { length: 100 }).notNull(),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('app_attachment_user_idx').on(t.uploadedBy, t.createdAt)],
);

/** An applied or granted data item: its name, and the reason given for one shared on conditions. */
export type AppliedItem = { name: string; reason?: string | null };

/**
 * 共享申请: a department (apply_org_code) applies for an entry of another (source_org_code). The kernel's
 * subject `share` (SHARE_MACHINE) moves `status`; the granted items and period are what the source
 * department left after narrowing; while 使用中 a grant on `app_id` gives the access.
 */
export const shareApplies = pgTable(
  'share_apply',
  {
    id: id(),
    /** 流程编码, e.g. GX202611270001. */
    processCode: varchar('process_code', { length: 32 }).notNull(),
    catalogId: uuid('catalog_id')
      .notNull()
      .references(() => catalogues.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 100 }).notNull(),
    applyOrgCode: varchar('apply_org_code', { length: 64 }).notNull(),
    sourceOrgCode: varchar('source_org_code', { length: 64 }).notNull(),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => users.id),
    useAppSystemId: uuid('use_app_system_id').references(() => appSystems.id, { onDelete: 'set null' }),
    keyAreasType: varchar('key_areas_type', { length: 10 }),
    applyRemark: varchar('apply_remark', { length: 500 }).notNull(),
    applyFileId: uuid('apply_file_id').references(() => attachments.id, { onDelete: 'set null' }),
    startTime: date('start_time'),
    endTime: date('end_time'),
    forever: boolean('forever').notNull().default(false),
    items: jsonb('items').$type<AppliedItem[]>().notNull(),
    agreementsAcceptedAt: timestamp('agreements_accepted_at', { withTimezone: true }),
    /** What the source department granted (null until it decided: then the applied ones). */
    grantedItems: jsonb('granted_items').$type<string[]>(),
    grantedStartTime: date('granted_start_time'),
    grantedEndTime: date('granted_end_time'),
    grantedForever: boolean('granted_forever'),
    /** SHARE_MACHINE status. */
    status: varchar('status', { length: 1 }).notNull().default('0'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** 数据开通时间 */
    openedAt: timestamp('opened_at', { withTimezone: true }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    rejectReason: varchar('reject_reason', { length: 500 }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** ShareReleaseReason */
    releaseReason: varchar('release_reason', { length: 1 }),
    /** The application whose key reads the granted data (made for this grant, owned by the applicant). */
    appId: uuid('app_id').references(() => openApps.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('share_apply_code_uq').on(t.processCode),
    index('share_apply_apply_org_idx').on(t.applyOrgCode, t.status),
    index('share_apply_source_org_idx').on(t.sourceOrgCode, t.status),
    index('share_apply_catalog_idx').on(t.catalogId, t.status),
  ],
);

/**
 * 开放申请 of a registered user for a 有条件开放 dataset (OPEN_APPLY_MACHINE). `provider_org_code` is
 * the dataset's department, which decides first.
 */
export const openApplies = pgTable(
  'open_apply',
  {
    id: id(),
    code: varchar('code', { length: 32 }).notNull(),
    catalogId: uuid('catalog_id')
      .notNull()
      .references(() => catalogues.id, { onDelete: 'cascade' }),
    providerOrgCode: varchar('provider_org_code', { length: 64 }).notNull(),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 500 }).notNull(),
    scenario: varchar('scenario', { length: 500 }).notNull(),
    fields: jsonb('fields').$type<string[]>().notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    securityMeasures: varchar('security_measures', { length: 1000 }).notNull(),
    applicationFileId: uuid('application_file_id').references(() => attachments.id, { onDelete: 'set null' }),
    pledgeFileId: uuid('pledge_file_id').references(() => attachments.id, { onDelete: 'set null' }),
    agreementVersion: varchar('agreement_version', { length: 20 }).notNull(),
    agreementAcceptedAt: timestamp('agreement_accepted_at', { withTimezone: true }).notNull(),
    grantedFields: jsonb('granted_fields').$type<string[]>(),
    grantedEndDate: date('granted_end_date'),
    dailyQuota: integer('daily_quota'),
    /** OPEN_APPLY_MACHINE status. */
    status: varchar('status', { length: 1 }).notNull().default('0'),
    reason: varchar('reason', { length: 500 }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The applicant's app that reads the dataset once granted. */
    appId: uuid('app_id').references(() => openApps.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('open_apply_code_uq').on(t.code),
    index('open_apply_applicant_idx').on(t.applicantId, t.createdAt),
    index('open_apply_provider_idx').on(t.providerOrgCode, t.status),
    index('open_apply_catalog_idx').on(t.catalogId, t.status),
    // One live application per user and dataset, also when two arrive at once (0 草稿 lives only
    // between creation and submission, 1–3 in review or granted).
    uniqueIndex('open_apply_live_uq').on(t.applicantId, t.catalogId).where(sql`status in ('0', '1', '2', '3')`),
  ],
);

/** 利用情况报告: due at the end of a grant's period (or yearly); overdue ones block new grants. */
export const usageReports = pgTable(
  'open_usage_report',
  {
    id: id(),
    applyId: uuid('apply_id')
      .notNull()
      .references(() => openApplies.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    usedFor: varchar('used_for', { length: 1000 }),
    outcome: varchar('outcome', { length: 1000 }),
    /** An application result (应用成果) the use produced. */
    resultId: uuid('result_id'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('open_usage_report_apply_idx').on(t.applyId, t.dueAt)],
);

/** A column copied by an exchange task: the source column and the target's. */
export type FieldMapping = { source: string; target: string };

/**
 * 交换资源: copies the granted columns of a share application's table into a data source of the
 * applying department, once or repeatedly, with a conflict policy.
 */
export const exchangeTasks = pgTable(
  'exchange_task',
  {
    id: id(),
    shareApplyId: uuid('share_apply_id')
      .notNull()
      .references(() => shareApplies.id, { onDelete: 'cascade' }),
    targetSourceId: uuid('target_source_id')
      .notNull()
      .references(() => dataSources.id, { onDelete: 'cascade' }),
    targetTable: varchar('target_table', { length: 64 }).notNull(),
    autoCreate: boolean('auto_create').notNull(),
    fieldMappings: jsonb('field_mappings').$type<FieldMapping[]>().notNull(),
    /** dict transport_mode: '1' 一次性, '2' 重复性 */
    conveyType: varchar('convey_type', { length: 1 }).notNull(),
    /** For repeating tasks: dict update_frequency code. */
    repeatType: varchar('repeat_type', { length: 2 }),
    /** dict primary_key_conflict_policy */
    importRuleType: varchar('import_rule_type', { length: 10 }).notNull(),
    /** '1' 启用, '0' 已停止 (released or cancelled) */
    state: varchar('state', { length: 1 }).notNull().default('1'),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    orgCode: varchar('org_code', { length: 64 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('exchange_task_apply_idx').on(t.shareApplyId)],
);

/** One run of an exchange task (使用记录). */
export const exchangeRuns = pgTable(
  'exchange_run',
  {
    id: id(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => exchangeTasks.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    rows: integer('rows').notNull().default(0),
    /** '1' 成功, '0' 失败, '2' 进行中 */
    outcome: varchar('outcome', { length: 1 }).notNull().default('2'),
    message: text('message'),
    /** Who started it; null for the scheduler. */
    operatorId: uuid('operator_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('exchange_run_task_idx').on(t.taskId, t.startedAt)],
);
