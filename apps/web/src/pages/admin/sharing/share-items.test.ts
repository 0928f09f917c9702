import { type ShareItemView, ShareMessages } from '@odp/contracts';
import { describe, expect, it } from 'vitest';
import {
  colorOf,
  initialSelection,
  isSelectable,
  narrowProblem,
  needsReason,
  periodProblem,
  selectItems,
  selectionProblem,
  setReason,
  toApplyItems,
} from './share-items';

const item = (name: string, shareProperty: string, extra: Partial<ShareItemView> = {}): ShareItemView => ({
  name,
  enName: null,
  shareProperty,
  sharingCondition: null,
  masked: false,
  applied: false,
  reason: null,
  granted: false,
  ...extra,
});

const ITEMS = [item('机构名称', '10'), item('床位数', '20'), item('法人身份证号', '30'), item('地址', '10')];
const none = { selected: [], reasons: {} };

describe('share item rules', () => {
  it('never lets a 不予共享 item be ticked, by a tick or by 全选', () => {
    expect(ITEMS.map(isSelectable)).toEqual([true, true, false, true]);
    const all = selectItems(
      ITEMS,
      none,
      ITEMS.map((i) => i.name),
    );
    expect(all.selected).toEqual(['机构名称', '床位数', '地址']);
    expect(selectItems(ITEMS, none, ['法人身份证号']).selected).toEqual([]);
    expect(selectItems(ITEMS, none, ['不存在的项']).selected).toEqual([]);
  });

  it('keeps the catalogue order of the items, whatever order they were ticked in', () => {
    expect(selectItems(ITEMS, none, ['地址', '机构名称']).selected).toEqual(['机构名称', '地址']);
  });

  it('asks a reason of 有条件 items only', () => {
    expect(ITEMS.map(needsReason)).toEqual([false, true, false, false]);
    const picked = selectItems(ITEMS, none, ['机构名称', '床位数']);
    expect(selectionProblem(ITEMS, picked)).toBe(ShareMessages.itemReasonMissing('床位数'));
    expect(selectionProblem(ITEMS, setReason(picked, '床位数', '   '))).toBe(ShareMessages.itemReasonMissing('床位数'));
    expect(selectionProblem(ITEMS, setReason(picked, '床位数', '统计床位'))).toBeNull();
  });

  it('refuses an empty selection and a 不予共享 item that slipped in', () => {
    expect(selectionProblem(ITEMS, none)).toBe(ShareMessages.itemsMissing);
    expect(selectionProblem(ITEMS, { selected: ['法人身份证号'], reasons: {} })).toBe(
      ShareMessages.itemNotShareable('法人身份证号'),
    );
  });

  it('sends a reason with 有条件 items only, and never a 不予共享 item', () => {
    const selection = {
      selected: ['机构名称', '床位数', '法人身份证号'],
      reasons: { 机构名称: '多余', 床位数: ' 统计 ' },
    };
    expect(toApplyItems(ITEMS, selection)).toEqual([
      { name: '机构名称', reason: null },
      { name: '床位数', reason: '统计' },
    ]);
  });

  it('starts an edited application from what it asked for, without 不予共享 items', () => {
    const items = [
      item('机构名称', '10', { applied: true }),
      item('床位数', '20', { applied: true, reason: '统计床位' }),
      item('法人身份证号', '30', { applied: true }),
      item('地址', '10'),
    ];
    expect(initialSelection(items)).toEqual({ selected: ['机构名称', '床位数'], reasons: { 床位数: '统计床位' } });
  });

  it('colours the items as the original did: black, blue, red', () => {
    expect(ITEMS.map(colorOf)).toEqual(['rgba(0, 0, 0, 0.88)', '#1677ff', '#cf1322', 'rgba(0, 0, 0, 0.88)']);
  });
});

describe('periods', () => {
  it('takes 永久 or a start before the end', () => {
    expect(periodProblem({ forever: true })).toBeNull();
    expect(periodProblem({ forever: false, start: '2026-01-01' })).toBe(ShareMessages.periodMissing);
    expect(periodProblem({ forever: false, start: '2026-02-01', end: '2026-01-01' })).toBe(ShareMessages.periodOrder);
    expect(periodProblem({ forever: false, start: '2026-01-01', end: '2026-01-01' })).toBe(ShareMessages.periodOrder);
    expect(periodProblem({ forever: false, start: '2026-01-01', end: '2026-12-31' })).toBeNull();
  });

  it('lets the source department only narrow items and period', () => {
    const applied = {
      items: ['机构名称', '床位数'],
      period: { forever: false, start: '2026-01-01', end: '2026-12-31' },
    };
    expect(
      narrowProblem(applied, {
        items: ['机构名称'],
        period: { forever: false, start: '2026-03-01', end: '2026-06-30' },
      }),
    ).toBeNull();
    expect(narrowProblem(applied, { items: [], period: applied.period })).toBe(ShareMessages.itemsMissing);
    expect(narrowProblem(applied, { items: ['地址'], period: applied.period })).toBe(ShareMessages.narrowOnly);
    expect(
      narrowProblem(applied, {
        items: ['机构名称'],
        period: { forever: false, start: '2025-12-01', end: '2026-06-30' },
      }),
    ).toBe(ShareMessages.narrowOnly);
    expect(narrowProblem(applied, { items: ['机构名称'], period: { forever: true } })).toBe(ShareMessages.narrowOnly);
    const forever = { items: ['机构名称'], period: { forever: true } };
    expect(
      narrowProblem(forever, {
        items: ['机构名称'],
        period: { forever: false, start: '2026-01-01', end: '2027-01-01' },
      }),
    ).toBeNull();
  });
});
