import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';

// Keeps the parameter list of one query well below PostgreSQL's limit.
const IDS_PER_QUERY = 1000;

/**
 * Which of the sessions are still usable by the same rules as HTTP: not revoked, user present and
 * enabled, and not idle for longer than `idleMs`. One query per thousand sockets, not one per socket.
 */
export async function liveSessionIds(db: Executor, sessionIds: string[], idleMs: number): Promise<Set<string>> {
  const live = new Set<string>();
  const idleSince = new Date(Date.now() - idleMs);
  for (let i = 0; i < sessionIds.length; i += IDS_PER_QUERY) {
    const rows = await db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          inArray(sessions.id, sessionIds.slice(i, i + IDS_PER_QUERY)),
          isNull(sessions.revokedAt),
          isNull(users.deletedAt),
          eq(users.status, 1),
          gt(sessions.lastSeenAt, idleSince),
        ),
      );
    for (const r of rows) live.add(r.id);
  }
  return live;
}
