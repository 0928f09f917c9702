import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { PUSH_CHANNEL, type PushAudience } from '../platform/push/publish.js';

export type PushRecorder = {
  /** Every notice audience delivered since the last `clear()`, in order, once `settled()` resolved. */
  readonly pushes: PushAudience[];
  /** Waits until every notice committed so far has been delivered, and returns the audiences. */
  settled(): Promise<PushAudience[]>;
  clear(): void;
  stop(): Promise<void>;
};

/**
 * Listens on the push channel as another server instance would, so a test sees exactly the notices
 * that were committed (a rolled-back write delivers none). `settled()` sends a probe addressed to a
 * user who does not exist and waits for it: notices arrive in commit order, so every earlier one is
 * in by then.
 */
export async function recordPushes(database: Database): Promise<PushRecorder> {
  const pushes: PushAudience[] = [];
  const waiting = new Map<string, () => void>();
  const unlisten = await database.listen(PUSH_CHANNEL, (payload) => {
    const event = JSON.parse(payload) as PushAudience | { revokedSessionIds: string[] };
    if ('revokedSessionIds' in event) return;
    const probe = 'userIds' in event ? waiting.get(event.userIds[0]) : undefined;
    if (probe) probe();
    else pushes.push(event);
  });
  return {
    pushes,
    async settled() {
      const id = `probe-${randomUUID()}`;
      const arrived = new Promise<void>((resolve) => waiting.set(id, resolve));
      await database.db.execute(sql`select pg_notify(${PUSH_CHANNEL}, ${JSON.stringify({ userIds: [id] })})`);
      await arrived;
      waiting.delete(id);
      return pushes;
    },
    clear: () => {
      pushes.length = 0;
    },
    stop: unlisten,
  };
}
