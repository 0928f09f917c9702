import type {
  AnnouncementCreateInput,
  AnnouncementListQuery,
  AnnouncementRecord,
  AnnouncementUpdateInput,
  Page,
} from '@odp/contracts';
import { http } from '../client';
import { resourceKeys } from './query-keys';

export const announcementKeys = resourceKeys('announcement');

export type AnnouncementListParams = Partial<AnnouncementListQuery> &
  Pick<AnnouncementListQuery, 'pageNo' | 'pageSize'>;

/** Times go out as ISO strings (the schema turns them into dates on the server). */
type Wire<T> = Omit<T, 'startTime' | 'endTime'> & { startTime: string | null; endTime: string | null };

export const listAnnouncements = (query: AnnouncementListParams) =>
  http.get<Page<AnnouncementRecord>>('/sys/annountCement/list', query);
export const addAnnouncement = (input: Wire<AnnouncementCreateInput>) =>
  http.post<AnnouncementRecord>('/sys/annountCement/add', input);
export const editAnnouncement = (input: Wire<AnnouncementUpdateInput>) =>
  http.put<AnnouncementRecord>('/sys/annountCement/edit', input);
export const deleteAnnouncement = (id: string) => http.delete<null>('/sys/annountCement/delete', { id });
export const releaseAnnouncement = (id: string) =>
  http.post<AnnouncementRecord>('/sys/annountCement/doReleaseData', { id });
export const revokeAnnouncement = (id: string) =>
  http.post<AnnouncementRecord>('/sys/annountCement/doReovkeData', { id });
