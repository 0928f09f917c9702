import type { DictOption } from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { getCachedDict } from '@/session';
import { getDictItems } from '../../api/system/dict';
import { systemKeys } from '../../api/system/query-keys';

const NONE: DictOption[] = [];

/**
 * Items of one dictionary: from the cache the sign-in filled (`sysAllDictItems`), else fetched once
 * from `/sys/dict/getDictItems/{code}`. Dictionaries change rarely, so the answer is kept for the session.
 */
export function useDictOptions(code: string): DictOption[] {
  const cached = getCachedDict(code);
  const { data } = useQuery({
    queryKey: systemKeys.dict(code),
    queryFn: () => getDictItems(code),
    initialData: cached.length > 0 ? cached : undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data ?? NONE;
}
