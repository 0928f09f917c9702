import { isSameSitePath } from '@odp/contracts';
import { and, eq, gt, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { businessMessages, departs, roles, userDeparts, userRoles, users } from '../../db/schema/index.js';
import { queueNotifications } from '../notify/outbox.js';
import { publishNotice } from '../push/publish.js';
import { escapeHtml, sanitizeRichText } from '../sanitize/html.js';

export type BusinessMessageRow = typeof businessMessages.$inferSelect;

export type BusinessMessage = {
  userIds: string[];
  /** The event family, e.g. `catalogue_review`, so that the bell and the message centre can group them. */
  messageType: string;
  title: string;
  /** Rich text, sanitised here; plain text callers pass `text` instead. */
  content?: string | null;
  text?: string | null;
  busId?: string | null;
  openPage?: string | null;
  sender: string;
  /** When the event happened, if not now (a job running for a past tick). */
  at?: Date;
};

/**
 * The one path by which the platform tells users something (业务消息): one row per addressee, then a
 * push notice and the SMS and mails the addressees chose (`platform/notify`), in the caller's
 * transaction so that the messages, the push and the outbound notifications commit or roll back
 * with the change that caused them.
 */
export async function sendBusinessMessage(tx: Executor, message: BusinessMessage): Promise<BusinessMessageRow[]> {
  const userIds = [...new Set(message.userIds)];
  if (!userIds.length) return [];
  const content = message.content
    ? sanitizeRichText(message.content)
    : message.text
      ? `<p>${escapeHtml(message.text)}</p>`
      : '';
  const rows = await tx
    .insert(businessMessages)
    .values(
      userIds.map((userId) => ({
        userId,
        messageType: message.messageType,
        title: message.title.slice(0, 200),
        content,
        busId: message.busId?.slice(0, 64) ?? null,
        // Every writer's link passes the same rule the web follows links by: a foreign one is dropped.
        openPage: isSameSitePath(message.openPage) && message.openPage.length <= 255 ? message.openPage : null,
        sender: message.sender.slice(0, 64),
        ...(message.at ? { createdAt: message.at } : {}),
      })),
    )
    .returning();
  await publishNotice(tx, { userIds });
  // Those who chose 短信 or 邮件 for the message's category get it too, once the change commits.
  await queueNotifications(tx, { ...message, userIds });
  return rows;
}

/** Who to tell: the members of departments, the holders of roles, named users; active accounts only. */
export type Recipients = { orgCodes?: readonly string[]; roles?: readonly string[]; userIds?: readonly string[] };

export async function resolveRecipients(db: Executor, to: Recipients): Promise<string[]> {
  const conditions: SQL[] = [];
  if (to.userIds?.length) conditions.push(inArray(users.id, [...to.userIds]));
  if (to.orgCodes?.length) {
    const members = db
      .select({ id: userDeparts.userId })
      .from(userDeparts)
      .innerJoin(departs, and(eq(departs.id, userDeparts.departId), isNull(departs.deletedAt)))
      .where(inArray(departs.orgCode, [...to.orgCodes]));
    conditions.push(inArray(users.id, members));
  }
  if (to.roles?.length) {
    const holders = db
      .select({ id: userRoles.userId })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(inArray(roles.roleCode, [...to.roles]));
    conditions.push(inArray(users.id, holders));
  }
  if (!conditions.length) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(or(...conditions), isNull(users.deletedAt), eq(users.status, 1)))
    .orderBy(users.id);
  return rows.map((r) => r.id);
}

/**
 * A reminder (催办、逾期、更新提醒): a business message to the recipients about one record, skipping
 * those who already got a reminder of the same type about it within `notWithinMs`, so that a job
 * running every few minutes does not flood the bell. Answers who was reminded.
 */
export async function remind(
  tx: Executor,
  reminder: Omit<BusinessMessage, 'userIds' | 'busId'> & {
    to: Recipients;
    busId: string;
    notWithinMs: number;
    now: Date;
  },
): Promise<string[]> {
  const candidates = await resolveRecipients(tx, reminder.to);
  if (!candidates.length) return [];
  const since = new Date(reminder.now.getTime() - reminder.notWithinMs);
  const already = await tx
    .select({ userId: businessMessages.userId })
    .from(businessMessages)
    .where(
      and(
        inArray(businessMessages.userId, candidates),
        eq(businessMessages.messageType, reminder.messageType),
        eq(businessMessages.busId, reminder.busId),
        gt(businessMessages.createdAt, since),
      ),
    );
  const skip = new Set(already.map((r) => r.userId));
  const userIds = candidates.filter((id) => !skip.has(id));
  const { to: _to, notWithinMs: _n, now, ...message } = reminder;
  await sendBusinessMessage(tx, { ...message, userIds, at: now });
  return userIds;
}
