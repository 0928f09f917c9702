import type { SubjectState } from '@odp/contracts';
import type { Executor } from '../../db/client.js';
import { workflowHistory } from '../../db/schema/index.js';
import type { Actor } from '../auth/actor.js';

export type HistoryRow = typeof workflowHistory.$inferSelect;

/**
 * One history row: a transition written by the kernel, or an event its module records beside them
 * (created, edited, copied). `from` is null where there was no state before.
 */
export async function recordHistory(
  db: Executor,
  entry: {
    subjectType: string;
    subjectId: string;
    action: string;
    from: SubjectState | null;
    to: SubjectState | null;
    comment: string | null;
    actor: Pick<Actor, 'userId' | 'username' | 'realname' | 'orgCode'>;
    departName: string | null;
    /** When it happened, if not now (the transition's clock). */
    at?: Date;
  },
): Promise<void> {
  await db.insert(workflowHistory).values({
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    action: entry.action,
    fromState: entry.from,
    toState: entry.to,
    comment: entry.comment?.slice(0, 500) ?? null,
    userId: entry.actor.userId,
    username: entry.actor.username,
    realname: entry.actor.realname,
    orgCode: entry.actor.orgCode,
    departName: entry.departName,
    ...(entry.at ? { createdAt: entry.at } : {}),
  });
}
