import type { QueryClient } from '@tanstack/react-query';
import { getDictItems, queryAllDictItems } from '@/api/system/dict';
import { systemKeys } from '@/api/system/query-keys';
import { saveCachedDict, saveDictItems } from '@/session';

/**
 * After an administrator changed dictionaries: reads each code afresh and puts the answer both in
 * the sign-in cache (`sysAllDictItems`, which outlives a reload) and under the DictSelect/DictTag
 * key; a code the server no longer knows (a deleted or renamed dictionary) is forgotten in both.
 */
export async function refreshCachedDicts(queryClient: QueryClient, codes: string[]) {
  await Promise.all(
    [...new Set(codes)].map(async (code) => {
      const items = await getDictItems(code, { silent: true }).catch(() => null);
      saveCachedDict(code, items);
      if (items) queryClient.setQueryData(systemKeys.dict(code), items);
      else queryClient.removeQueries({ queryKey: systemKeys.dict(code), exact: true });
    }),
  );
}

/** Every DictSelect/DictTag query: `systemKeys.dict(code)` for any code. */
const ALL_DICT_KEYS = ['system', 'dict'] as const;

/** After the server cache was reloaded: the whole sign-in cache afresh, and every shown dictionary refetched. */
export async function reloadCachedDicts(queryClient: QueryClient) {
  saveDictItems(await queryAllDictItems());
  await queryClient.invalidateQueries({ queryKey: ALL_DICT_KEYS });
}
