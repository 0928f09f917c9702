import type {
  AllDictItems,
  DictCreateInput,
  DictItemCreateInput,
  DictItemListQuery,
  DictItemRecord,
  DictItemUpdateInput,
  DictListQuery,
  DictOption,
  DictRecord,
  DictUpdateInput,
  Page,
} from '@odp/contracts';
import { http, type RequestOptions } from '../client';
import { resourceKeys } from './query-keys';

/** Items of one dictionary (e.g. `user_status`, `sex`); codes are stable strings, labels Chinese. */
export const getDictItems = (code: string, options?: RequestOptions) =>
  http.get<DictOption[]>(`/sys/dict/getDictItems/${encodeURIComponent(code)}`, undefined, options);

/**
 * Keys of the two admin lists. Not under `systemKeys.dict(code)` (the DictSelect/DictTag items),
 * so that a dictionary code can never clash with a list key.
 */
export const dictKeys = { dicts: resourceKeys('dictionary'), items: resourceKeys('dictItem') };

export type DictListParams = Partial<DictListQuery> & Pick<DictListQuery, 'pageNo' | 'pageSize'>;
export type DictItemListParams = Partial<DictItemListQuery> & Pick<DictItemListQuery, 'pageNo' | 'pageSize'>;

export const listDicts = (query: DictListParams) => http.get<Page<DictRecord>>('/sys/dict/list', query);
export const addDict = (input: DictCreateInput) => http.post<DictRecord>('/sys/dict/add', input);
export const editDict = (input: DictUpdateInput) => http.put<DictRecord>('/sys/dict/edit', input);
export const deleteDict = (id: string) => http.delete<unknown>('/sys/dict/delete', { id });

export const listDictItems = (query: DictItemListParams) => http.get<Page<DictItemRecord>>('/sys/dictItem/list', query);
export const addDictItem = (input: DictItemCreateInput) => http.post<DictItemRecord>('/sys/dictItem/add', input);
export const editDictItem = (input: DictItemUpdateInput) => http.put<DictItemRecord>('/sys/dictItem/edit', input);
export const deleteDictItem = (id: string) => http.delete<unknown>('/sys/dictItem/delete', { id });

/** Reloads the server's dictionary cache. Silent: the page reports 刷新缓存失败！ itself (spec §8). */
export const refreshDictCache = () => http.get<unknown>('/sys/dict/refleshCache', undefined, { silent: true });

/** Enabled items of every dictionary, as the sign-in answer's `sysAllDictItems`. */
export const queryAllDictItems = () => http.get<AllDictItems>('/sys/dict/queryAllDictItems');
