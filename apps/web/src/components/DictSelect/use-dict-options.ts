import type { DictOption } from '@odp/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { getCachedDict } from '@/session';
import { getDictItems } from '../../api/system/dict';
import { systemKeys } from '../../api/system/query-keys';

const NONE: DictOption[] = [];

/**
 * Items of one dictionary: from the cache the sign-in filled (`sysAllDictItems`), else fetched once
 * from `/sys/dict/getDictItems/{code}`. Dictionaries change rarely, so the answer is kept for the session.
 */
export function useDictOptions(code: string): DictOption[] {
  const { data } = useQuery(dictQuery(code));
  return data ?? NONE;
}

function dictQuery(code: string) {
  return {
    queryKey: systemKeys.dict(code),
    queryFn: () => getDictItems(code),
    // Read when the query is first made, not on every render of every row that shows a label.
    initialData: () => {
      const cached = getCachedDict(code);
      return cached.length > 0 ? cached : undefined;
    },
    staleTime: Number.POSITIVE_INFINITY,
  };
}

/**
 * Whether the dictionaries are there (or could not be had): a list shows its placeholders until then,
 * so that its rows do not first show codes and then reflow with the labels.
 */
export function useDictsSettled(codes: readonly string[]): boolean {
  const results = useQueries({ queries: codes.map(dictQuery) });
  return results.every((result) => result.data !== undefined || result.isError);
}
