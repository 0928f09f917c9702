import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { PUSH_CHANNEL, type PushAudience, type PushEvent } from '../platform/push/publish.js';

export type PushRecorder = {
  /** Every notice audience delivered since the last `clear()`, in order, once `settled()` resolved. */
  readonly pushes: PushAudience[];
  /** Public notices (topic and data) delivered since the last `clear()`, once `settled()` resolved. */
  readonly publics: { topic: string; data: unknown }[];
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
  const publics: { topic: string; data: unknown }[] = [];
  const waiting = new Map<string, () => void>();
  const unlisten = await database.listen(PUSH_CHANNEL, (payload) => {
    const event = JSON.parse(payload) as PushEvent;
    if ('revokedSessionIds' in event) return;
    if ('public' in event) {
      publics.push(event.public);
      return;
    }
    const probe = 'userIds' in event ? waiting.get(event.userIds[0]) : undefined;
    if (probe) probe();
    else pushes.push(event);
  });
  return {
    pushes,
    publics,
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
      publics.length = 0;
    },
    stop: unlisten,
  };
}
