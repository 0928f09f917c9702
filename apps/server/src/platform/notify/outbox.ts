import { notifyCategoryOf } from '@odp/contracts';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db, Executor } from '../../db/client.js';
import { type NotifyOutboxRow, notifyOutbox, userNotifySettings, users } from '../../db/schema/index.js';
import type { MailProvider } from './mail.js';
import type { SmsProvider } from './sms.js';

/** The PostgreSQL channel that wakes the instances' dispatchers when notifications were queued. */
export const NOTIFY_OUTBOX_CHANNEL = 'odp_notify_outbox';

const SITE = '滨江市公共数据开放平台';
/** Rows one take hands to the providers; the dispatcher takes again until the outbox is empty. */
const TAKE = 50;

export type OutboundNotice = {
  /** The addressees, or `'all'` for a notice to every account (an announcement to 全体用户). */
  userIds: string[] | 'all';
  messageType: string;
  title: string;
  /** Plain text, or else rich text (`content`) of which a mail keeps the words. */
  text?: string | null;
  content?: string | null;
  openPage?: string | null;
};

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/** The words of rich text for a plain-text mail: block ends become line breaks, other tags spaces. */
export function plainOf(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h\d)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (e) => ENTITIES[e] ?? e)
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim()
    .slice(0, 2000);
}

/**
 * Queues the SMS and mails a business message owes, in the caller's transaction: one query reads the
 * recipients who chose 短信 or 邮件 for the message type's category (and have a number or an address),
 * one insert queues them, and a NOTIFY wakes a dispatcher on commit. A rolled-back change queues
 * nothing; a message type without a category (contracts `MESSAGE_TYPE_CATEGORY`) stays in the platform.
 */
export async function queueNotifications(tx: Executor, notice: OutboundNotice): Promise<number> {
  const category = notifyCategoryOf(notice.messageType);
  if (!category || (notice.userIds !== 'all' && !notice.userIds.length)) return 0;
  const chosen = await tx
    .select({
      userId: users.id,
      phone: users.phone,
      email: users.email,
      sms: userNotifySettings.sms,
      mail: userNotifySettings.email,
    })
    .from(userNotifySettings)
    .innerJoin(users, eq(users.id, userNotifySettings.userId))
    .where(
      and(
        notice.userIds === 'all' ? undefined : inArray(userNotifySettings.userId, notice.userIds),
        eq(userNotifySettings.category, category),
        or(eq(userNotifySettings.sms, true), eq(userNotifySettings.email, true)),
        isNull(users.deletedAt),
        eq(users.status, 1),
      ),
    );
  const common = {
    category,
    title: notice.title.slice(0, 200),
    openPage: notice.openPage && notice.openPage.length <= 255 ? notice.openPage : null,
    text: notice.text ?? (notice.content ? plainOf(notice.content) || null : null),
  };
  const rows = chosen.flatMap((r) => [
    ...(r.sms && r.phone ? [{ ...common, channel: 'sms', address: r.phone, userId: r.userId }] : []),
    ...(r.mail && r.email ? [{ ...common, channel: 'email', address: r.email, userId: r.userId }] : []),
  ]);
  if (!rows.length) return 0;
  await tx.insert(notifyOutbox).values(rows);
  await tx.execute(sql`select pg_notify(${NOTIFY_OUTBOX_CHANNEL}, '')`);
  return rows.length;
}

/**
 * Takes up to `limit` queued notifications, oldest first, deleting them in the same statement: rows
 * another instance is taking are skipped, so each is handed to a provider once (at most once: a crash
 * between taking and sending loses it, as a failed send does).
 */
export async function takeQueued(db: Db, limit = TAKE): Promise<NotifyOutboxRow[]> {
  const next = db
    .select({ id: notifyOutbox.id })
    .from(notifyOutbox)
    .orderBy(notifyOutbox.createdAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db.delete(notifyOutbox).where(inArray(notifyOutbox.id, next)).returning();
}

/** The link a notification carries: the page on PUBLIC_URL, or none when the deployment's address is unknown. */
function linkOf(row: NotifyOutboxRow, publicUrl: string | undefined): string | null {
  if (!publicUrl) return null;
  return `${publicUrl.replace(/\/+$/, '')}${row.openPage ?? '/'}`;
}

/** The short Chinese text of a notification by SMS: the title and the link. */
export function smsText(row: NotifyOutboxRow, publicUrl?: string): string {
  const link = linkOf(row, publicUrl);
  return `【${SITE}】${row.title}。${link ? `详情：${link}` : '详情请登录平台查看消息。'}`;
}

export function mailOf(row: NotifyOutboxRow, publicUrl?: string) {
  const link = linkOf(row, publicUrl);
  const text = [
    row.title,
    row.text ?? '',
    link ? `详情：${link}` : '详情请登录平台，在消息中心查看。',
    `此邮件由${SITE}自动发送，请勿回复。如不再需要邮件通知，可在个人中心的“消息设置”中关闭。`,
  ]
    .filter(Boolean)
    .join('\n\n');
  return { to: row.address, subject: `【${SITE}】${row.title}`, text, category: row.category };
}

export type NotifyDispatcher = ReturnType<typeof createNotifyDispatcher>;

/**
 * Hands queued notifications to the providers after their transactions commit: woken by the outbox
 * channel's NOTIFY (and once at start, for rows left by a stopped instance). A failed send is logged
 * and dropped; it never reaches the business change, which committed already.
 */
export function createNotifyDispatcher(opts: {
  database: Database;
  sms: SmsProvider;
  mail: MailProvider;
  publicUrl?: string;
  log: FastifyBaseLogger;
}) {
  const { database, sms, mail, publicUrl, log } = opts;
  let running: Promise<void> | null = null;
  let again = false;
  let unlisten: (() => Promise<void>) | null = null;

  const deliver = async (row: NotifyOutboxRow) => {
    try {
      if (row.channel === 'sms') {
        await sms.send({ kind: 'notice', mobile: row.address, category: row.category, text: smsText(row, publicUrl) });
      } else {
        await mail.send(mailOf(row, publicUrl));
      }
    } catch (err) {
      log.warn({ err, notify: { channel: row.channel, userId: row.userId, category: row.category } }, '通知发送失败');
    }
  };

  const drain = async () => {
    do {
      again = false;
      for (;;) {
        const rows = await takeQueued(database.db);
        if (!rows.length) break;
        for (const row of rows) await deliver(row);
      }
    } while (again);
  };

  /** Sends what is queued; resolves when the outbox was found empty. */
  const flush = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((err) => log.warn({ err }, '通知发件箱处理失败'))
      .finally(() => {
        running = null;
      });
    return running;
  };

  return {
    flush,
    async start() {
      unlisten = await database.listen(NOTIFY_OUTBOX_CHANNEL, () => void flush());
      void flush();
    },
    async stop() {
      const stopListening = unlisten;
      unlisten = null;
      await stopListening?.();
      await running;
    },
  };
}
