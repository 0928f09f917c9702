import { z } from 'zod';

/** L 一般消息, M 重要消息, H 紧急消息 */
export type Priority = 'L' | 'M' | 'H';
export const PRIORITY_LABEL: Record<Priority, string> = { L: '一般消息', M: '重要消息', H: '紧急消息' };

/** One item of the bell (spec §3 announcement/notice; `titile` is spelt as the wire has it). */
export type NoticeItem = {
  id: string;
  titile: string;
  msgContent: string;
  msgAbstract: string | null;
  priority: Priority;
  sender: string;
  sendTime: string;
  createTime: string;
  openType: 'component' | 'url' | null;
  openPage: string | null;
  busId: string | null;
  msgCategory: '1' | '2';
  readFlag: boolean;
};

export type NoticeListResult = {
  anntMsgList: NoticeItem[];
  anntMsgTotal: number;
  sysMsgList: NoticeItem[];
  sysMsgTotal: number;
};

/** 1 通知 (shown under 通知), 2 系统消息. */
export const MSG_CATEGORY = { notice: '1', system: '2' } as const;
/** 0 草稿, 1 已发布, 2 已撤销 */
export const SEND_STATUS = { draft: '0', released: '1', revoked: '2' } as const;
/** How many items of each category the bell shows. */
export const NOTICE_BELL_SIZE = 10;

const AnnouncementId = z.guid('公告编号不正确');

export const MarkNoticeReadInput = z.object({ anntId: AnnouncementId });
export type MarkNoticeReadInput = z.infer<typeof MarkNoticeReadInput>;

export const NoticeByIdQuery = z.object({ id: AnnouncementId, _t: z.unknown().optional() });
export type NoticeByIdQuery = z.infer<typeof NoticeByIdQuery>;

export const NoticeMessages = {
  notAddressed: '该公告不存在或不是发给您的',
  markedRead: '已读',
} as const;
