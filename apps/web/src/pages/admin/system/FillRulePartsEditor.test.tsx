import type { FillRulePart } from '@odp/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubAntdDom, TestStyles } from '@/test/render';
import { FillRulePartsEditor, partsProblem } from './FillRulePartsEditor';

const api = vi.hoisted(() => ({ previewFillRule: vi.fn(async () => 'SQ202611210001') }));
vi.mock('@/api/system/fill-rule', () => ({ previewFillRule: api.previewFillRule }));

beforeAll(stubAntdDom);
afterEach(cleanup);

const RULE: FillRulePart[] = [
  { type: 'text', value: 'SQ' },
  { type: 'date', format: 'YYYYMMDD' },
  { type: 'seq', length: 4, reset: 'daily' },
];

describe('partsProblem', () => {
  it('names the rule-level and the part-level problem in Chinese', () => {
    expect(partsProblem(RULE)).toBeNull();
    expect(partsProblem([])).toBe('请至少配置一个规则部件');
    expect(partsProblem([{ type: 'text', value: 'A' }])).toBe('规则须包含且只能包含一个流水号部件');
    expect(partsProblem([{ type: 'text', value: '' }, RULE[2]])).toBe('第 1 个部件：固定文本不能为空');
    expect(partsProblem([{ type: 'seq', length: 13, reset: 'never' }])).toBe('第 1 个部件：流水号位数不能超过 12');
  });
});

describe('FillRulePartsEditor', () => {
  it('reorders, removes and adds parts, and previews a valid rule', async () => {
    const onChange = vi.fn();
    render(<FillRulePartsEditor value={RULE} onChange={onChange} ruleCode="data_apply_no" />, { wrapper: TestStyles });
    fireEvent.click(screen.getAllByRole('button', { name: '下移' })[0]);
    expect(onChange).toHaveBeenLastCalledWith([RULE[1], RULE[0], RULE[2]]);
    fireEvent.click(screen.getAllByRole('button', { name: '删除部件' })[1]);
    expect(onChange).toHaveBeenLastCalledWith([RULE[0], RULE[2]]);
    fireEvent.click(screen.getByRole('button', { name: /固定文本/ }));
    expect(onChange).toHaveBeenLastCalledWith([...RULE, { type: 'text', value: '' }]);
    // One sequence per rule: the button to add another is disabled.
    expect(screen.getByRole('button', { name: /流水号/ }).hasAttribute('disabled')).toBe(true);
    expect(await screen.findByText('SQ202611210001', {}, { timeout: 15_000 })).toBeTruthy();
    expect(api.previewFillRule).toHaveBeenCalledWith({ ruleJson: RULE, ruleCode: 'data_apply_no' });
  });

  it('shows the problem instead of asking for a preview', () => {
    api.previewFillRule.mockClear();
    render(<FillRulePartsEditor value={[{ type: 'text', value: 'A' }]} />, { wrapper: TestStyles });
    expect(screen.getByText('规则须包含且只能包含一个流水号部件')).toBeTruthy();
    expect(api.previewFillRule).not.toHaveBeenCalled();
  });
});
