import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { catalogues } from './catalogue.js';
import { createdAt, deletedAt, id, tsvector, updatedAt } from './columns.js';
import { users } from './system.js';

/**
 * 应用成果: an app, site, report or other reuse of open data. A personal result belongs to its user
 * (`org_code` null); a department's belongs to that department (`org_code`), and `owner_id` is the
 * member who created it. `status` is ACHIEVEMENT_MACHINE's one axis; `link_broken` is the weekly link
 * check's 失效 flag. The counters are kept with the changes that move them.
 */
export const achievements = pgTable(
  'achievement',
  {
    id: id(),
    applyName: varchar('apply_name', { length: 100 }).notNull(),
    applicationType: varchar('application_type', { length: 8 }).notNull(),
    domainId: varchar('domain_id', { length: 8 }).notNull(),
    developerType: varchar('developer_type', { length: 1 }).notNull(),
    developerName: varchar('developer_name', { length: 100 }).notNull(),
    url: varchar('url', { length: 500 }),
    qrCodeId: uuid('qr_code_id'),
    onlineDate: date('online_date').notNull(),
    applyIntroduce: varchar('apply_introduce', { length: 300 }).notNull(),
    logoId: uuid('logo_id').notNull(),
    screenshotIds: jsonb('screenshot_ids').$type<string[]>().notNull().default([]),
    status: varchar('status', { length: 1 }).notNull().default('0'),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    orgCode: varchar('org_code', { length: 64 }),
    reason: varchar('reason', { length: 500 }),
    linkBroken: boolean('link_broken').notNull().default(false),
    linkCheckedAt: timestamp('link_checked_at', { withTimezone: true }),
    linkError: varchar('link_error', { length: 200 }),
    viewNum: integer('view_num').notNull().default(0),
    collectNum: integer('collect_num').notNull().default(0),
    scoreSum: integer('score_sum').notNull().default(0),
    scoreNum: integer('score_num').notNull().default(0),
    scoreAvg: numeric('score_avg', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    searchVector: tsvector('search_vector'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    // A link names one live result only; a deleted one frees it.
    uniqueIndex('achievement_url_uq').on(t.url).where(sql`${t.deletedAt} is null and ${t.url} is not null`),
    index('achievement_owner_idx').on(t.ownerId),
    index('achievement_search_idx').using('gin', t.searchVector),
    index('achievement_org_idx').on(t.orgCode),
    index('achievement_published_idx').on(t.publishedAt).where(sql`${t.status} = '2' and ${t.deletedAt} is null`),
  ],
);

/** The published catalogue entries a result uses. */
export const achievementDatasets = pgTable(
  'achievement_dataset',
  {
    achievementId: uuid('achievement_id')
      .notNull()
      .references(() => achievements.id, { onDelete: 'cascade' }),
    catalogId: uuid('catalog_id')
      .notNull()
      .references(() => catalogues.id, { onDelete: 'cascade' }),
    sortNo: smallint('sort_no').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.achievementId, t.catalogId] }),
    index('achievement_dataset_catalog_idx').on(t.catalogId),
  ],
);

/** One score per user and result (1–5). */
export const achievementRatings = pgTable(
  'achievement_rating',
  {
    achievementId: uuid('achievement_id')
      .notNull()
      .references(() => achievements.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: smallint('score').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.achievementId, t.userId] })],
);

/** 收藏. */
export const achievementCollects = pgTable(
  'achievement_collect',
  {
    achievementId: uuid('achievement_id')
      .notNull()
      .references(() => achievements.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.achievementId, t.userId] })],
);

/**
 * A logo, screenshot or QR code: checked by content, resized and stored as WebP under a name the
 * store chooses. A result names only its owner's uploads.
 */
export const achievementImages = pgTable(
  'achievement_image',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: varchar('storage_key', { length: 300 }).notNull(),
    mimeType: varchar('mime_type', { length: 32 }).notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('achievement_image_owner_idx').on(t.ownerId)],
);
