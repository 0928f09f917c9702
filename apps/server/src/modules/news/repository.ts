import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';
import { announcements, businessMessages, users } from '../../db/schema/index.js';
import {
  type AnnouncementRow,
  currentFor,
  readBy,
  selectByIds as selectAnnouncementsByIds,
} from '../system/announcement/repository.js';

export type NewsRow = typeof businessMessages.$inferSelect;

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

/** One of the user's own live messages, or null. */
export async function findOwn(db: Executor, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(businessMessages)
    .where(and(ownedBy(userId), eq(businessMessages.id, id)));
  return row ?? null;
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

export async function countLiveUsers(db: Executor, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const [{ n }] = await db
    .select({ n: count() })
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
  return n;
}

export type CentreFilter = { unreadOnly: boolean; source?: 'annt' | 'news' };
export type CentreRow = { source: 'annt'; row: AnnouncementRow; read: boolean } | { source: 'news'; row: NewsRow };
type CentreKey = { source: 'annt' | 'news'; id: string; is_read: boolean };

/**
 * The message centre as one relation (source, id, sort_time, is_read): the user's current announcements,
 * read when a read row exists, and the user's live business messages. `sort_time` is what each item shows
 * as its send time, so the order matches what the page displays.
 */
function centreUnion(userId: string, filter: CentreFilter): SQL {
  const sides: SQL[] = [];
  if (filter.source !== 'news') {
    const where = and(currentFor(userId), filter.unreadOnly ? sql`not ${readBy(userId)}` : undefined);
    sides.push(
      sql`select 'annt' as source, ${announcements.id} as id, coalesce(${announcements.sendTime}, ${announcements.createdAt}) as sort_time, ${readBy(userId)} as is_read from ${announcements} where ${where}`,
    );
  }
  if (filter.source !== 'annt') {
    const where = and(ownedBy(userId), filter.unreadOnly ? eq(businessMessages.readFlag, false) : undefined);
    sides.push(
      sql`select 'news' as source, ${businessMessages.id} as id, ${businessMessages.createdAt} as sort_time, ${businessMessages.readFlag} as is_read from ${businessMessages} where ${where}`,
    );
  }
  return sql.join(sides, sql` union all `);
}

/**
 * One page of the merged list, newest first: the page is cut in SQL over both tables, then its rows
 * are loaded by id and put back in the page's order (a row gone in between is skipped).
 */
export async function selectCentrePage(
  db: Executor,
  userId: string,
  filter: CentreFilter,
  page: { limit: number; offset: number },
): Promise<CentreRow[]> {
  const keys = await rowsOf<CentreKey>(
    db,
    sql`select source, id, is_read from (${centreUnion(userId, filter)}) as centre order by sort_time desc, id desc limit ${page.limit} offset ${page.offset}`,
  );
  const idsOf = (source: CentreKey['source']) => keys.filter((k) => k.source === source).map((k) => k.id);
  const newsIds = idsOf('news');
  const [annts, news] = await Promise.all([
    selectAnnouncementsByIds(db, idsOf('annt')),
    newsIds.length
      ? db.select().from(businessMessages).where(inArray(businessMessages.id, newsIds))
      : Promise.resolve([]),
  ]);
  const anntById = new Map(annts.map((r) => [r.id, r]));
  const newsById = new Map(news.map((r) => [r.id, r]));
  return keys.flatMap((k): CentreRow[] => {
    if (k.source === 'annt') {
      const row = anntById.get(k.id);
      return row ? [{ source: 'annt', row, read: Boolean(k.is_read) }] : [];
    }
    const row = newsById.get(k.id);
    return row ? [{ source: 'news', row }] : [];
  });
}

export async function countCentre(db: Executor, userId: string, filter: CentreFilter): Promise<number> {
  const [{ n }] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (${centreUnion(userId, filter)}) as centre`,
  );
  return Number(n);
}
