import type { NoticeListResult } from '@odp/contracts';
import { http } from './client';

export const getMyNotices = () => http.get<NoticeListResult>('/sys/annountCement/listByUser');

export const markNoticeRead = (anntId: string) =>
  http.put<null>('/sys/annountCement/editByAnntIdAndUserId', { anntId });
