import {
  MSG_CATEGORY,
  type NewsItem,
  NewsMessages,
  type NewsPageQuery,
  type NewsQuickReplyInput,
  type NewsReleaseInput,
  type NoticeCentreQuery,
  type NoticeItem,
  type Page,
  toPage,
} from '@odp/contracts';
import type { Db, Executor } from '../../db/client.js';
import { logOperation } from '../../platform/audit/log.js';
import type { Actor } from '../../platform/auth/actor.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { sendBusinessMessage } from '../../platform/messaging/business-message.js';
import { installedModules } from '../../platform/module-registry.js';
import { paginate } from '../../platform/resource/paging.js';
import { toNoticeItem } from '../system/announcement/resource.js';
import {
  countCentre,
  countLiveUsers,
  countUnread,
  findOwn,
  markRead,
  type NewsRow,
  selectCentrePage,
  selectPage,
  selectUnread,
  softDelete,
} from './repository.js';

export function toNewsItem(row: NewsRow): NewsItem {
  return {
    id: row.id,
    messageType: row.messageType,
    title: row.title,
    content: row.content,
    busId: row.busId,
    openPage: row.openPage,
    sender: row.sender ?? '',
    readFlag: row.readFlag,
    readTime: row.readTime?.toISOString() ?? null,
    createTime: row.createdAt.toISOString(),
  };
}

/** A business message as an item of the bell's 系统消息 tab and of the message centre. */
export function newsAsNotice(row: NewsRow): NoticeItem {
  return {
    id: row.id,
    source: 'news',
    messageType: row.messageType,
    titile: row.title,
    msgContent: row.content,
    msgAbstract: null,
    priority: 'M',
    sender: row.sender ?? '',
    sendTime: row.createdAt.toISOString(),
    createTime: row.createdAt.toISOString(),
    openType: row.openPage ? 'url' : null,
    openPage: row.openPage,
    busId: row.busId,
    msgCategory: MSG_CATEGORY.system,
    readFlag: row.readFlag,
  };
}

export async function newsPage(db: Db, actor: Actor, query: NewsPageQuery): Promise<Page<NewsItem>> {
  const { rows, total } = await selectPage(
    db,
    actor.userId,
    { messageType: query.messageType, read: query.readFlag === undefined ? undefined : query.readFlag === '1' },
    { limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize },
  );
  return toPage(rows.map(toNewsItem), total, query);
}

/** The provider that lets `actor` answer the record of a message of this type now, if any. */
async function quickReplyOf(db: Db, actor: Actor, messageType: string, busId: string | null) {
  if (!busId) return null;
  for (const provider of installedModules().quickReplies.get(messageType) ?? []) {
    if (await provider.accepts(db, actor, busId)) return provider;
  }
  return null;
}

/** 消息中心: the caller's announcements and business messages in one list, paged in SQL. */
export async function noticeCentre(db: Db, actor: Actor, query: NoticeCentreQuery): Promise<Page<NoticeItem>> {
  const filter = { unreadOnly: query.unreadOnly ?? false, source: query.source };
  return paginate(
    query,
    async (limit, offset) =>
      Promise.all(
        (await selectCentrePage(db, actor.userId, filter, { limit, offset })).map(async (item) =>
          item.source === 'annt'
            ? toNoticeItem(item.row, item.read)
            : {
                ...newsAsNotice(item.row),
                quickReply: (await quickReplyOf(db, actor, item.row.messageType, item.row.busId)) !== null,
              },
        ),
      ),
    () => countCentre(db, actor.userId, filter),
  );
}

/** 快捷回复: answers the record a message of the caller's is about, and marks the message read. */
export async function quickReply(db: Db, actor: Actor, input: NewsQuickReplyInput): Promise<void> {
  const message = await findOwn(db, actor.userId, input.id);
  if (!message) throw notFound();
  const known = installedModules().quickReplies.has(message.messageType) && message.busId;
  if (!known) throw badRequest(NewsMessages.noQuickReply);
  const provider = await quickReplyOf(db, actor, message.messageType, message.busId);
  if (!provider || !message.busId) throw badRequest(NewsMessages.replyNotNeeded);
  await provider.reply(db, actor, message.busId, input.content);
  await markRead(db, actor.userId, [message.id]);
}

/** Only the caller's own rows change; ids of other users' messages are ignored. */
export async function readNews(db: Db, actor: Actor, ids: string[] | null): Promise<number> {
  return markRead(db, actor.userId, ids);
}

export async function deleteNews(db: Db, actor: Actor, ids: string[]): Promise<number> {
  return softDelete(db, actor.userId, ids);
}

export const unreadNewsCount = (db: Executor, actor: Actor) => countUnread(db, actor.userId);

export const unreadNews = async (db: Executor, userId: string, limit: number) =>
  (await selectUnread(db, userId, limit)).map(newsAsNotice);

/** The administrative path: an administrator sends a message to listed users. */
export async function releaseNews(db: Db, actor: Actor, input: NewsReleaseInput): Promise<number> {
  const userIds = [...new Set(input.userIds)];
  return db.transaction(async (tx) => {
    if ((await countLiveUsers(tx, userIds)) !== userIds.length) throw badRequest(NewsMessages.unknownUsers);
    const rows = await sendBusinessMessage(tx, {
      userIds,
      messageType: input.messageType,
      title: input.title,
      content: input.content,
      busId: input.busId,
      openPage: input.openPage,
      sender: actor.realname,
    });
    await logOperation(tx, actor, {
      content: `发送业务消息：${input.title}（${rows.length} 人）`,
      operateType: 'news:release',
      target: rows[0]?.id ?? null,
    });
    return rows.length;
  });
}
