import type { DictItemRecord, DictRecord, Page } from '@odp/contracts';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubAntdDom } from '@/test/render';
import DictPage from './DictPage';

const api = vi.hoisted(() => ({
  refreshDictCache: vi.fn(),
  listDictItems: vi.fn(),
}));

vi.mock('@/components/ResourcePage/permission', () => ({ useCan: () => () => true }));
vi.mock('@/components/DictSelect/use-dict-options', () => ({ useDictOptions: () => [] }));
vi.mock('@/components/DictSelect/refresh-dicts', () => ({
  refreshCachedDicts: vi.fn(async () => {}),
  reloadCachedDicts: vi.fn(async () => {}),
}));
vi.mock('@/api/system/dict', async () => {
  const { resourceKeys } = await import('@/api/system/query-keys');
  const page = <T,>(records: T[]): Page<T> => ({ records, total: records.length, size: 10, current: 1, pages: 1 });
  const sex: DictRecord = { id: 'd1', dictName: '性别', dictCode: 'sex', description: null, createTime: '2026-01-01' };
  return {
    dictKeys: { dicts: resourceKeys('dictionary'), items: resourceKeys('dictItem') },
    listDicts: async () => page([sex]),
    addDict: vi.fn(),
    editDict: vi.fn(),
    deleteDict: vi.fn(),
    addDictItem: vi.fn(),
    editDictItem: vi.fn(),
    deleteDictItem: vi.fn(),
    refreshDictCache: api.refreshDictCache,
    listDictItems: api.listDictItems,
  };
});

beforeAll(stubAntdDom);

afterEach(cleanup);

function setup() {
  renderWithProviders(<DictPage />);
}

const firstRow = () => screen.findByText('性别', undefined, { timeout: 15_000 });

describe('DictPage', { timeout: 60_000 }, () => {
  it('refreshes the server cache and says so in the words of the spec', async () => {
    setup();
    await firstRow();
    api.refreshDictCache.mockResolvedValueOnce(null);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /刷新缓存/ }));
    });
    expect(await screen.findByText('刷新缓存完成！')).toBeTruthy();
    api.refreshDictCache.mockRejectedValueOnce(new Error('boom'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /刷新缓存/ }));
    });
    expect(await screen.findByText('刷新缓存失败！')).toBeTruthy();
  });

  it('opens the items of a dictionary in a drawer', async () => {
    const item: DictItemRecord = {
      id: 'i1',
      dictId: 'd1',
      itemText: '男',
      itemValue: '1',
      itemColor: 'blue',
      description: null,
      sortOrder: 1,
      status: 1,
    };
    api.listDictItems.mockResolvedValue({ records: [item], total: 1, size: 10, current: 1, pages: 1 });
    setup();
    await firstRow();
    await act(async () => {
      fireEvent.click(screen.getByText('字典配置'));
    });
    expect(await screen.findByText('性别（sex）', undefined, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() => expect(api.listDictItems).toHaveBeenCalledWith(expect.objectContaining({ dictId: 'd1' })));
    expect((await screen.findAllByText('男')).length).toBeGreaterThan(0);
    expect(screen.getByRole('switch')).toBeTruthy();
  });
});
