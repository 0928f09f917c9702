import {
  MSG_CATEGORY,
  NOTICE_BELL_SIZE,
  type NoticeItem,
  type NoticeListResult,
  NoticeMessages,
  type Priority,
} from '@odp/contracts';
import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import {
  type AnnouncementRow,
  countUnreadByCategory,
  findVisible,
  hasRead,
  insertRead,
  selectUnread,
} from './repository.js';

const PRIORITIES: readonly string[] = ['L', 'M', 'H'] satisfies Priority[];

/** The stored row as the bell shows it; `msgContent` goes out exactly as stored (sanitised on save). */
export function toNoticeItem(row: AnnouncementRow, readFlag: boolean): NoticeItem {
  return {
    id: row.id,
    titile: row.titile,
    msgContent: row.msgContent,
    msgAbstract: row.msgAbstract,
    priority: (PRIORITIES.includes(row.priority) ? row.priority : 'L') as Priority,
    sender: row.sender ?? '',
    sendTime: (row.sendTime ?? row.createdAt).toISOString(),
    createTime: row.createdAt.toISOString(),
    openType: row.openType === 'component' || row.openType === 'url' ? row.openType : null,
    openPage: row.openPage,
    busId: row.busId,
    msgCategory: row.msgCategory === MSG_CATEGORY.system ? MSG_CATEGORY.system : MSG_CATEGORY.notice,
    readFlag,
  };
}

/** The caller's unread notices and system messages, newest first, with the unread totals. */
export async function noticesOfUser(db: Db, actor: Actor): Promise<NoticeListResult> {
  const counts = await countUnreadByCategory(db, actor.userId);
  const listOf = async (category: string) =>
    counts.get(category)
      ? (await selectUnread(db, actor.userId, category, NOTICE_BELL_SIZE)).map((r) => toNoticeItem(r, false))
      : [];
  return {
    anntMsgList: await listOf(MSG_CATEGORY.notice),
    anntMsgTotal: counts.get(MSG_CATEGORY.notice) ?? 0,
    sysMsgList: await listOf(MSG_CATEGORY.system),
    sysMsgTotal: counts.get(MSG_CATEGORY.system) ?? 0,
  };
}

/** Marks an announcement read for the caller; repeating it changes nothing. */
export async function markNoticeRead(db: Db, actor: Actor, anntId: string): Promise<void> {
  const row = await findVisible(db, actor.userId, anntId);
  if (!row) throw badRequest(NoticeMessages.notAddressed);
  await insertRead(db, actor.userId, anntId);
}

export async function noticeById(db: Db, actor: Actor, id: string): Promise<NoticeItem> {
  const row = await findVisible(db, actor.userId, id);
  if (!row) throw notFound(NoticeMessages.notAddressed);
  return toNoticeItem(row, await hasRead(db, actor.userId, id));
}
