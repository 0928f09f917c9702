import { OPEN_APPLY_STATUS_LABEL, type OpenApplyItem, OpenApplyMessages, type OpenApplyStatus } from '@odp/contracts';
import { describe, expect, it } from 'vitest';
import {
  beijingDay,
  daysUntil,
  lastDay,
  newerApplication,
  nextStep,
  reasonLabel,
  reportState,
  rowActions,
} from './apply-rows';

// 2026-03-10 10:00 in Beijing.
const today = new Date('2026-03-10T02:00:00Z');

const item = (status: OpenApplyStatus, over: Partial<OpenApplyItem> = {}): OpenApplyItem => ({
  id: '1',
  code: 'KF202603010001',
  catalogId: 'c1',
  catalogName: '公交线路站点',
  providerName: '滨江市交通运输局',
  applicantName: '张市民',
  purpose: '出行应用',
  scenario: '公交到站查询',
  fields: ['线路名称', '站点名称'],
  grantedFields: status === '3' ? ['线路名称'] : null,
  startDate: '2026-03-01',
  endDate: '2027-02-28',
  grantedEndDate: status === '3' ? '2026-12-31' : null,
  status,
  statusLabel: OPEN_APPLY_STATUS_LABEL[status],
  reason: null,
  appId: null,
  appName: null,
  dailyQuota: status === '3' ? 1000 : null,
  createdAt: '2026-03-01T01:00:00Z',
  submittedAt: '2026-03-01T01:00:00Z',
  decidedAt: null,
  reportDueAt: null,
  reportOverdue: false,
  actions: [],
  ...over,
});

describe('what a row of 我的申请 offers', () => {
  it('offers only the progress while the application waits', () => {
    for (const status of ['1', '2'] as const) expect(rowActions(item(status), today)).toEqual(['detail']);
  });

  it('offers an app to call with once granted', () => {
    expect(rowActions(item('3'), today)).toEqual(['detail', 'bindApp']);
    expect(rowActions(item('3', { appId: 'a1', appName: '滨江出行助手' }), today)).toEqual(['detail', 'bindApp']);
  });

  it('offers 再次申请 after a refusal, a revocation or the end of the period', () => {
    for (const status of ['4', '5', '6'] as const) expect(rowActions(item(status), today)).toContain('reapply');
    for (const status of ['0', '1', '2', '3'] as const)
      expect(rowActions(item(status), today)).not.toContain('reapply');
  });

  it('offers no 再次申请 once the dataset was applied for again, and says which application took over', () => {
    const refused = item('4', { id: 'old', reason: '用途不明确' });
    const again = item('3', { id: 'new', code: 'KF202611010001', appId: 'a1' });
    const newer = newerApplication(refused, [again, refused]);
    expect(newer?.id).toBe('new');
    expect(rowActions(refused, today, newer)).toEqual(['detail']);
    expect(nextStep(refused, today, newer)).toContain('KF202611010001');
    // Another dataset's application, or an ended one, does not count.
    expect(newerApplication(refused, [item('3', { id: 'x', catalogId: 'c2' })])).toBeNull();
    expect(newerApplication(refused, [item('6', { id: 'y' })])).toBeNull();
    expect(newerApplication(again, [refused])).toBeNull();
  });

  it('offers the usage report when it is due within 30 days or overdue, not earlier', () => {
    const later = item('3', { appId: 'a1', reportDueAt: '2026-06-30T16:00:00Z' });
    expect(reportState(later, today)).toBe('upcoming');
    expect(rowActions(later, today)).not.toContain('report');

    const soon = item('3', { appId: 'a1', reportDueAt: '2026-04-08T16:00:00Z' });
    expect(reportState(soon, today)).toBe('due');
    expect(rowActions(soon, today)).toContain('report');

    const late = item('3', { appId: 'a1', reportDueAt: '2026-03-01T16:00:00Z', reportOverdue: true });
    expect(reportState(late, today)).toBe('overdue');
    expect(rowActions(late, today)).toContain('report');
  });

  it('asks for the report at once when a grant ended early', () => {
    const ended = item('5', { reason: '超范围使用', reportDueAt: '2026-12-31T16:00:00Z' });
    expect(reportState(ended, today)).toBe('due');
    expect(rowActions(ended, today)).toEqual(['detail', 'report', 'reapply']);
  });

  it('has no report to offer without a due date', () => {
    expect(reportState(item('3'), today)).toBe('none');
  });
});

describe('the next step a row says', () => {
  it('names who decides next', () => {
    expect(nextStep(item('1'), today)).toContain('滨江市交通运输局');
    expect(nextStep(item('2'), today)).toContain('大数据局');
  });

  it('asks a granted user to pick an app first, then points at 我的服务', () => {
    expect(nextStep(item('3'), today)).toContain('选择');
    const bound = nextStep(item('3', { appId: 'a1', appName: '滨江出行助手' }), today);
    expect(bound).toContain('2026-12-31');
    expect(bound).toContain('滨江出行助手');
  });

  it('puts an overdue report first, whatever the status', () => {
    const text = nextStep(item('3', { appId: 'a1', reportDueAt: '2026-03-01T16:00:00Z', reportOverdue: true }), today);
    expect(text).toContain('已逾期');
    // Due at the end of 1 March (midnight in Beijing): the last day is the 1st.
    expect(text).toContain('2026-03-01（含当日）');
  });

  it('tells a refusal, a revocation and the user’s own cancellation apart', () => {
    expect(nextStep(item('4', { reason: '用途不明确' }), today)).toContain('再次申请');
    expect(reasonLabel(item('4', { reason: '用途不明确' }))).toBe('不通过理由');
    expect(reasonLabel(item('5', { reason: '超范围使用' }))).toBe('撤销理由');
    const cancelled = item('5', { reason: OpenApplyMessages.cancelled });
    expect(reasonLabel(cancelled)).toBe('取消原因');
    expect(nextStep(cancelled, today)).toContain('服务已取消');
    expect(reasonLabel(item('1'))).toBeNull();
  });
});

describe('dates on Beijing days', () => {
  it('reads an instant as its UTC+8 day', () => {
    expect(beijingDay('2026-03-01T16:00:00Z')).toBe('2026-03-02');
    expect(beijingDay(new Date('2026-03-01T15:59:59Z'))).toBe('2026-03-01');
  });

  it('counts whole days to the last day of a due time', () => {
    // Due at the end of 10 March: today is the last day.
    expect(daysUntil('2026-03-10T16:00:00Z', today)).toBe(0);
    expect(lastDay('2026-03-10T16:00:00Z')).toBe('2026-03-10');
    expect(daysUntil('2026-03-11T16:00:00Z', today)).toBe(1);
    expect(daysUntil('2026-03-08T16:00:00Z', today)).toBe(-2);
  });
});
