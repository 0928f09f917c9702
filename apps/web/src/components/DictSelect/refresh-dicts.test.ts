import type { AllDictItems, DictOption } from '@odp/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemKeys } from '@/api/system/query-keys';
import { getCachedDict, saveDictItems } from '@/session';
import { refreshCachedDicts, reloadCachedDicts } from './refresh-dicts';

const server: { items: AllDictItems } = { items: {} };

vi.mock('@/api/system/dict', () => ({
  getDictItems: (code: string) =>
    code in server.items ? Promise.resolve(server.items[code]) : Promise.reject(new Error('字典编码不存在')),
  queryAllDictItems: () => Promise.resolve(server.items),
}));

const option = (value: string, text: string): DictOption => ({ value, text, label: text, color: null });

let queryClient: QueryClient;
beforeEach(() => {
  localStorage.clear();
  queryClient = new QueryClient();
});
afterEach(() => queryClient.clear());

describe('refreshCachedDicts', () => {
  it('puts the fresh items of a changed code in the sign-in cache and under its DictSelect key', async () => {
    saveDictItems({ sex: [option('1', '男')], other: [option('x', '别的')] });
    queryClient.setQueryData(systemKeys.dict('sex'), [option('1', '男')]);
    server.items = { sex: [option('1', '男性')], other: [option('y', '服务端')] };

    await refreshCachedDicts(queryClient, ['sex']);

    expect(getCachedDict('sex')).toEqual([option('1', '男性')]);
    expect(queryClient.getQueryData(systemKeys.dict('sex'))).toEqual([option('1', '男性')]);
    // Other dictionaries keep what they had.
    expect(getCachedDict('other')).toEqual([option('x', '别的')]);
  });

  it('forgets a code the server no longer knows', async () => {
    saveDictItems({ gone: [option('1', '甲')] });
    queryClient.setQueryData(systemKeys.dict('gone'), [option('1', '甲')]);
    server.items = {};

    await refreshCachedDicts(queryClient, ['gone']);

    expect(getCachedDict('gone')).toEqual([]);
    expect(queryClient.getQueryData(systemKeys.dict('gone'))).toBeUndefined();
  });
});

describe('reloadCachedDicts', () => {
  it('replaces the whole sign-in cache and marks every dictionary query stale', async () => {
    saveDictItems({ sex: [option('1', '男')] });
    queryClient.setQueryData(systemKeys.dict('sex'), [option('1', '男')]);
    server.items = { sex: [option('1', '男性')], fresh: [option('a', '新')] };

    await reloadCachedDicts(queryClient);

    expect(getCachedDict('fresh')).toEqual([option('a', '新')]);
    expect(queryClient.getQueryState(systemKeys.dict('sex'))?.isInvalidated).toBe(true);
  });
});
