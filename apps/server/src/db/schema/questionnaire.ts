import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, id, updatedAt } from './columns.js';
import { users } from './system.js';

/**
 * 调查问卷. `status` is QUESTIONNAIRE_MACHINE's one axis as stored; a published questionnaire whose
 * `close_time` has passed reads as 已结束 (contracts `effectiveStatus`). `join_number` counts the answers,
 * kept in the answer's transaction. `org_code` is the department that made it.
 */
export const questionnaires = pgTable(
  'questionnaire',
  {
    id: id(),
    title: varchar('title', { length: 100 }).notNull(),
    description: varchar('description', { length: 500 }).notNull().default(''),
    openTime: timestamp('open_time', { withTimezone: true }).notNull(),
    closeTime: timestamp('close_time', { withTimezone: true }).notNull(),
    allowAnonymous: boolean('allow_anonymous').notNull().default(false),
    showResults: boolean('show_results').notNull().default(false),
    status: varchar('status', { length: 1 }).notNull().default('0'),
    joinNumber: integer('join_number').notNull().default(0),
    orgCode: varchar('org_code', { length: 64 }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('questionnaire_org_idx').on(t.orgCode),
    index('questionnaire_public_idx').on(t.closeTime).where(sql`${t.status} in ('1', '2') and ${t.deletedAt} is null`),
  ],
);

/** A question; `sort_no` orders them (1, 2, …). `kind`: single, multiple, text, rating. */
export const questionnaireQuestions = pgTable(
  'questionnaire_question',
  {
    id: id(),
    questionnaireId: uuid('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    sortNo: smallint('sort_no').notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    required: boolean('required').notNull().default(true),
  },
  (t) => [uniqueIndex('questionnaire_question_order_uq').on(t.questionnaireId, t.sortNo)],
);

/** An option of a choice question, in `sort_no` order. */
export const questionnaireOptions = pgTable(
  'questionnaire_option',
  {
    id: id(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questionnaireQuestions.id, { onDelete: 'cascade' }),
    sortNo: smallint('sort_no').notNull(),
    label: varchar('label', { length: 100 }).notNull(),
  },
  (t) => [uniqueIndex('questionnaire_option_order_uq').on(t.questionId, t.sortNo)],
);

/**
 * One answer sheet. A questionnaire that needs login keeps one per user; one that allows anonymous
 * answers keeps one per device (the signed device cookie) and, when the visitor was signed in, one per
 * user too. Both are unique indexes, so two concurrent submissions cannot both land.
 */
export const questionnaireAnswers = pgTable(
  'questionnaire_answer',
  {
    id: id(),
    questionnaireId: uuid('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    deviceId: varchar('device_id', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('questionnaire_answer_user_uq').on(t.questionnaireId, t.userId).where(sql`${t.userId} is not null`),
    uniqueIndex('questionnaire_answer_device_uq')
      .on(t.questionnaireId, t.deviceId)
      .where(sql`${t.deviceId} is not null`),
    index('questionnaire_answer_time_idx').on(t.questionnaireId, t.createdAt),
  ],
);

/**
 * What one sheet said to one question: a row per chosen option (choice questions), the text, or the
 * score. Rows of one question are aggregated by `question_id`.
 */
export const questionnaireAnswerItems = pgTable(
  'questionnaire_answer_item',
  {
    id: id(),
    answerId: uuid('answer_id')
      .notNull()
      .references(() => questionnaireAnswers.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questionnaireQuestions.id, { onDelete: 'cascade' }),
    optionId: uuid('option_id').references(() => questionnaireOptions.id, { onDelete: 'cascade' }),
    text: varchar('text', { length: 500 }),
    rating: smallint('rating'),
  },
  (t) => [
    index('questionnaire_item_answer_idx').on(t.answerId),
    index('questionnaire_item_question_idx').on(t.questionId, t.optionId),
  ],
);

export type QuestionnaireRow = typeof questionnaires.$inferSelect;
