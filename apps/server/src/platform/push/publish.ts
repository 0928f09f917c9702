import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

/** The PostgreSQL channel every server instance listens on for notices to push to its sockets. */
export const PUSH_CHANNEL = 'odp_push';

/** Who a notice is for: everyone signed in, or the listed users. */
export type PushAudience = { all: true } | { userIds: string[] };

/** NOTIFY payloads are limited to 8000 bytes; 150 UUIDs with separators stay well below it. */
const USERS_PER_NOTIFY = 150;

/**
 * Tells every instance that the audience has new notices. Sent with NOTIFY inside the caller's
 * transaction, so that it is delivered on commit and never for a write that was rolled back.
 */
export async function publishNotice(db: Executor, audience: PushAudience): Promise<void> {
  if ('all' in audience) {
    await db.execute(sql`select pg_notify(${PUSH_CHANNEL}, ${JSON.stringify({ all: true })})`);
    return;
  }
  const userIds = [...new Set(audience.userIds)];
  for (let i = 0; i < userIds.length; i += USERS_PER_NOTIFY) {
    const payload = JSON.stringify({ userIds: userIds.slice(i, i + USERS_PER_NOTIFY) });
    await db.execute(sql`select pg_notify(${PUSH_CHANNEL}, ${payload})`);
  }
}
