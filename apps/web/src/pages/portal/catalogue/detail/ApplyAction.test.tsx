import type { MarketDetail, OpenApplyItem } from '@odp/contracts';
import { Constants } from '@odp/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveLogin } from '@/session';
import { renderWithProviders, stubAntdDom } from '@/test/render';
import { ApplyAction } from './ApplyAction';

stubAntdDom();

const ok = (result: unknown) =>
  new Response(JSON.stringify({ success: true, code: 200, message: '', result, timestamp: 0 }), {
    headers: { 'content-type': 'application/json' },
  });

const detail = { id: 'c1', catalogName: '企业信用信息', openType: '2', dataList: [] } as unknown as MarketDetail;

const application = (status: OpenApplyItem['status'], statusLabel: string, catalogId = 'c1') =>
  ({ id: `a-${status}`, catalogId, status, statusLabel }) as OpenApplyItem;

let auth: { action: string; type: string }[] = [];
let mine: OpenApplyItem[] = [];

beforeEach(() => {
  clearSession();
  auth = [{ action: 'openApply:apply', type: '1' }];
  mine = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.includes('getUserPermissionByToken')) return ok({ menu: [], auth, allAuth: [] });
      if (url.includes('/api/openApply/mine'))
        return ok({ records: mine, total: mine.length, size: 50, current: 1, pages: 1 });
      if (url.includes('/api/openApply/agreement'))
        return ok({ version: '2026.1', title: '公共数据开放利用协议', effectiveDate: '2026-01-01', text: '第一条' });
      return ok({});
    }),
  );
});
afterEach(() => {
  cleanup();
  clearSession();
});

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

const show = (path = '/catalogue/datacatalogue/details?id=c1&tab=api') =>
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <ApplyAction detail={detail} />
      <Where />
    </MemoryRouter>,
  );

const signIn = () => saveLogin('tok', { id: 'u1', username: 'citizen', realname: '张市民' } as never, {});

describe('申请使用 on a 有条件开放 entry', () => {
  it('sends a visitor to sign in, coming back to this page with the form asked for', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: /申请使用/ }));
    const where = screen.getByTestId('where').textContent ?? '';
    expect(where.startsWith(`${Constants.loginPath}?redirect=`)).toBe(true);
    const back = new URLSearchParams(where.split('?')[1]).get('redirect');
    expect(back).toBe('/catalogue/datacatalogue/details?id=c1&tab=api&apply=1');
  });

  it('shows a waiting application’s status instead of the button, linked to 我的申请', async () => {
    signIn();
    mine = [application('4', '未通过'), application('1', '提供部门审核中')];
    show();
    const link = await screen.findByRole('link', { name: /已申请：提供部门审核中/ });
    expect(link.getAttribute('href')).toBe('/personalCenter/perCenter?current=4');
    expect(screen.queryByRole('button', { name: /申请使用/ })).toBeNull();
  });

  it('points a granted user at 我的服务', async () => {
    signIn();
    mine = [application('3', '已开通')];
    show();
    const link = await screen.findByRole('link', { name: /已开通，查看我的服务/ });
    expect(link.getAttribute('href')).toBe('/personalCenter/perCenter?current=2');
  });

  it('offers the form again after a refusal, and ignores other datasets’ applications', async () => {
    signIn();
    mine = [application('4', '未通过'), application('1', '提供部门审核中', 'other')];
    show();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /申请使用/ }).className).not.toContain('ant-btn-loading'),
    );
  });

  it('opens the form by itself when the user comes back from signing in', async () => {
    signIn();
    show('/catalogue/datacatalogue/details?id=c1&apply=1');
    expect(await screen.findByText('申请使用：企业信用信息', {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/catalogue/datacatalogue/details?id=c1'));
  });

  it('does not open the form when an application already stands, and drops the request from the address', async () => {
    signIn();
    mine = [application('2', '大数据局审核中')];
    show('/catalogue/datacatalogue/details?id=c1&apply=1');
    await screen.findByRole('link', { name: /已申请：大数据局审核中/ });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/catalogue/datacatalogue/details?id=c1'));
    expect(screen.queryByText('申请使用：企业信用信息')).toBeNull();
  });

  it('tells a signed-in user without the permission that only registered users apply', async () => {
    signIn();
    auth = [];
    show();
    expect(await screen.findByText('仅注册用户可申请使用')).toBeTruthy();
  });
});
