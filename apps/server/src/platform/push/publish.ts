import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

/** The PostgreSQL channel every server instance listens on for notices to push to its sockets. */
export const PUSH_CHANNEL = 'odp_push';

/** Who a notice is for: everyone signed in, or the listed users. */
export type PushAudience = { all: true } | { userIds: string[] };

/** What travels on the channel: a notice for an audience, or sessions whose sockets must close. */
export type PushEvent = PushAudience | { revokedSessionIds: string[] } | { public: { topic: string; data: unknown } };

/** What a public notice may weigh on the channel (NOTIFY's limit is 8000 bytes, the envelope included). */
const PUBLIC_PAYLOAD_BYTES = 7000;

/** NOTIFY payloads are limited to 8000 bytes; 150 UUIDs with separators stay well below it. */
const IDS_PER_NOTIFY = 150;

/**
 * Tells every instance that the audience has new notices. Sent with NOTIFY inside the caller's
 * transaction, so that it is delivered on commit and never for a write that was rolled back.
 */
export async function publishNotice(db: Executor, audience: PushAudience): Promise<void> {
  if ('all' in audience) {
    await notify(db, { all: true });
    return;
  }
  for (const userIds of chunks(audience.userIds)) await notify(db, { userIds });
}

/** Tells every instance to close the sockets of sessions that were just ended (same commit rule). */
export async function publishRevokedSessions(db: Executor, sessionIds: string[]): Promise<void> {
  for (const revokedSessionIds of chunks(sessionIds)) await notify(db, { revokedSessionIds });
}

/**
 * Tells every instance to push `data` under `topic` to every public socket (visitors not signed in,
 * such as the big screen), on commit like the other notices. The caller sends only public facts.
 */
export async function publishPublic(db: Executor, topic: string, data: unknown): Promise<void> {
  const event: PushEvent = { public: { topic, data } };
  if (Buffer.byteLength(JSON.stringify(event)) > PUBLIC_PAYLOAD_BYTES)
    throw new Error(`public push ${topic} too large`);
  await notify(db, event);
}

async function notify(db: Executor, event: PushEvent) {
  await db.execute(sql`select pg_notify(${PUSH_CHANNEL}, ${JSON.stringify(event)})`);
}

function chunks(ids: string[]): string[][] {
  const unique = [...new Set(ids)];
  const out: string[][] = [];
  for (let i = 0; i < unique.length; i += IDS_PER_NOTIFY) out.push(unique.slice(i, i + IDS_PER_NOTIFY));
  return out;
}
