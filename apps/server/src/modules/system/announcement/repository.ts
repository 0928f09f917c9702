import { SEND_STATUS } from '@odp/contracts';
import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { announcementReads, announcements, departs, userDeparts, users } from '../../../db/schema/index.js';
import { containing } from '../../../platform/resource/like.js';

export type AnnouncementRow = typeof announcements.$inferSelect;

/** A comma-separated id column as a text array, blanks removed. */
const idArray = (column: typeof announcements.userIds | typeof announcements.departIds) =>
  sql`string_to_array(replace(coalesce(${column}, ''), ' ', ''), ',')`;

/**
 * Addressed to everyone, or (USER) to this user among `user_ids` or as a member of one of the
 * departments in `depart_ids` (sys_user_depart).
 */
function addressedTo(userId: string): SQL {
  return sql`(${announcements.msgType} = 'ALL' or (${announcements.msgType} = 'USER' and (${userId} = any(${idArray(announcements.userIds)}) or exists (select 1 from ${userDeparts} where ${userDeparts.userId} = ${userId} and ${userDeparts.departId}::text = any(${idArray(announcements.departIds)})))))`;
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

const notEnded = sql`(${announcements.endTime} is null or ${announcements.endTime} >= now())`;
/** Whether the user has a read row (sys_announcement_send) for the announcement of the outer query. */
export const readBy = (userId: string) =>
  sql`exists (select 1 from ${announcementReads} where ${announcementReads.anntId} = ${announcements.id} and ${announcementReads.userId} = ${userId})`;

/** Visible and not yet ended: what the user's lists show. */
export function currentFor(userId: string): SQL {
  return and(visibleTo(userId), notEnded) as SQL;
}

/** Current and not read by the user: what the bell shows. */
function unreadBy(userId: string): SQL {
  return and(currentFor(userId), sql`not ${readBy(userId)}`) as SQL;
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

/** The user's current announcements, optionally only (un)read, with each row's read state. */
export async function selectMine(
  db: Executor,
  userId: string,
  filter: { titile?: string; msgCategory?: string; read?: boolean },
  page: { limit: number; offset: number },
): Promise<{ rows: (AnnouncementRow & { readFlag: boolean })[]; total: number }> {
  const where = and(
    currentFor(userId),
    filter.titile ? sql`${announcements.titile} ilike ${containing(filter.titile)}` : undefined,
    filter.msgCategory ? eq(announcements.msgCategory, filter.msgCategory) : undefined,
    filter.read === undefined ? undefined : filter.read ? readBy(userId) : sql`not ${readBy(userId)}`,
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ row: announcements, readFlag: sql<boolean>`${readBy(userId)}` })
      .from(announcements)
      .where(where)
      .orderBy(...newestFirst)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(announcements).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.row, readFlag: Boolean(r.readFlag) })), total: n };
}

export function selectByIds(db: Executor, ids: string[]): Promise<AnnouncementRow[]> {
  return ids.length ? db.select().from(announcements).where(inArray(announcements.id, ids)) : Promise.resolve([]);
}

export async function findVisible(db: Executor, userId: string, id: string): Promise<AnnouncementRow | null> {
  const [row] = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.id, id), visibleTo(userId)))
    .limit(1);
  return row ?? null;
}

/** Any live (not deleted) announcement, whatever its status; `forUpdate` locks it for a transition. */
export async function findLive(db: Executor, id: string, forUpdate = false): Promise<AnnouncementRow | null> {
  const query = db
    .select()
    .from(announcements)
    .where(and(eq(announcements.id, id), isNull(announcements.deletedAt)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
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

/** Marks every current unread announcement read for the user; answers how many were marked. */
export async function insertAllReads(db: Executor, userId: string): Promise<number> {
  const unread = await db.select({ id: announcements.id }).from(announcements).where(unreadBy(userId));
  if (!unread.length) return 0;
  await db
    .insert(announcementReads)
    .values(unread.map((a) => ({ anntId: a.id, userId })))
    .onConflictDoNothing();
  return unread.length;
}

export async function updateAnnouncement(
  db: Executor,
  id: string,
  values: Partial<typeof announcements.$inferInsert>,
): Promise<AnnouncementRow> {
  const [row] = await db
    .update(announcements)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(announcements.id, id))
    .returning();
  return row;
}

/** How many of the ids are live users / existing departments, to refuse unknown addressees. */
export async function countKnownUsers(db: Executor, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const [{ n }] = await db
    .select({ n: count() })
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
  return n;
}

export async function countKnownDeparts(db: Executor, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const [{ n }] = await db
    .select({ n: count() })
    .from(departs)
    .where(and(inArray(departs.id, ids), isNull(departs.deletedAt)));
  return n;
}

/** The users a USER announcement reaches: the listed ones and the members of the listed departments. */
export async function resolveAddressees(db: Executor, row: AnnouncementRow): Promise<string[]> {
  const userIds = (row.userIds ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const departIds = (row.departIds ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const members = departIds.length
    ? await db
        .selectDistinct({ userId: userDeparts.userId })
        .from(userDeparts)
        .where(inArray(userDeparts.departId, departIds))
    : [];
  return [...new Set([...userIds, ...members.map((m) => m.userId)])];
}

/** Released to everyone, marked public, started and not ended: the portal's 公告通知. */
const publicNotice = () =>
  and(
    eq(announcements.sendStatus, SEND_STATUS.released),
    isNull(announcements.deletedAt),
    eq(announcements.isPublic, true),
    eq(announcements.msgType, 'ALL'),
    sql`(${announcements.startTime} is null or ${announcements.startTime} <= now())`,
    notEnded,
  );

/** The newest public announcements, for the portal home's 公告通知 tab. */
export function listPublicNotices(db: Executor, limit: number) {
  return db
    .select({ id: announcements.id, title: announcements.titile, sendTime: announcements.sendTime })
    .from(announcements)
    .where(publicNotice())
    .orderBy(...newestFirst)
    .limit(limit);
}

/** One public announcement for a visitor, or null. */
export async function findPublicNotice(db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.id, id), publicNotice()));
  return row ?? null;
}
