import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TestStyles } from '@/test/render';
import { type DataColumn, DataTable } from './DataTable';

afterEach(cleanup);

type Row = { name: string; n: number };
const rows: Row[] = [
  { name: '公安局', n: 5 },
  { name: '交通运输局', n: 12 },
  { name: '教育局', n: 8 },
];
const columns: DataColumn<Row>[] = [
  { key: 'name', title: '部门', render: (r) => r.name },
  { key: 'n', title: '目录数', render: (r) => r.n, sortValue: (r) => r.n, align: 'right' },
];
const firstColumn = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1, 4)
    .map((tr) => tr.querySelector('td')?.textContent);

describe('<DataTable>', () => {
  it('sorts descending, then ascending, then back to the original order', () => {
    render(<DataTable columns={columns} rows={rows} rowKey={(r) => r.name} summary={['合计', 25]} />, {
      wrapper: TestStyles,
    });
    const header = screen.getByRole('button', { name: /目录数/ });
    fireEvent.click(header);
    expect(firstColumn()).toEqual(['交通运输局', '教育局', '公安局']);
    expect(screen.getByRole('columnheader', { name: /目录数/ }).getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(header);
    expect(firstColumn()).toEqual(['公安局', '教育局', '交通运输局']);
    fireEvent.click(header);
    expect(firstColumn()).toEqual(['公安局', '交通运输局', '教育局']);
    expect(screen.getByText('合计')).toBeTruthy();
  });

  it('shows 暂无数据 without rows', () => {
    render(<DataTable columns={columns} rows={[]} rowKey={(r) => r.name} />, { wrapper: TestStyles });
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });
});
