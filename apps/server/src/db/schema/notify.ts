import { boolean, index, pgTable, primaryKey, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { users } from './system.js';

/**
 * 消息设置: per user and message category (contracts `NOTIFY_CATEGORY`), whether the user also wants
 * business messages of that category by 短信 and by 邮件. No row is all off.
 */
export const userNotifySettings = pgTable(
  'sys_user_notify_setting',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: varchar('category', { length: 16 }).notNull(),
    sms: boolean('sms').notNull().default(false),
    email: boolean('email').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category] })],
);

/**
 * Notifications waiting to leave by SMS or mail (`platform/notify/outbox.ts`): written in the
 * transaction of the business message, so that a rolled-back change sends nothing; taken (deleted)
 * by one instance after the commit and handed to the provider.
 */
export const notifyOutbox = pgTable(
  'sys_notify_outbox',
  {
    id: id(),
    /** 'sms' | 'email' */
    channel: varchar('channel', { length: 8 }).notNull(),
    address: varchar('address', { length: 320 }).notNull(),
    userId: uuid('user_id').notNull(),
    category: varchar('category', { length: 16 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    openPage: varchar('open_page', { length: 255 }),
    text: text('text'),
    createdAt: createdAt(),
  },
  (t) => [index('sys_notify_outbox_created_idx').on(t.createdAt)],
);

export type NotifyOutboxRow = typeof notifyOutbox.$inferSelect;
