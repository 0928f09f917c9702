import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, smallint, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { catalogues } from './catalogue.js';
import { createdAt, id, tsvector, updatedAt } from './columns.js';
import { users } from './system.js';

/**
 * 交流互动: one row per ticket of any kind (`kind`: consult, dataApplication, dataCorrection,
 * rightsProtection). `status` is INTERACTION_MACHINES' one axis; `org_code` the department it is routed
 * to (the dataset's provider, the department the submitter named, or null: the bureau's desk). The
 * reply is sanitised rich text signed by `reply_org_code`; `first_replied_at` and `reply_on_time` are
 * kept for the figures (the first reply, against the deadline of the task it answered).
 */
export const interactionTickets = pgTable(
  'interaction_ticket',
  {
    id: id(),
    kind: varchar('kind', { length: 32 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    content: varchar('content', { length: 2000 }).notNull(),
    consultType: varchar('consult_type', { length: 16 }),
    dataFormat: varchar('data_format', { length: 16 }),
    protectionType: varchar('protection_type', { length: 1 }),
    catalogId: uuid('catalog_id').references(() => catalogues.id),
    catalogName: varchar('catalog_name', { length: 200 }),
    /** The department the submitter named for a data request, if known. */
    requestedOrgCode: varchar('requested_org_code', { length: 64 }),
    orgCode: varchar('org_code', { length: 64 }),
    status: smallint('status').notNull().default(9),
    submitterId: uuid('submitter_id')
      .notNull()
      .references(() => users.id),
    isPublic: boolean('is_public').notNull().default(true),
    attachmentIds: jsonb('attachment_ids').$type<string[]>().notNull().default([]),
    reply: text('reply'),
    replyAttachmentIds: jsonb('reply_attachment_ids').$type<string[]>().notNull().default([]),
    replyOrgCode: varchar('reply_org_code', { length: 64 }),
    replyDepartName: varchar('reply_depart_name', { length: 100 }),
    repliedBy: uuid('replied_by').references(() => users.id),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    firstRepliedAt: timestamp('first_replied_at', { withTimezone: true }),
    replyOnTime: boolean('reply_on_time'),
    closeReason: varchar('close_reason', { length: 500 }),
    score: smallint('score'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    offShelfAt: timestamp('off_shelf_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** Site search's 互动 tab (`interaction/search.ts`), refreshed by every write of the subject. */
    searchVector: tsvector('search_vector'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('interaction_ticket_kind_idx').on(t.kind, t.status, t.submittedAt),
    index('interaction_ticket_org_idx').on(t.orgCode, t.kind),
    index('interaction_ticket_submitter_idx').on(t.submitterId, t.submittedAt),
    index('interaction_ticket_search_idx').using('gin', t.searchVector),
    index('interaction_ticket_public_idx')
      .on(t.kind, t.repliedAt)
      .where(sql`${t.isPublic} and ${t.status} in (2, 3) and ${t.reply} is not null`),
  ],
);
