import type {
  NewsItem,
  NewsPageQuery,
  NewsQuickReplyInput,
  NewsReleaseInput,
  NoticeCentreQuery,
  NoticeItem,
  Page,
} from '@odp/contracts';
import { http } from './client';
import { queryKeys } from './query-keys';

export type NewsPageParams = Partial<NewsPageQuery> & Pick<NewsPageQuery, 'pageNo' | 'pageSize'>;

/** Under the `notices` prefix: the live push invalidates exactly that prefix, so these lists follow it. */
export const newsKeys = {
  all: [...queryKeys.notices, 'news'] as const,
  page: (params: NewsPageParams) => [...queryKeys.notices, 'news', 'page', params] as const,
  unread: [...queryKeys.notices, 'news', 'unread'] as const,
};

export const pageNews = (params: NewsPageParams) => http.post<Page<NewsItem>>('/api/news/page', params);

export type NoticeCentreParams = Partial<NoticeCentreQuery> & Pick<NoticeCentreQuery, 'pageNo' | 'pageSize'>;

/** 消息中心: announcements and business messages in one list, merged and paged by the server. */
export const pageNoticeCentre = (params: NoticeCentreParams) => http.post<Page<NoticeItem>>('/api/news/centre', params);

export const readNews = (ids: string[]) => http.put<number>('/api/news/readBatch', { ids });
export const readAllNews = () => http.put<number>('/api/news/readAll');
export const deleteNews = (ids: string[]) => http.delete<number>('/api/news/deleteBatch', { ids: ids.join(',') });
export const getUnreadNewsCount = () => http.get<number>('/api/news/getUnreadMessageQuantity');
export const releaseNews = (input: NewsReleaseInput) => http.post<number>('/api/news/doReleaseData', input);

/** 快捷回复: answers the record a message is about (a ticket from its reply reminder). */
export const quickReplyNews = (input: NewsQuickReplyInput) => http.post<null>('/api/news/quickReply', input);
