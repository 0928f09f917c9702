import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import FeedbackHost from '@/app/FeedbackHost';
import { stubAntdDom, TestStyles } from '@/test/render';
import { DataItemGrid } from './DataItemGrid';
import { type DataItemRow, newRow } from './data-items';

vi.mock('@/components/DictSelect/use-dict-options', () => ({
  useDictOptions: () => [
    { value: 'C', text: '字符型', label: '字符型' },
    { value: 'N', text: '数值型', label: '数值型' },
  ],
}));

beforeAll(stubAntdDom);

afterEach(cleanup);

let latest: DataItemRow[] = [];

function Harness({ initial }: { initial: DataItemRow[] }) {
  const [rows, setRows] = useState(initial);
  latest = rows;
  return (
    <>
      <FeedbackHost />
      <DataItemGrid value={rows} onChange={setRows} />
    </>
  );
}

// Buttons are found by their aria-label: role queries walk the whole grid in jsdom and take seconds.
const names = () => latest.map((row) => row.name);
const rowOf = (name: string) => screen.getByDisplayValue(name).closest('tr') as HTMLElement;

describe('DataItemGrid', () => {
  it('adds, edits, moves and removes rows through its buttons', () => {
    render(<Harness initial={[newRow({ key: 'a', name: '站点编号' }), newRow({ key: 'b', name: '站点名称' })]} />, {
      wrapper: TestStyles,
    });

    act(() => fireEvent.click(screen.getByText('新增信息项')));
    expect(latest).toHaveLength(3);
    const inputs = screen.getAllByPlaceholderText('中文名称');
    act(() => fireEvent.change(inputs[2], { target: { value: '经度' } }));
    expect(names()).toEqual(['站点编号', '站点名称', '经度']);

    act(() => fireEvent.click(within(rowOf('经度')).getByLabelText('上移')));
    expect(names()).toEqual(['站点编号', '经度', '站点名称']);
    act(() => fireEvent.click(within(rowOf('站点编号')).getByLabelText('下移')));
    expect(names()).toEqual(['经度', '站点编号', '站点名称']);
    expect(within(rowOf('经度')).getByLabelText('上移')).toHaveProperty('disabled', true);

    act(() => fireEvent.click(within(rowOf('站点编号')).getByLabelText('删除')));
    expect(names()).toEqual(['经度', '站点名称']);
  });

  it('shows the contract message under a cell once it was edited', () => {
    render(<Harness initial={[newRow({ key: 'a', name: '' })]} />, { wrapper: TestStyles });
    expect(screen.queryByText('信息项名称须为中文')).toBeNull();
    act(() => fireEvent.change(screen.getByPlaceholderText('中文名称'), { target: { value: 'station' } }));
    expect(screen.getByText('信息项名称须为中文')).toBeTruthy();
  });
});
