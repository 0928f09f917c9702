import { boolean, index, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, id } from './columns.js';
import { users } from './system.js';

/**
 * 业务消息 (/api/news): one row per addressee for events such as a catalogue approved or rejected.
 * `messageType` names the event family so that the bell and the message centre can group them.
 */
export const businessMessages = pgTable(
  'biz_message',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageType: varchar('message_type', { length: 32 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    content: text('content').notNull().default(''),
    busId: varchar('bus_id', { length: 64 }),
    openPage: varchar('open_page', { length: 255 }),
    sender: varchar('sender', { length: 64 }),
    readFlag: boolean('read_flag').notNull().default(false),
    readTime: timestamp('read_time', { withTimezone: true }),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [index('biz_message_user_idx').on(t.userId, t.readFlag, t.createdAt)],
);
