import type { Page } from '@odp/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubAntdDom } from '@/test/render';
import { ResourcePage } from './ResourcePage';
import { defineResourceView, type ListParams } from './types';

// The session and the dictionary cache belong to the shell; the component only asks these two hooks.
const granted = new Set(['demo:add', 'demo:disable']);
vi.mock('./permission', () => ({ useCan: () => (code?: string) => code === undefined || granted.has(code) }));
vi.mock('../DictSelect/use-dict-options', () => ({
  useDictOptions: () => [
    { value: '1', text: '正常', label: '正常' },
    { value: '2', text: '冻结', label: '冻结' },
  ],
}));

beforeAll(stubAntdDom);

afterEach(cleanup);

type Dept = { id: string; name: string; status: number };
type DeptInput = { name: string };

const rows: Dept[] = Array.from({ length: 25 }, (_, i) => ({
  id: String(i + 1),
  name: `部门${i + 1}`,
  status: i % 5 === 0 ? 2 : 1,
}));

/** An in-memory list: this tests the component, not the server. */
function memoryList(params: ListParams): Promise<Page<Dept>> {
  const start = (params.pageNo - 1) * params.pageSize;
  const records = rows.slice(start, start + params.pageSize);
  return Promise.resolve({
    records,
    total: rows.length,
    size: params.pageSize,
    current: params.pageNo,
    pages: Math.ceil(rows.length / params.pageSize),
  });
}

function setup() {
  const list = vi.fn(memoryList);
  const remove = vi.fn(async (_ids: string[]) => {});
  const view = defineResourceView<Dept, DeptInput, Dept & DeptInput, DeptInput>({
    title: '演示部门',
    noun: '部门',
    rowKey: 'id',
    queryKeys: { all: ['demo'], list: (params) => ['demo', 'list', params] },
    api: { list, create: async () => {}, remove },
    columns: [
      { title: '部门名称', dataIndex: 'name', searchable: true },
      { title: '状态', dataIndex: 'status', dict: 'user_status', searchable: true },
    ],
    form: {
      fields: () => null,
      toValues: (dept) => ({ name: dept.name }),
      toCreate: (values) => values,
      toUpdate: (values, dept) => ({ ...dept, ...values }),
    },
    permissions: { add: 'demo:add', delete: 'demo:delete' },
    rowActions: [
      { key: 'disable', permission: 'demo:disable', label: '停用', run: async () => {}, success: '停用成功' },
      { key: 'audit', permission: 'demo:audit', label: '审核', run: async () => {}, success: '审核成功' },
    ],
  });
  renderWithProviders(<ResourcePage view={view} />);
  return { list, remove };
}

/** The first render of a ProTable in jsdom is slow on a busy machine; wait generously. */
const firstRow = () => screen.findByText('部门1', undefined, { timeout: 15_000 });

describe('ResourcePage', { timeout: 30_000 }, () => {
  it('shows the declared columns, the rows of the first page and the total', async () => {
    const { list } = setup();
    expect(await firstRow()).toBeTruthy();
    expect(list).toHaveBeenCalledWith({ pageNo: 1, pageSize: 10 });
    const table = document.querySelector('.ant-table') as HTMLElement;
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['部门名称', '状态', '操作']));
    expect(screen.getByText('共 25 条')).toBeTruthy();
    // The status column renders the dictionary label, not the code.
    expect(within(table).getAllByText('冻结').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('正常').length).toBeGreaterThan(0);
  });

  it('asks the next page with pageNo and pageSize', async () => {
    const { list } = setup();
    await firstRow();
    await act(async () => {
      fireEvent.click(screen.getByTitle('2'));
    });
    expect(await screen.findByText('部门11')).toBeTruthy();
    expect(list).toHaveBeenLastCalledWith({ pageNo: 2, pageSize: 10 });
  });

  it('sends the search form as filters and starts again at page 1', async () => {
    const { list } = setup();
    await firstRow();
    fireEvent.change(screen.getByLabelText('部门名称'), { target: { value: ' 部门2 ' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    });
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 10, name: '部门2' }));
  });

  it('shows only the buttons the user holds the permission for', async () => {
    setup();
    await firstRow();
    expect(screen.getByRole('button', { name: /新\s*增/ })).toBeTruthy();
    expect(screen.getAllByText('停用')).toHaveLength(10);
    // demo:delete and demo:audit are not granted.
    expect(screen.queryByText('删除')).toBeNull();
    expect(screen.queryByText('审核')).toBeNull();
    expect(screen.queryByText('批量删除')).toBeNull();
  });
});

describe('ResourcePage extensions', { timeout: 30_000 }, () => {
  function TabbedPage({ view }: { view: Parameters<typeof ResourcePage>[0]['view'] }) {
    const [tab, setTab] = useState('all');
    return (
      <ResourcePage
        view={view}
        params={tab === 'frozen' ? { status: 2 } : {}}
        tabs={{
          activeKey: tab,
          items: [
            { key: 'all', label: '全部' },
            { key: 'frozen', label: '已冻结' },
          ],
          onChange: setTab,
        }}
        toolbar={(params) => [<span key="params">当前第 {String(params.pageNo)} 页</span>]}
      />
    );
  }

  function setupTabbed() {
    const list = vi.fn(memoryList);
    const open = vi.fn();
    const view = defineResourceView<Dept>({
      title: '演示部门',
      noun: '部门',
      rowKey: 'id',
      queryKeys: { all: ['demo-tabs'], list: (params) => ['demo-tabs', 'list', params] },
      api: { list },
      columns: [{ title: '部门名称', dataIndex: 'name' }],
      batchActions: [{ key: 'review', label: '批量审核', open }],
    });
    renderWithProviders(<TabbedPage view={view as Parameters<typeof ResourcePage>[0]['view']} />);
    return { list, open };
  }

  it('sends a tab’s fixed filters and starts it at page 1', async () => {
    const { list } = setupTabbed();
    await firstRow();
    expect(screen.getByText('当前第 1 页')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByTitle('2'));
    });
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ pageNo: 2, pageSize: 10 }));
    expect(screen.getByText('当前第 2 页')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByText('已冻结'));
    });
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 10, status: 2 }));
  });

  it('hands the selected rows to a batch action with its own dialog, and clears them when done', async () => {
    const { open } = setupTabbed();
    await firstRow();
    const tick = (name: string) =>
      fireEvent.click(within(screen.getByText(name).closest('tr') as HTMLElement).getByRole('checkbox'));
    await act(async () => {
      tick('部门1');
    });
    await act(async () => {
      tick('部门2');
    });
    await act(async () => {
      fireEvent.click(await screen.findByText('批量审核'));
    });
    expect(open).toHaveBeenCalledTimes(1);
    const [rows, done] = open.mock.calls[0] as [Dept[], () => Promise<void>];
    expect(rows.map((row) => row.name)).toEqual(['部门1', '部门2']);
    await act(async () => {
      await done();
    });
    expect(screen.queryByText('批量审核')).toBeNull();
  });
});
