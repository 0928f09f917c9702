import { and, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { businessMessages, users } from '../../db/schema/index.js';

export type NewsRow = typeof businessMessages.$inferSelect;
export type NewsInsert = typeof businessMessages.$inferInsert;

/** The user's live (not deleted) messages. */
const ownedBy = (userId: string) => and(eq(businessMessages.userId, userId), isNull(businessMessages.deletedAt));

const newestFirst = [desc(businessMessages.createdAt), desc(businessMessages.id)];

export async function selectPage(
  db: Executor,
  userId: string,
  filter: { messageType?: string; read?: boolean },
  page: { limit: number; offset: number },
): Promise<{ rows: NewsRow[]; total: number }> {
  const where = and(
    ownedBy(userId),
    filter.messageType ? eq(businessMessages.messageType, filter.messageType) : undefined,
    filter.read === undefined ? undefined : eq(businessMessages.readFlag, filter.read),
  ) as SQL;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(businessMessages)
      .where(where)
      .orderBy(...newestFirst)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(businessMessages).where(where),
  ]);
  return { rows, total: n };
}

export async function countUnread(db: Executor, userId: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(businessMessages)
    .where(and(ownedBy(userId), eq(businessMessages.readFlag, false)));
  return n;
}

export function selectUnread(db: Executor, userId: string, limit: number): Promise<NewsRow[]> {
  return db
    .select()
    .from(businessMessages)
    .where(and(ownedBy(userId), eq(businessMessages.readFlag, false)))
    .orderBy(...newestFirst)
    .limit(limit);
}

/** Marks the user's own unread messages among `ids` (all of them when `ids` is null) read; answers how many. */
export async function markRead(db: Executor, userId: string, ids: string[] | null): Promise<number> {
  const rows = await db
    .update(businessMessages)
    .set({ readFlag: true, readTime: new Date() })
    .where(
      and(ownedBy(userId), eq(businessMessages.readFlag, false), ids ? inArray(businessMessages.id, ids) : undefined),
    )
    .returning({ id: businessMessages.id });
  return rows.length;
}

/** Soft-deletes the user's own messages among `ids`; answers how many. */
export async function softDelete(db: Executor, userId: string, ids: string[]): Promise<number> {
  const rows = await db
    .update(businessMessages)
    .set({ deletedAt: new Date() })
    .where(and(ownedBy(userId), inArray(businessMessages.id, ids)))
    .returning({ id: businessMessages.id });
  return rows.length;
}

export async function insertMessages(db: Executor, rows: NewsInsert[]): Promise<NewsRow[]> {
  return rows.length ? db.insert(businessMessages).values(rows).returning() : [];
}

export async function countLiveUsers(db: Executor, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const [{ n }] = await db
    .select({ n: count() })
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
  return n;
}
