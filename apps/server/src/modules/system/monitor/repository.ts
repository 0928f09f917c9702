import type { OnlineUser } from '@odp/contracts';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { catalogueFiles, catalogues, departs, logs, sessions, users } from '../../../db/schema/index.js';

/** Sessions not revoked and seen within the idle window, newest activity first. */
export async function liveSessions(db: Executor, idleMs: number, currentSessionId: string): Promise<OnlineUser[]> {
  const rows = await db
    .select({
      sessionId: sessions.id,
      username: users.username,
      realname: users.realname,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      loginTime: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        isNull(sessions.revokedAt),
        isNull(users.deletedAt),
        eq(users.status, 1),
        gt(sessions.lastSeenAt, new Date(Date.now() - idleMs)),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((r) => ({
    ...r,
    loginTime: r.loginTime.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    current: r.sessionId === currentSessionId,
  }));
}

export async function sessionOwner(db: Executor, sessionId: string) {
  const [row] = await db
    .select({ id: sessions.id, userId: sessions.userId, username: users.username, revokedAt: sessions.revokedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId));
  return row;
}

export async function tableCounts(db: Executor) {
  const n = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;
  const [u, d, c, f, l] = await Promise.all([
    n(db.select({ n: count() }).from(users).where(isNull(users.deletedAt))),
    n(db.select({ n: count() }).from(departs).where(isNull(departs.deletedAt))),
    n(db.select({ n: count() }).from(catalogues)),
    n(db.select({ n: count() }).from(catalogueFiles).where(isNull(catalogueFiles.deletedAt))),
    n(db.select({ n: count() }).from(logs)),
  ]);
  return { users: u, departs: d, catalogues: c, files: f, logs: l };
}

/** Bytes on disk of the current database, as PostgreSQL (and PGlite) report it. */
export async function databaseSize(db: Executor): Promise<number> {
  const result = (await db.execute(sql`select pg_database_size(current_database())::text as size`)) as unknown as {
    rows: { size: string }[];
  };
  return Number(result.rows[0]?.size ?? 0);
}
