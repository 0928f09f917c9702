import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '@/app/providers';
import { queryClient } from '@/app/query-client';
import { TestStyles } from '@/test/render';
import CataloguePage from './CataloguePage';

const ok = (result: unknown) =>
  new Response(JSON.stringify({ success: true, code: 200, message: '', result, timestamp: 0 }), {
    headers: { 'content-type': 'application/json' },
  });

const card = (id: string, catalogName: string, highlight?: string) => ({
  id,
  catalogName,
  catalogCode: `3-06-001-000${id}`,
  informationSummary: '全市公交线路及站点的名称、编号和经纬度，每月更新。',
  orgCode: 'BJ003',
  departName: '滨江市交通运输局',
  releaseTime: '2026-01-02T00:00:00.000Z',
  dataUpdateTime: '2026-02-03T00:00:00.000Z',
  openType: '1',
  shareType: '10',
  keyAreasType: '6',
  updateFrequency: '3',
  dataFormat: 'file',
  viewNum: 12_345,
  downloadNum: 7,
  applicationsNum: 0,
  collectNum: 0,
  scoreAvg: 4.5,
  totalNum: 10,
  highlight: { catalogName: highlight ?? catalogName, informationSummary: '' },
});

const trees: Record<string, unknown> = {
  '2': [
    {
      id: 'root2',
      categoryName: '部门信息资源目录',
      parentId: null,
      treeItemId: 2,
      isLeaf: false,
      count: 2,
      children: [
        {
          id: 'BJ003',
          orgCode: 'BJ003',
          categoryName: '滨江市交通运输局',
          parentId: 'root2',
          treeItemId: 2,
          isLeaf: true,
          count: 2,
          children: [],
        },
      ],
    },
  ],
  '3': [
    {
      id: 'root3',
      categoryName: '区县信息资源目录',
      parentId: '100000',
      treeItemId: 3,
      isLeaf: true,
      count: 0,
      children: [],
    },
  ],
  '1': [],
};
const dicts: Record<string, { value: string; text: string }[]> = {
  open_type: [
    { value: '1', text: '无条件开放' },
    { value: '2', text: '有条件开放' },
  ],
  key_areas_type: [{ value: '6', text: '交通运输' }],
};

let pageBodies: Record<string, unknown>[] = [];

beforeEach(() => {
  queryClient.clear();
  pageBodies = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : {};
      if (url.includes('/api/category/getNodes'))
        return ok(trees[new URL(url, 'http://x').searchParams.get('treeItemId') ?? '1']);
      if (url.includes('/sys/dict/getDictItems/')) return ok(dicts[url.split('/').pop() ?? ''] ?? []);
      if (url.includes('/getCatalogAmount'))
        return ok({
          dataFormat: { file: 2 },
          shareType: { '10': 2 },
          openType: { '1': 2, '2': 0 },
          keyAreasType: { '6': 2 },
          updateFrequency: { '3': 2 },
          orgCode: { BJ003: 2 },
        });
      if (url.includes('/resourceMarket/page')) {
        pageBodies.push(body);
        return ok({
          records: [card('1', '公交线路站点信息', '<em>公交</em>线路站点信息'), card('2', '公交IC卡刷卡量')],
          total: 10_000,
          totalCapped: true,
          size: 10,
          current: body.pageNo,
          pages: 1000,
        });
      }
      return ok(null);
    }),
  );
});
afterEach(cleanup);

function Where() {
  const { search } = useLocation();
  return <output data-testid="where">{decodeURIComponent(search)}</output>;
}

const visit = (path: string) =>
  render(
    <Providers>
      <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <CataloguePage />
        <Where />
      </MemoryRouter>
    </Providers>,
    { wrapper: TestStyles },
  );

describe('开放数据 page', () => {
  it('lists cards with the keyword from the address, marks matches and shows a capped total', async () => {
    visit('/catalogue/datacatalogue?catalogName=公交');
    expect(await screen.findByText('公交IC卡刷卡量')).toBeTruthy();
    expect(pageBodies[0]).toEqual({ pageNo: 1, pageSize: 10, catalogName: '公交' });
    const first = screen.getAllByRole('article')[0];
    expect(within(first).getByText('公交').tagName).toBe('EM');
    expect(screen.getByText('10000+')).toBeTruthy();
    expect(within(first).getByText(/访问量 1.2万/)).toBeTruthy();
  });

  it('sends a facet click to the list as a filter, and a second click clears it', async () => {
    visit('/catalogue/datacatalogue');
    const row = (await screen.findByText('开放类型：')).closest('fieldset') as HTMLElement;
    fireEvent.click(await within(row).findByRole('button', { name: /无条件开放/ }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('?openType=1'));
    await waitFor(() => expect(pageBodies.at(-1)).toEqual({ pageNo: 1, pageSize: 10, openType: '1' }));
    // 有条件开放 has no entries under the other filters, so it is not offered.
    expect(within(row).queryByRole('button', { name: /有条件开放/ })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: /无条件开放/ }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(''));
  });

  it('filters by a department from the tree', async () => {
    visit('/catalogue/datacatalogue');
    const tree = await screen.findByRole('navigation', { name: '目录分类' });
    fireEvent.click(await within(tree).findByText('滨江市交通运输局'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('?orgCode=BJ003&treeItemId=2'));
    await waitFor(() => expect(pageBodies.at(-1)).toMatchObject({ orgCode: 'BJ003', treeItemId: 2 }));
  });
});
