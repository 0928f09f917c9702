import { boolean, index, integer, pgTable, smallint, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { users } from './system.js';

/**
 * 功能导航: the external applications (and internal pages such as 开发者中心) the portal's
 * `/system/FunctionNavigation` lists as cards. `open_mode` 1 新窗口打开, 2 内嵌打开 (`/system/EmbedPage`).
 */
export const navApps = pgTable(
  'nav_app',
  {
    id: id(),
    name: varchar('name', { length: 50 }).notNull(),
    iconId: uuid('icon_id').references(() => navIcons.id, { onDelete: 'set null' }),
    description: varchar('description', { length: 300 }),
    url: varchar('url', { length: 1000 }).notNull(),
    openMode: smallint('open_mode').notNull().default(1),
    needLogin: boolean('need_login').notNull().default(false),
    sortNo: integer('sort_no').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: varchar('created_by', { length: 64 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('nav_app_sort_idx').on(t.sortNo)],
);

/** An uploaded icon (checked by content, resized to a small WebP); public once an entry names it. */
export const navIcons = pgTable('nav_icon', {
  id: id(),
  storageKey: varchar('storage_key', { length: 300 }).notNull(),
  mimeType: varchar('mime_type', { length: 32 }).notNull(),
  size: integer('size').notNull(),
  uploadedBy: uuid('uploaded_by'),
  createdAt: createdAt(),
});

/**
 * A sign-in token handed to an external application: only its `jti` (never the token) is kept, until
 * it expires or the application exchanges it — a `DELETE … RETURNING`, so a token works once.
 */
export const navLaunchTokens = pgTable(
  'nav_launch_token',
  {
    jti: varchar('jti', { length: 64 }).primaryKey(),
    appId: uuid('app_id')
      .notNull()
      .references(() => navApps.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('nav_launch_token_expires_idx').on(t.expiresAt)],
);
