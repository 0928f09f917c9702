import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Soft delete: business records are recoverable unless the spec says otherwise. */
export const deletedAt = () => timestamp('deleted_at', { withTimezone: true });

/** PostgreSQL full-text vector; filled by the server from Chinese character bigrams (see platform/search). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
