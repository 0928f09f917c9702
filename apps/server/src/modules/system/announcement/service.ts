import {
  type AnnouncementCreateInput,
  type AnnouncementRecord,
  type AnnouncementUpdateInput,
  MSG_CATEGORY,
  type MyAnnouncementQuery,
  NOTICE_BELL_SIZE,
  type NoticeItem,
  type NoticeListResult,
  NoticeMessages,
  type Page,
  PERSONAL_CENTRE_PATH,
  PERSONAL_CENTRE_TAB,
  Perm,
  toPage,
} from '@odp/contracts';
import type { Db, Executor } from '../../../db/client.js';
import { type Actor, can } from '../../../platform/auth/actor.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { queueNotifications } from '../../../platform/notify/outbox.js';
import { publishNotice } from '../../../platform/push/publish.js';

import { resourceService } from '../../../platform/resource/resource.js';
import { applyTransition } from '../../../platform/workflow/apply.js';
import { countUnread as countUnreadNews, selectUnread as selectUnreadNews } from '../../news/repository.js';
import { newsAsNotice } from '../../news/service.js';
import {
  type AnnouncementRow,
  countKnownDeparts,
  countKnownUsers,
  countUnreadByCategory,
  findLive,
  findVisible,
  hasRead,
  insertAllReads,
  insertRead,
  resolveAddressees,
  selectMine,
  selectUnread,
  updateAnnouncement,
} from './repository.js';
import { announcementColumns, announcementResource, toAnnouncementRecord, toNoticeItem } from './resource.js';
import { announcementSubject } from './subject.js';

/** The category key of released announcements in contracts `MESSAGE_TYPE_CATEGORY` (系统公告). */
const ANNOUNCEMENT_MESSAGE_TYPE = 'announcement';

const generic = resourceService(announcementResource);

const newestFirst = (a: NoticeItem, b: NoticeItem) => b.sendTime.localeCompare(a.sendTime);

/**
 * The bell: unread 通知 (category 1), and under 系统消息 the unread system announcements merged
 * with the unread business messages, newest first; the totals are the unread counts per tab.
 */
export async function noticesOfUser(db: Db, actor: Actor): Promise<NoticeListResult> {
  const counts = await countUnreadByCategory(db, actor.userId);
  const newsTotal = await countUnreadNews(db, actor.userId);
  const listOf = async (category: string) =>
    counts.get(category)
      ? (await selectUnread(db, actor.userId, category, NOTICE_BELL_SIZE)).map((r) => toNoticeItem(r, false))
      : [];
  const news = newsTotal ? (await selectUnreadNews(db, actor.userId, NOTICE_BELL_SIZE)).map(newsAsNotice) : [];
  const system = [...(await listOf(MSG_CATEGORY.system)), ...news].sort(newestFirst).slice(0, NOTICE_BELL_SIZE);
  return {
    anntMsgList: await listOf(MSG_CATEGORY.notice),
    anntMsgTotal: counts.get(MSG_CATEGORY.notice) ?? 0,
    sysMsgList: system,
    sysMsgTotal: (counts.get(MSG_CATEGORY.system) ?? 0) + newsTotal,
  };
}

/** The 用户公告 page: the caller's current announcements with their read state, newest first. */
export async function myAnnouncements(db: Db, actor: Actor, query: MyAnnouncementQuery): Promise<Page<NoticeItem>> {
  const { rows, total } = await selectMine(
    db,
    actor.userId,
    {
      titile: query.titile,
      msgCategory: query.msgCategory,
      read: query.readFlag === undefined ? undefined : query.readFlag === '1',
    },
    { limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize },
  );
  return toPage(
    rows.map((r) => toNoticeItem(r, r.readFlag)),
    total,
    query,
  );
}

/** Marks an announcement read for the caller; repeating it changes nothing. */
export async function markNoticeRead(db: Db, actor: Actor, anntId: string): Promise<void> {
  const row = await findVisible(db, actor.userId, anntId);
  if (!row) throw badRequest(NoticeMessages.notAddressed);
  await insertRead(db, actor.userId, anntId);
}

export const markAllNoticesRead = (db: Db, actor: Actor) => insertAllReads(db, actor.userId);

/**
 * One announcement: administrators (公告列表 permission) see any live one with its administrative
 * fields, everyone else only one addressed to them, with their read state.
 */
export async function noticeById(db: Db, actor: Actor, id: string): Promise<NoticeItem | AnnouncementRecord> {
  if (can(actor, Perm.announcementList)) {
    const row = await findLive(db, id);
    if (!row) throw notFound(NoticeMessages.notFound);
    return { ...toAnnouncementRecord(row), readFlag: await hasRead(db, actor.userId, id) };
  }
  const row = await findVisible(db, actor.userId, id);
  if (!row) throw notFound(NoticeMessages.notAddressed);
  return toNoticeItem(row, await hasRead(db, actor.userId, id));
}

export const listAnnouncements = generic.list;

/** Refuses users or departments that do not exist, so that a USER announcement reaches whom it names. */
async function assertAudience(db: Executor, input: AnnouncementCreateInput) {
  if (input.msgType !== 'USER') return;
  if ((await countKnownUsers(db, input.userIds)) !== input.userIds.length)
    throw badRequest(NoticeMessages.unknownUsers);
  if ((await countKnownDeparts(db, input.departIds)) !== input.departIds.length)
    throw badRequest(NoticeMessages.unknownDeparts);
}

export async function createAnnouncement(db: Db, actor: Actor, input: AnnouncementCreateInput) {
  await assertAudience(db, input);
  return generic.create(db, actor, input);
}

/** The row as the transition left it (the kernel found it live and locked it). */
async function currentRow(tx: Executor, id: string): Promise<AnnouncementRow> {
  const row = await findLive(tx, id);
  if (!row) throw notFound(NoticeMessages.notFound);
  return row;
}

export async function editAnnouncement(db: Db, actor: Actor, input: AnnouncementUpdateInput) {
  await assertAudience(db, input);
  const row = await applyTransition(db, actor, announcementSubject, input.id, 'edit', {}, (tx) =>
    updateAnnouncement(tx, input.id, announcementColumns(input)),
  );
  return toAnnouncementRecord(row);
}

export async function deleteAnnouncement(db: Db, actor: Actor, id: string): Promise<void> {
  await applyTransition(db, actor, announcementSubject, id, 'delete');
}

/** 草稿 → 已发布: stamps the send time and sender, and pushes to the audience on commit. */
export async function releaseAnnouncement(db: Db, actor: Actor, id: string): Promise<AnnouncementRecord> {
  const row = await applyTransition(db, actor, announcementSubject, id, 'release', {}, async (tx) => {
    const released = await currentRow(tx, id);
    const userIds = released.msgType === 'USER' ? await resolveAddressees(tx, released) : 'all';
    await publishNotice(tx, userIds === 'all' ? { all: true } : { userIds });
    // Those who chose 短信 or 邮件 for 系统公告 get it too, by the path every business message takes.
    await queueNotifications(tx, {
      userIds,
      messageType: ANNOUNCEMENT_MESSAGE_TYPE,
      title: released.titile,
      content: released.msgContent,
      openPage: `${PERSONAL_CENTRE_PATH}?current=${PERSONAL_CENTRE_TAB.messages}`,
    });
    return released;
  });
  return toAnnouncementRecord(row);
}

/** 已发布 → 已撤销: the announcement leaves every list and bell at once. */
export async function revokeAnnouncement(db: Db, actor: Actor, id: string): Promise<AnnouncementRecord> {
  const row = await applyTransition(db, actor, announcementSubject, id, 'revoke', {}, (tx) => currentRow(tx, id));
  return toAnnouncementRecord(row);
}
