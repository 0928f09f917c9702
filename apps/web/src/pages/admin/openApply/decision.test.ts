import type { OpenApplyAction } from '@odp/contracts';
import { describe, expect, it } from 'vitest';
import {
  canApprove,
  canReject,
  canRevoke,
  decisionNode,
  decisionProblem,
  endDateAllowed,
  grantableFields,
  initialValues,
  narrowingSummary,
  toDecisionInput,
} from './decision';

const item = {
  id: '42',
  fields: ['报告日期', '病种', '发病数', '死亡数', '病种'],
  startDate: '2026-03-01',
  endDate: '2026-12-31',
};

describe('which node the caller decides', () => {
  it('follows the actions the server sent for the row', () => {
    const provider: OpenApplyAction[] = ['providerApprove', 'providerReject'];
    const bureau: OpenApplyAction[] = ['bureauApprove', 'bureauReject'];
    expect(decisionNode(provider)).toBe('provider');
    expect(decisionNode(['providerGrant', 'providerReject'])).toBe('provider');
    expect(decisionNode(bureau)).toBe('bureau');
    expect(decisionNode(['revoke'])).toBeNull();
    expect(decisionNode([])).toBeNull();
    expect(canApprove(bureau) && canReject(bureau)).toBe(true);
    expect(canRevoke(['revoke'])).toBe(true);
    expect(canRevoke(provider)).toBe(false);
  });
});

describe('the provider’s narrowing', () => {
  it('offers exactly the requested fields, once each, in the order requested', () => {
    expect(grantableFields(item)).toEqual(['报告日期', '病种', '发病数', '死亡数']);
    expect(initialValues(item)).toEqual({
      decision: 'approve',
      fields: ['报告日期', '病种', '发病数', '死亡数'],
      endDate: '2026-12-31',
      comment: '',
    });
  });

  it('allows an end date within the requested period and never a later one', () => {
    expect(endDateAllowed(item, '2026-12-31')).toBe(true);
    expect(endDateAllowed(item, '2026-06-30')).toBe(true);
    expect(endDateAllowed(item, '2026-03-01')).toBe(true);
    expect(endDateAllowed(item, '2027-01-01')).toBe(false);
    expect(endDateAllowed(item, '2026-02-28')).toBe(false);
    expect(endDateAllowed(item, '2026-6-30')).toBe(false);
    expect(endDateAllowed(item, '')).toBe(false);
  });

  it('sends an untouched approval without narrowing', () => {
    expect(toDecisionInput(item, 'provider', initialValues(item))).toEqual({
      id: '42',
      decision: 'approve',
      comment: null,
    });
  });

  it('sends only the ticked requested fields, in the requested order, and an earlier end', () => {
    const input = toDecisionInput(item, 'provider', {
      decision: 'approve',
      fields: ['死亡数', '报告日期'],
      endDate: '2026-06-30',
      comment: '  仅开放统计所需字段 ',
    });
    expect(input).toEqual({
      id: '42',
      decision: 'approve',
      comment: '仅开放统计所需字段',
      fields: ['报告日期', '死亡数'],
      endDate: '2026-06-30',
    });
    expect(narrowingSummary(item, { decision: 'approve', fields: ['死亡数', '报告日期'], endDate: '2026-06-30' })).toBe(
      '授权 2/4 个字段，授权至 2026-06-30',
    );
  });

  it('refuses a field not requested, no field at all, and an end after the requested one', () => {
    const approve = (fields: string[], endDate: string) => ({ decision: 'approve' as const, fields, endDate });
    expect(decisionProblem(item, 'provider', approve(['病种', '身份证号'], '2026-12-31'))).toBe(
      '只能在申请的字段内收窄',
    );
    expect(decisionProblem(item, 'provider', approve([], '2026-12-31'))).toBe('请至少选择一个授权字段');
    expect(decisionProblem(item, 'provider', approve(['病种'], '2027-06-30'))).toBe(
      '授权结束日期须在 2026-03-01 至 2026-12-31 之间',
    );
    expect(() => toDecisionInput(item, 'provider', approve(['病种'], '2027-06-30'))).toThrow();
    expect(() => toDecisionInput(item, 'provider', approve(['病种', '身份证号'], '2026-12-31'))).toThrow();
  });

  it('never narrows at the bureau node nor with a rejection, and a rejection needs its reason', () => {
    const narrowed = { fields: ['病种'], endDate: '2026-06-30' };
    expect(toDecisionInput(item, 'bureau', { decision: 'approve', ...narrowed })).toEqual({
      id: '42',
      decision: 'approve',
      comment: null,
    });
    expect(decisionProblem(item, 'provider', { decision: 'reject', ...narrowed, comment: '  ' })).toBe(
      '请填写不通过的理由',
    );
    expect(toDecisionInput(item, 'provider', { decision: 'reject', ...narrowed, comment: '用途与数据无关' })).toEqual({
      id: '42',
      decision: 'reject',
      comment: '用途与数据无关',
    });
  });
});
