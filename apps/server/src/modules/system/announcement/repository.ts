import { SEND_STATUS } from '@odp/contracts';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { announcementReads, announcements } from '../../../db/schema/index.js';

export type AnnouncementRow = typeof announcements.$inferSelect;

/** Addressed to everyone, or to this user among the comma-separated `user_ids`. */
function addressedTo(userId: string): SQL {
  return sql`(${announcements.msgType} = 'ALL' or (${announcements.msgType} = 'USER' and ${userId} = any(string_to_array(replace(coalesce(${announcements.userIds}, ''), ' ', ''), ','))))`;
}

/** Released, not deleted, already started, and addressed to the user: what the user may open. */
function visibleTo(userId: string): SQL {
  return and(
    eq(announcements.sendStatus, SEND_STATUS.released),
    isNull(announcements.deletedAt),
    sql`(${announcements.startTime} is null or ${announcements.startTime} <= now())`,
    addressedTo(userId),
  ) as SQL;
}

/** Visible, not yet ended, and not read by the user: what the bell shows. */
function unreadBy(userId: string): SQL {
  return and(
    visibleTo(userId),
    sql`(${announcements.endTime} is null or ${announcements.endTime} >= now())`,
    sql`not exists (select 1 from ${announcementReads} where ${announcementReads.anntId} = ${announcements.id} and ${announcementReads.userId} = ${userId})`,
  ) as SQL;
}

const newestFirst = [
  sql`${announcements.sendTime} desc nulls last`,
  desc(announcements.createdAt),
  desc(announcements.id),
];

export async function countUnreadByCategory(db: Executor, userId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ category: announcements.msgCategory, count: sql<number>`count(*)::int` })
    .from(announcements)
    .where(unreadBy(userId))
    .groupBy(announcements.msgCategory);
  return new Map(rows.map((r) => [r.category, Number(r.count)]));
}

export function selectUnread(
  db: Executor,
  userId: string,
  category: string,
  limit: number,
): Promise<AnnouncementRow[]> {
  return db
    .select()
    .from(announcements)
    .where(and(unreadBy(userId), eq(announcements.msgCategory, category)))
    .orderBy(...newestFirst)
    .limit(limit);
}

export async function findVisible(db: Executor, userId: string, id: string): Promise<AnnouncementRow | null> {
  const [row] = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.id, id), visibleTo(userId)))
    .limit(1);
  return row ?? null;
}

export async function hasRead(db: Executor, userId: string, anntId: string): Promise<boolean> {
  const [row] = await db
    .select({ anntId: announcementReads.anntId })
    .from(announcementReads)
    .where(and(eq(announcementReads.anntId, anntId), eq(announcementReads.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/** Idempotent: a second call keeps the first read time. */
export async function insertRead(db: Executor, userId: string, anntId: string): Promise<void> {
  await db.insert(announcementReads).values({ anntId, userId }).onConflictDoNothing();
}
