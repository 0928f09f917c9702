import type { Executor } from '../../db/client.js';
import { logs } from '../../db/schema/index.js';
import type { Actor } from '../auth/actor.js';

export const LogType = { login: 1, operation: 2 } as const;

export type LogEntry = {
  content: string;
  operateType: string;
  target?: string | null;
  outcome?: 'success' | 'failure';
};

/**
 * Writes an operation-log row with the caller's executor, so that it commits or rolls back with the
 * change. The duration runs from the request's arrival to the write being logged, the last step
 * of every administrative change.
 */
export async function logOperation(db: Executor, actor: Actor, entry: LogEntry) {
  const { request } = actor;
  await db.insert(logs).values({
    logType: LogType.operation,
    logContent: entry.content.slice(0, 1000),
    operateType: entry.operateType,
    target: entry.target ?? null,
    userId: actor.userId,
    username: actor.username,
    realname: actor.realname,
    ip: actor.ip,
    method: request?.method ?? null,
    requestUrl: request?.url.slice(0, 500) ?? null,
    costTime: request ? Date.now() - request.startedAt : null,
    outcome: entry.outcome ?? 'success',
  });
}

export async function logLogin(
  db: Executor,
  entry: {
    username: string;
    userId?: string | null;
    realname?: string | null;
    ip: string;
    content: string;
    outcome: 'success' | 'failure';
  },
) {
  await db.insert(logs).values({
    logType: LogType.login,
    logContent: entry.content,
    operateType: 'login',
    userId: entry.userId ?? null,
    username: entry.username.slice(0, 64),
    realname: entry.realname ?? null,
    ip: entry.ip,
    outcome: entry.outcome,
  });
}
