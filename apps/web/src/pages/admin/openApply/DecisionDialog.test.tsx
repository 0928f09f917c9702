import type { OpenApplyItem } from '@odp/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubAntdDom } from '@/test/render';
import { DecisionDialog, endDateDisabler } from './DecisionDialog';

const decide = vi.hoisted(() => vi.fn());
vi.mock('@/api/open-apply-admin', () => ({
  decideOpenApply: decide,
  openApplyAdminKeys: { all: ['openApply'] },
  revokeOpenApply: vi.fn(),
}));

beforeAll(stubAntdDom);
afterEach(() => {
  cleanup();
  decide.mockReset();
});

const item = (over: Partial<OpenApplyItem> = {}): OpenApplyItem => ({
  id: '7',
  code: 'KF202603010001',
  catalogId: '1',
  catalogName: '法定传染病疫情统计',
  providerName: '滨江市卫生健康委员会',
  applicantName: '张市民',
  purpose: '研究传染病季节规律',
  scenario: '高校科研',
  fields: ['报告日期', '病种', '发病数'],
  grantedFields: null,
  startDate: '2026-03-01',
  endDate: '2026-12-31',
  grantedEndDate: null,
  status: '1',
  statusLabel: '提供部门审核中',
  reason: null,
  appId: null,
  appName: null,
  dailyQuota: null,
  createdAt: '2026-03-01T02:00:00.000Z',
  submittedAt: '2026-03-01T02:00:00.000Z',
  decidedAt: null,
  reportDueAt: null,
  reportOverdue: false,
  actions: ['providerApprove', 'providerReject'],
  ...over,
});

const slow = { timeout: 10_000 };
const checkboxes = () => screen.getAllByRole('checkbox').map((box) => (box.closest('label')?.textContent ?? '').trim());

describe('DecisionDialog', () => {
  it('offers only the requested fields and sends the ticked subset with the approval', async () => {
    decide.mockResolvedValue({});
    renderWithProviders(<DecisionDialog item={item()} onClose={() => {}} />);
    await screen.findByText(/^授权字段/, undefined, slow);
    expect(checkboxes()).toEqual(['报告日期', '病种', '发病数']);

    fireEvent.click(screen.getByLabelText('病种'));
    fireEvent.click(screen.getByRole('button', { name: '确认通过' }));
    await waitFor(() => expect(decide).toHaveBeenCalledTimes(1), slow);
    expect(decide).toHaveBeenCalledWith({
      id: '7',
      decision: 'approve',
      comment: null,
      fields: ['报告日期', '发病数'],
    });
  }, 60_000);

  it('never offers an end date after the requested one', () => {
    const disabled = endDateDisabler(item());
    expect(disabled(dayjs('2026-12-31'))).toBe(false);
    expect(disabled(dayjs('2026-07-01'))).toBe(false);
    expect(disabled(dayjs('2027-01-01'))).toBe(true);
    expect(disabled(dayjs('2026-02-28'))).toBe(true);
  });

  it('asks the reason of a rejection before sending it', async () => {
    decide.mockResolvedValue({});
    renderWithProviders(<DecisionDialog item={item()} onClose={() => {}} />);
    await screen.findByText(/^授权字段/, undefined, slow);
    fireEvent.click(screen.getByText('不通过'));
    // The narrowing belongs to an approval only.
    await waitFor(() => expect(screen.queryByText(/^授权字段/)).toBeNull(), slow);
    fireEvent.click(screen.getByRole('button', { name: '确认不通过' }));
    expect(await screen.findByText('请填写不通过的理由', undefined, slow)).toBeTruthy();
    expect(decide).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('不通过理由'), { target: { value: '用途与数据无关' } });
    fireEvent.click(screen.getByRole('button', { name: '确认不通过' }));
    await waitFor(() => expect(decide).toHaveBeenCalledTimes(1), slow);
    expect(decide).toHaveBeenCalledWith({ id: '7', decision: 'reject', comment: '用途与数据无关' });
  }, 60_000);

  it('shows the server’s refusal and stays open', async () => {
    decide.mockRejectedValue(new Error('申请人有逾期未提交的利用情况报告，暂不能开通'));
    renderWithProviders(
      <DecisionDialog item={item({ actions: ['bureauApprove', 'bureauReject'] })} onClose={() => {}} />,
    );
    await screen.findByText('审核结果', undefined, slow);
    // The bureau decides without narrowing.
    expect(screen.queryByText(/^授权字段/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '确认通过' }));
    expect(await screen.findByText('申请人有逾期未提交的利用情况报告，暂不能开通', undefined, slow)).toBeTruthy();
    expect(decide).toHaveBeenCalledWith({ id: '7', decision: 'approve', comment: null });
    expect(await screen.findByRole('button', { name: '确认通过' }, slow)).toBeTruthy();
  }, 60_000);
});
