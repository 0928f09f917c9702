import { type ShareItemView, ShareMessages } from '@odp/contracts';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, stubAntdDom } from '@/test/render';
import { ApplyItemsTable } from './ApplyItemsTable';
import { type ItemSelection, selectionProblem } from './share-items';

beforeAll(stubAntdDom);
afterEach(cleanup);

const item = (name: string, shareProperty: string): ShareItemView => ({
  name,
  enName: null,
  shareProperty,
  sharingCondition: shareProperty === '20' ? '仅用于统计' : null,
  masked: false,
  applied: false,
  reason: null,
  granted: false,
});
const ITEMS = [item('机构名称', '10'), item('床位数', '20'), item('法人身份证号', '30')];

let latest: ItemSelection = { selected: [], reasons: {} };

function Harness() {
  const [value, setValue] = useState<ItemSelection>({ selected: [], reasons: {} });
  latest = value;
  return <ApplyItemsTable items={ITEMS} value={value} onChange={setValue} error={selectionProblem(ITEMS, value)} />;
}

const checkbox = (name: string) => screen.getByLabelText(`选择信息项 ${name}`) as HTMLInputElement;
const slow = { timeout: 10_000 };

describe('ApplyItemsTable', () => {
  it('cannot tick 不予共享 items and asks a reason of ticked 有条件 items', async () => {
    renderWithProviders(<Harness />);
    await screen.findByText('机构名称', undefined, slow);
    expect(checkbox('法人身份证号').disabled).toBe(true);
    expect(screen.getByText(ShareMessages.itemsMissing)).toBeTruthy();

    const reason = screen.getByLabelText('床位数的申请理由') as HTMLInputElement;
    expect(reason.disabled).toBe(true);
    fireEvent.click(checkbox('床位数'));
    expect(latest.selected).toEqual(['床位数']);
    expect(reason.disabled).toBe(false);
    expect(screen.getByText(ShareMessages.itemReasonMissing('床位数'))).toBeTruthy();

    fireEvent.change(reason, { target: { value: '统计全市床位' } });
    expect(latest.reasons).toEqual({ 床位数: '统计全市床位' });
    expect(screen.queryByRole('alert')).toBeNull();

    // 全选 takes every shareable item and leaves 不予共享 out.
    fireEvent.click(screen.getAllByRole('checkbox')[0]);
    expect(latest.selected).toEqual(['机构名称', '床位数']);
    fireEvent.click(checkbox('法人身份证号'));
    expect(latest.selected).toEqual(['机构名称', '床位数']);
  }, 60_000);
});
