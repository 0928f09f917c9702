import type {
  NavAppCard,
  NavAppCreateInput,
  NavAppItem,
  NavAppPageQuery,
  NavAppUpdateInput,
  NavIconUpload,
  NavLaunch,
  Page,
} from '@odp/contracts';
import { http } from '../client';
import { resourceKeys } from './query-keys';

export const navigationKeys = { ...resourceKeys('navigation'), cards: ['navigation', 'cards'] as const };

export type NavListParams = Partial<NavAppPageQuery> & Pick<NavAppPageQuery, 'pageNo' | 'pageSize'>;

export const listNavApps = (query: NavListParams) => http.get<Page<NavAppItem>>('/api/navigation/list', query);
export const addNavApp = (input: NavAppCreateInput) => http.post<NavAppItem>('/api/navigation/add', input);
export const editNavApp = (input: NavAppUpdateInput) => http.put<NavAppItem>('/api/navigation/edit', input);
export const removeNavApps = (ids: string[]) => http.post<null>('/api/navigation/deleteBatch', { ids });

export function uploadNavIcon(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post<NavIconUpload>('/api/navigation/icon', form, { silent: true });
}

/** The enabled entries (public). */
export const navCards = () => http.get<NavAppCard[]>('/api/navigation/public/list');

/** What to open for an entry; one needing login answers 401 to a visitor. */
export const launchNavApp = (id: string) => http.post<NavLaunch>('/api/navigation/launch', { id }, { silent: true });
