import type { MyAnnouncementQuery, NoticeItem, NoticeListResult, Page } from '@odp/contracts';
import { http } from './client';
import { queryKeys } from './query-keys';

export type MyAnnouncementParams = Partial<MyAnnouncementQuery> & Pick<MyAnnouncementQuery, 'pageNo' | 'pageSize'>;

/** Every key lives under `queryKeys.notices`, which the live push and each read invalidate. */
export const noticeKeys = {
  bell: (token: string | null) => [...queryKeys.notices, 'bell', token] as const,
  mine: (params: MyAnnouncementParams) => [...queryKeys.notices, 'annt', 'mine', params] as const,
  centre: (params: object) => [...queryKeys.notices, 'centre', params] as const,
};

/** The bell: unread 通知, and 系统消息 with business messages, with the unread count per tab. */
export const getMyNotices = () => http.get<NoticeListResult>('/sys/annountCement/listByUser');

/** The caller's announcements, paged, with read state (用户公告). */
export const getMyAnnouncements = (params: MyAnnouncementParams) =>
  http.get<Page<NoticeItem>>('/sys/sysAnnouncementSend/getMyAnnouncementSend', params);

export const markNoticeRead = (anntId: string) =>
  http.put<null>('/sys/annountCement/editByAnntIdAndUserId', { anntId });

export const markAllNoticesRead = () => http.put<number>('/sys/sysAnnouncementSend/readAll');
