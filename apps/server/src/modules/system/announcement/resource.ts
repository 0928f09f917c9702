import {
  type AnnouncementCreateInput,
  type AnnouncementListQuery,
  type AnnouncementRecord,
  type AnnouncementUpdateInput,
  MSG_CATEGORY,
  type NoticeItem,
  type Priority,
  SEND_STATUS,
  type SendStatus,
} from '@odp/contracts';
import { desc, eq, ilike } from 'drizzle-orm';
import { announcements } from '../../../db/schema/index.js';
import { containing } from '../../../platform/resource/like.js';
import type { ResourceSpec } from '../../../platform/resource/resource.js';
import { sanitizeRichText } from '../../../platform/sanitize/html.js';
import type { AnnouncementRow } from './repository.js';

const PRIORITIES: readonly string[] = ['L', 'M', 'H'] satisfies Priority[];
const STATUSES: readonly string[] = Object.values(SEND_STATUS);

/** The stored row as the bell shows it; `msgContent` goes out exactly as stored (sanitised on save). */
export function toNoticeItem(row: AnnouncementRow, readFlag: boolean): NoticeItem {
  return {
    id: row.id,
    source: 'annt',
    messageType: null,
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

export function toAnnouncementRecord(row: AnnouncementRow): AnnouncementRecord {
  return {
    ...toNoticeItem(row, false),
    sendStatus: (STATUSES.includes(row.sendStatus) ? row.sendStatus : SEND_STATUS.draft) as SendStatus,
    msgType: row.msgType === 'USER' ? 'USER' : 'ALL',
    isPublic: row.isPublic,
    userIds: row.userIds ?? '',
    departIds: row.departIds ?? '',
    startTime: row.startTime?.toISOString() ?? null,
    endTime: row.endTime?.toISOString() ?? null,
    cancelTime: row.cancelTime?.toISOString() ?? null,
    createBy: row.createdBy,
  };
}

/** The columns a create or an edit writes: content sanitised, audience kept only for USER. */
export function announcementColumns(input: AnnouncementCreateInput) {
  const forUsers = input.msgType === 'USER';
  return {
    titile: input.titile,
    msgContent: sanitizeRichText(input.msgContent),
    msgAbstract: input.msgAbstract,
    priority: input.priority,
    msgCategory: input.msgCategory,
    msgType: input.msgType,
    isPublic: !forUsers && input.isPublic,
    userIds: forUsers && input.userIds.length ? input.userIds.join(',') : null,
    departIds: forUsers && input.departIds.length ? input.departIds.join(',') : null,
    startTime: input.startTime,
    endTime: input.endTime,
    openType: input.openType,
    openPage: input.openPage,
  };
}

/** The administration list (系统公告); writes go through the service because of the draft rules. */
export const announcementResource: ResourceSpec<
  AnnouncementRow,
  AnnouncementRecord,
  AnnouncementCreateInput,
  AnnouncementUpdateInput,
  AnnouncementListQuery
> = {
  label: '公告',
  table: announcements,
  id: announcements.id,
  deletedAt: announcements.deletedAt,
  filters: (q) => [
    q.titile ? ilike(announcements.titile, containing(q.titile)) : undefined,
    q.sendStatus ? eq(announcements.sendStatus, q.sendStatus) : undefined,
    q.msgCategory ? eq(announcements.msgCategory, q.msgCategory) : undefined,
    q.priority ? eq(announcements.priority, q.priority) : undefined,
  ],
  sortable: {
    createTime: announcements.createdAt,
    sendTime: announcements.sendTime,
    titile: announcements.titile,
    priority: announcements.priority,
    sendStatus: announcements.sendStatus,
  },
  defaultOrder: desc(announcements.createdAt),
  present: async (_db, rows) => rows.map(toAnnouncementRecord),
  toInsert: (input, actor) => ({
    ...announcementColumns(input),
    sendStatus: SEND_STATUS.draft,
    createdBy: actor.username,
  }),
  toUpdate: (input) => ({ ...announcementColumns(input), updatedAt: new Date() }),
  describe: (row) => row.titile,
};
