import type { Formula, SchemeItem } from '@odp/contracts';
import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { users } from './system.js';

/** 业务域: the tree the indicators are filed under (指标管理's left tree). */
export const assetDomains = pgTable(
  'asset_domain',
  {
    id: id(),
    domainName: varchar('domain_name', { length: 50 }).notNull(),
    parentId: uuid('parent_id'),
    level: smallint('level').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('asset_domain_name_uq').on(
      sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      t.domainName,
    ),
    index('asset_domain_parent_idx').on(t.parentId),
  ],
);

/**
 * 指标: a definition (`enables` '1' once 提交ed, then locked) and how its value is computed (指标开发):
 * a registered calculation's name for a 单一指标, or a formula over its source indicators for a 复合指标.
 */
export const assetIndexes = pgTable(
  'asset_index',
  {
    id: id(),
    indexName: varchar('index_name', { length: 100 }).notNull(),
    indexType: varchar('index_type', { length: 1 }).notNull().$type<'0' | '1'>(),
    relIndexIds: jsonb('rel_index_ids').$type<string[]>().notNull().default([]),
    domainId: uuid('domain_id')
      .notNull()
      .references(() => assetDomains.id),
    unit: varchar('unit', { length: 16 }).notNull(),
    frequency: varchar('frequency', { length: 8 }).notNull(),
    bsFormula: varchar('bs_formula', { length: 500 }).notNull(),
    enables: varchar('enables', { length: 1 }).notNull().default('0').$type<'0' | '1'>(),
    calcName: varchar('calc_name', { length: 64 }),
    formula: jsonb('formula').$type<Formula>(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('asset_index_domain_name_uq').on(t.domainId, t.indexName),
    index('asset_index_created_idx').on(t.createdAt),
  ],
);

/**
 * One computation of indicator values for one period (计算记录): scheduled, on demand, at the start of
 * an assessment, or a re-run of a failed one. The task-operations view lists these columns.
 */
export const indicatorRuns = pgTable(
  'indicator_run',
  {
    id: id(),
    /** schedule | manual | assessment | retry */
    trigger: varchar('trigger', { length: 16 }).notNull(),
    periodType: varchar('period_type', { length: 8 }).notNull(),
    periodKey: varchar('period_key', { length: 10 }).notNull(),
    /** The indicators asked for; null means every indicator with a way to compute it. */
    indexIds: jsonb('index_ids').$type<string[] | null>(),
    /** running | success | failed */
    status: varchar('status', { length: 8 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    durationMs: integer('duration_ms'),
    message: text('message'),
    /** Who asked; null is the platform itself (系统). */
    operatorId: uuid('operator_id').references(() => users.id),
    retryOf: uuid('retry_of'),
  },
  (t) => [index('indicator_run_started_idx').on(t.startedAt.desc()), index('indicator_run_status_idx').on(t.status)],
);

/** A value of an indicator for a department and period, as one run computed it (history kept). */
export const indicatorValues = pgTable(
  'indicator_value',
  {
    id: id(),
    runId: uuid('run_id')
      .notNull()
      .references(() => indicatorRuns.id, { onDelete: 'cascade' }),
    indexId: uuid('index_id')
      .notNull()
      .references(() => assetIndexes.id, { onDelete: 'cascade' }),
    orgCode: varchar('org_code', { length: 64 }).notNull(),
    periodType: varchar('period_type', { length: 8 }).notNull(),
    periodKey: varchar('period_key', { length: 10 }).notNull(),
    /** Null: nothing to measure (no entries, no tickets) or a division by zero. */
    value: doublePrecision('value'),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('indicator_value_latest_idx').on(t.periodType, t.periodKey, t.indexId, t.orgCode, t.computedAt.desc()),
    index('indicator_value_run_idx').on(t.runId),
  ],
);

/** 考核方案: weighted indicators with scoring bands or a linear scale. */
export const assessmentSchemes = pgTable(
  'assessment_scheme',
  {
    id: id(),
    name: varchar('name', { length: 100 }).notNull(),
    periodType: varchar('period_type', { length: 8 }).notNull(),
    items: jsonb('items').$type<SchemeItem[]>().notNull(),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('assessment_scheme_name_uq').on(t.name)],
);

/** One assessment of a scheme for one period: a workflow subject (ASSESSMENT_MACHINE). */
export const assessmentPeriods = pgTable(
  'assessment_period',
  {
    id: id(),
    schemeId: uuid('scheme_id')
      .notNull()
      .references(() => assessmentSchemes.id),
    periodType: varchar('period_type', { length: 8 }).notNull(),
    periodKey: varchar('period_key', { length: 10 }).notNull(),
    status: smallint('status').notNull().default(0),
    /** The bureau's reason when it returned the assessment. */
    comment: varchar('comment', { length: 500 }),
    runId: uuid('run_id').references(() => indicatorRuns.id),
    startedBy: uuid('started_by').references(() => users.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    scoredAt: timestamp('scored_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('assessment_period_scheme_uq').on(t.schemeId, t.periodKey)],
);

/** A department's score in one assessment, its items, rank and the department's 说明. */
export const assessmentScores = pgTable(
  'assessment_score',
  {
    id: id(),
    periodId: uuid('period_id')
      .notNull()
      .references(() => assessmentPeriods.id, { onDelete: 'cascade' }),
    orgCode: varchar('org_code', { length: 64 }).notNull(),
    score: doublePrecision('score').notNull(),
    rank: integer('rank').notNull(),
    items: jsonb('items')
      .$type<{ indexId: string; weight: number; value: number | null; score: number; weighted: number }[]>()
      .notNull(),
    comment: varchar('comment', { length: 500 }),
    commentBy: uuid('comment_by').references(() => users.id),
    commentAt: timestamp('comment_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('assessment_score_period_org_uq').on(t.periodId, t.orgCode)],
);
