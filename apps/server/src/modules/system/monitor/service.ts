import { readFileSync } from 'node:fs';
import { Monitor, type OnlineUser, type SystemInfo } from '@odp/contracts';
import type { Database, Db } from '../../../db/client.js';
import { logOperation } from '../../../platform/audit/log.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { revokeSession } from '../../../platform/auth/sessions.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { databaseSize, liveSessions, sessionOwner, tableCounts } from './repository.js';

/** The platform's version: the root package.json, read once. */
const VERSION = (() => {
  const file = new URL('../../../../../../package.json', import.meta.url);
  return String((JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }).version ?? '');
})();

export const onlineUsers = (db: Db, actor: Actor, idleMs: number): Promise<OnlineUser[]> =>
  liveSessions(db, idleMs, actor.sessionId);

/** Ends another session at once: its next call is a 401. The caller's own session is refused. */
export async function forceLogout(db: Db, actor: Actor, sessionId: string) {
  if (sessionId === actor.sessionId) throw badRequest(Monitor.cannotForceSelf);
  await db.transaction(async (tx) => {
    const session = await sessionOwner(tx, sessionId);
    if (!session || session.revokedAt) throw notFound(Monitor.sessionGone);
    await revokeSession(tx, sessionId, 'forced');
    await logOperation(tx, actor, {
      content: `强制退出用户：${session.username}`,
      operateType: 'forceLogout',
      target: sessionId,
    });
  });
}

export async function systemInfo(database: Database): Promise<SystemInfo> {
  const [databaseSizeBytes, counts] = await Promise.all([databaseSize(database.db), tableCounts(database.db)]);
  const { rss, heapUsed } = process.memoryUsage();
  return {
    version: VERSION,
    nodeVersion: process.version,
    uptimeSeconds: Math.round(process.uptime()),
    databaseKind: database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
    databaseSizeBytes,
    memory: { rss, heapUsed },
    counts,
  };
}
