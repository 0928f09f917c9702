import { MSG_CATEGORY, SEND_STATUS } from '@odp/contracts';
import type { Executor } from '../../../db/client.js';
import { announcements } from '../../../db/schema/index.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * A business message to one user, shown in their bell: there is no message table yet, so it is a
 * released system message (msgCategory 2) addressed to the user, with the entry as `busId`.
 */
export async function notifyUser(
  db: Executor,
  message: { userId: string; title: string; content: string | null; catalogId: string; sender: string },
) {
  const now = new Date();
  await db.insert(announcements).values({
    titile: message.title.slice(0, 200),
    msgContent: message.content ? `<p>${escapeHtml(message.content)}</p>` : '',
    msgAbstract: message.content?.slice(0, 500) ?? null,
    priority: 'M',
    msgCategory: MSG_CATEGORY.system,
    msgType: 'USER',
    userIds: message.userId,
    sendStatus: SEND_STATUS.released,
    sendTime: now,
    startTime: now,
    sender: message.sender.slice(0, 64),
    openType: 'url',
    openPage: '/cataloguemanage/list',
    busId: message.catalogId,
    createdBy: message.sender.slice(0, 64),
  });
}
