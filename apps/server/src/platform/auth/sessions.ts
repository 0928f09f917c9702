import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { permissions, rolePermissions, roles, sessions, userRoles, users } from '../../db/schema/index.js';
import { publishRevokedSessions } from '../push/publish.js';
import { departRolePermissionRows } from './depart-grants.js';
import { hashToken, newToken } from './token.js';

export type RevokeReason = 'logout' | 'password' | 'frozen' | 'idle' | 'forced' | 'deleted';

export async function createSession(db: Executor, userId: string, meta: { ip: string; userAgent?: string }) {
  const token = newToken();
  const [row] = await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId, ip: meta.ip, userAgent: meta.userAgent?.slice(0, 300) })
    .returning({ id: sessions.id });
  return { token, sessionId: row.id };
}

export type SessionLookup =
  | { state: 'ok'; sessionId: string; user: typeof users.$inferSelect }
  | { state: 'expired' }
  | { state: 'unknown' };

// Writing last_seen_at on every request would turn reads into writes; a minute of slack is harmless.
const TOUCH_AFTER_MS = 60_000;

/** Resolves a token to its live session, revoking it when idle too long. */
export async function resolveSession(db: Executor, token: string, idleMs: number): Promise<SessionLookup> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return { state: 'unknown' };
  const { session, user } = row;
  if (session.revokedAt || user.deletedAt || user.status !== 1) return { state: 'expired' };
  const idle = Date.now() - session.lastSeenAt.getTime();
  if (idle > idleMs) {
    await revokeSession(db, session.id, 'idle');
    return { state: 'expired' };
  }
  if (idle > TOUCH_AFTER_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, session.id));
  }
  return { state: 'ok', sessionId: session.id, user };
}

/** Ends a session; its live-push sockets on every instance close when the caller's transaction commits. */
export async function revokeSession(db: Executor, sessionId: string, reason: RevokeReason) {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  await publishRevokedSessions(
    db,
    ended.map((s) => s.id),
  );
}

/** Ends every live session of the users, optionally sparing the caller's own. */
export async function revokeUserSessions(
  db: Executor,
  userIds: string[],
  reason: RevokeReason,
  exceptSessionId?: string,
) {
  if (userIds.length === 0) return;
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(
      and(
        inArray(sessions.userId, userIds),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : sql`true`,
      ),
    )
    .returning({ id: sessions.id });
  await publishRevokedSessions(
    db,
    ended.map((s) => s.id),
  );
}

/** Enabled permission codes and role codes of a user, read fresh so that revocations apply at once. */
export async function loadGrants(db: Executor, userId: string) {
  const rows = await db
    .select({ roleCode: roles.roleCode, perms: permissions.perms, status: permissions.status })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .leftJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(userRoles.userId, userId));
  // Department roles add to system roles: the grants of the current department's roles count too.
  const departRows = await departRolePermissionRows(db, userId);
  const perms = new Set<string>();
  const roleCodes = new Set<string>();
  for (const r of [...rows, ...departRows.map((p) => ({ roleCode: null, perms: p.perms, status: p.status }))]) {
    if (r.roleCode) roleCodes.add(r.roleCode);
    if (r.perms && r.status === '0') {
      for (const code of r.perms.split(',')) if (code.trim()) perms.add(code.trim());
    }
  }
  return { perms, roleCodes: [...roleCodes] };
}
