import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, id, tsvector, updatedAt } from './columns.js';
import { users } from './system.js';

/**
 * 内容管理: one row per content item of any kind — `information` (新闻动态/政策法规, `type` is
 * `informationType`), `document` (资料 of the study-world store, `type` is `dataManagementType`, the
 * file in `file_id`) and `faq` (常见问题, `type` is its category, the question in `title`, the answer in
 * `body`). `status` is CONTENT_MACHINE's one axis; `appoint_time` the 预约发布 time the scheduler acts on.
 */
export const contentItems = pgTable(
  'content_item',
  {
    id: id(),
    kind: varchar('kind', { length: 16 }).notNull(),
    type: varchar('type', { length: 16 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    body: text('body').notNull().default(''),
    isTop: boolean('is_top').notNull().default(false),
    sortNo: integer('sort_no').notNull().default(0),
    status: varchar('status', { length: 1 }).notNull().default('1'),
    appointTime: timestamp('appoint_time', { withTimezone: true }),
    releaseTime: timestamp('release_time', { withTimezone: true }),
    releasePerson: varchar('release_person', { length: 64 }),
    /** Role codes the item is released to (`guest`: visitors); empty is everyone. */
    releaseScope: jsonb('release_scope').$type<string[]>().notNull().default([]),
    fileId: uuid('file_id'),
    attachmentIds: jsonb('attachment_ids').$type<string[]>().notNull().default([]),
    viewNum: integer('view_num').notNull().default(0),
    /** 信息来源: the department of the author. */
    orgCode: varchar('org_code', { length: 64 }),
    deptName: varchar('dept_name', { length: 100 }),
    createdBy: uuid('created_by').references(() => users.id),
    searchVector: tsvector('search_vector'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('content_item_public_idx').on(t.kind, t.type, t.status, t.isTop, t.releaseTime),
    index('content_item_due_idx').on(t.appointTime).where(sql`${t.status} = '2' and ${t.deletedAt} is null`),
    index('content_item_search_idx').using('gin', t.searchVector),
  ],
);

/**
 * Files of content items: pictures in rich text, attachments, a document's file. Uploaded by staff
 * before the item is saved (`item_id` null until then); readable by visitors once the item is public.
 */
export const contentFiles = pgTable(
  'content_file',
  {
    id: id(),
    itemId: uuid('item_id').references(() => contentItems.id, { onDelete: 'set null' }),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    storedName: varchar('stored_name', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 128 }).notNull(),
    size: integer('size').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('content_file_item_idx').on(t.itemId)],
);
