import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';

/**
 * 定时任务: `handler` names an entry of the server's job registry (never a class or module to
 * load); `parameter` is validated by that handler's schema.
 */
export const scheduledJobs = pgTable(
  'sys_quartz_job',
  {
    id: id(),
    handler: varchar('handler', { length: 64 }).notNull(),
    cronExpression: varchar('cron_expression', { length: 100 }).notNull(),
    parameter: jsonb('parameter'),
    description: varchar('description', { length: 255 }),
    /** 0 运行中, -1 已停止 */
    status: smallint('status').notNull().default(-1),
    createdBy: varchar('created_by', { length: 64 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sys_quartz_job_handler_idx').on(t.handler)],
);

/**
 * One row per run. A scheduled run claims (job, scheduledFor) first, so that with several server
 * instances the unique index lets exactly one of them run it; manual runs have no scheduledFor.
 */
export const jobRuns = pgTable(
  'sys_quartz_job_run',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => scheduledJobs.id, { onDelete: 'cascade' }),
    trigger: varchar('trigger', { length: 16 }).notNull(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** running, success, failure */
    outcome: varchar('outcome', { length: 16 }).notNull().default('running'),
    message: text('message'),
    instance: varchar('instance', { length: 64 }),
  },
  (t) => [
    uniqueIndex('sys_quartz_job_run_slot_uq').on(t.jobId, t.scheduledFor).where(sql`scheduled_for is not null`),
    index('sys_quartz_job_run_job_idx').on(t.jobId, t.startedAt),
  ],
);
