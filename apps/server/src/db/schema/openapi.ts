import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { catalogues } from './catalogue.js';
import { createdAt, id, updatedAt } from './columns.js';
import { users } from './system.js';

/**
 * 我的应用: an application of a registered user (or a department) calling the open data API. The
 * secret signs calls (HMAC), so the server must be able to use it: it is kept sealed (AES-256-GCM,
 * platform/secret), shown once when made or rotated, and never returned again.
 */
export const openApps = pgTable(
  'open_app',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    description: varchar('description', { length: 200 }),
    appKey: varchar('app_key', { length: 40 }).notNull(),
    secretEnc: text('secret_enc').notNull(),
    /** '1' 启用, '0' 已停用 */
    status: varchar('status', { length: 1 }).notNull().default('1'),
    secretRotatedAt: timestamp('secret_rotated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('open_app_key_uq').on(t.appKey), index('open_app_user_idx').on(t.userId, t.createdAt)],
);

/**
 * What an application may read beyond 无条件开放 data: one dataset, its granted items (null = all),
 * masked or not, for a period. Granted by an approved application (a later flow) and revoked by release.
 */
export const openGrants = pgTable(
  'open_grant',
  {
    id: id(),
    appId: uuid('app_id')
      .notNull()
      .references(() => openApps.id, { onDelete: 'cascade' }),
    catalogId: uuid('catalog_id')
      .notNull()
      .references(() => catalogues.id, { onDelete: 'cascade' }),
    fields: jsonb('fields').$type<string[] | null>(),
    unmasked: boolean('unmasked').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The approved application behind it (share_apply or open_apply); release and revocation end it. */
    shareApplyId: uuid('share_apply_id'),
    openApplyId: uuid('open_apply_id'),
    /** Calls a day this grant allows, beyond which the 'granted' tier refuses (null: the tier's own). */
    dailyQuota: integer('daily_quota'),
    createdAt: createdAt(),
  },
  (t) => [
    index('open_grant_app_idx').on(t.appId, t.catalogId),
    index('open_grant_share_idx').on(t.shareApplyId),
    index('open_grant_open_apply_idx').on(t.openApplyId),
  ],
);

/** Nonces of signed calls seen within the signature window: a second use is a replay. */
export const openNonces = pgTable(
  'open_nonce',
  {
    appId: uuid('app_id').notNull(),
    nonce: varchar('nonce', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.nonce] }), index('open_nonce_expires_idx').on(t.expiresAt)],
);

/**
 * Calls counted per caller and window ('s' one second, 'd' one day in UTC+8), in the database so that
 * every instance counts against the same number.
 */
export const openQuotaCounters = pgTable(
  'open_quota',
  {
    subject: varchar('subject', { length: 80 }).notNull(),
    win: varchar('win', { length: 1 }).notNull(),
    start: bigint('start', { mode: 'number' }).notNull(),
    used: integer('used').notNull(),
  },
  (t) => [primaryKey({ columns: [t.subject, t.win, t.start] })],
);

/** One row per call of the open data API (written in batches). */
export const openCallLogs = pgTable(
  'open_call_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    appId: uuid('app_id'),
    catalogId: uuid('catalog_id'),
    /** list | meta | rows | openapi | service */
    kind: varchar('kind', { length: 16 }).notNull(),
    status: smallint('status').notNull(),
    latencyMs: integer('latency_ms').notNull(),
    rows: integer('rows').notNull().default(0),
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [
    index('open_call_log_at_idx').on(t.at),
    index('open_call_log_catalog_idx').on(t.catalogId, t.at),
    index('open_call_log_app_idx').on(t.appId, t.at),
  ],
);

/** Successful data calls (rows and services) per dataset and day: the trend behind 调用次数. */
export const openCallDaily = pgTable(
  'open_call_daily',
  {
    catalogId: uuid('catalog_id')
      .notNull()
      .references(() => catalogues.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    calls: bigint('calls', { mode: 'number' }).notNull().default(0),
    rows: bigint('rows', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.catalogId, t.day] })],
);
