import type { DictOption } from '@odp/contracts';
import { http } from '../client';

/** Items of one dictionary (e.g. `user_status`, `sex`); codes are stable strings, labels Chinese. */
export const getDictItems = (code: string) =>
  http.get<DictOption[]>(`/sys/dict/getDictItems/${encodeURIComponent(code)}`);
