import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, stubAntdDom } from '@/test/render';
import { MappingWorkbench, type WorkbenchField } from './MappingWorkbench';
import type { Mapping } from './mapping';

beforeAll(stubAntdDom);
afterEach(cleanup);

const SOURCES: WorkbenchField[] = [
  { name: 'org_id', type: 'text', label: '机构编码', primaryKey: true },
  { name: 'org_name', type: 'text', label: '机构名称' },
  { name: 'beds', type: 'numeric', label: '床位数' },
];
const TARGETS: WorkbenchField[] = [
  { name: 'id', type: 'varchar' },
  { name: 'org_name', type: 'varchar' },
];

function Harness() {
  const [value, setValue] = useState<Mapping[]>([]);
  return <MappingWorkbench sources={SOURCES} targets={TARGETS} value={value} onChange={setValue} />;
}

const resultRows = () => {
  const card = screen.getByText(/^映射结果/).closest('.ant-card') as HTMLElement;
  return within(card)
    .queryAllByRole('row')
    .filter((row) => row.querySelector('td') && !row.classList.contains('ant-table-placeholder'))
    .map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent));
};

const slow = { timeout: 10_000 };

describe('MappingWorkbench', () => {
  it('maps by order, by name, by hand, and clears and removes', async () => {
    renderWithProviders(<Harness />);
    await screen.findByRole('list', { name: '源头表字段' }, slow);
    expect(screen.getAllByText('您还没选择字段映射关系').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('主键')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '按顺序映射' }));
    expect(resultRows()).toEqual([
      ['1', 'org_id', 'text', 'id', 'varchar', '断开映射'],
      ['2', 'org_name', 'text', 'org_name', 'varchar', '断开映射'],
    ]);
    // Mapped columns cannot be picked again.
    const sourceList = screen.getByRole('list', { name: '源头表字段' });
    expect((within(sourceList).getByText('org_id').closest('button') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: '全部清空' }));
    expect(resultRows()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: '按名称映射' }));
    expect(resultRows()).toEqual([['1', 'org_name', 'text', 'org_name', 'varchar', '断开映射']]);

    // By hand: a source column, then a target column.
    fireEvent.click(within(sourceList).getByText('beds'));
    const targetList = screen.getByRole('list', { name: '目的表字段' });
    fireEvent.click(within(targetList).getByText('id'));
    expect(resultRows().map((row) => [row[1], row[3]])).toEqual([
      ['org_name', 'org_name'],
      ['beds', 'id'],
    ]);

    fireEvent.click(screen.getByLabelText('断开 org_name 的映射'));
    expect(resultRows().map((row) => [row[1], row[3]])).toEqual([['beds', 'id']]);
    expect((within(sourceList).getByText('org_name').closest('button') as HTMLButtonElement).disabled).toBe(false);
  }, 60_000);
});
