import type { UserPermissionResult } from '@odp/contracts';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession, saveLogin } from '@/session';
import { stubAntdDom, TestStyles } from '@/test/render';
import { Providers } from './providers';
import { queryClient } from './query-client';
import { AppRoutes } from './routes';

const ok = (result: unknown) =>
  new Response(JSON.stringify({ success: true, code: 200, message: '', result, timestamp: 0 }), {
    headers: { 'content-type': 'application/json' },
  });
const fail = (status: number, message: string) =>
  new Response(JSON.stringify({ success: false, code: status, message, result: null, timestamp: 0 }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

let permission: () => Response;
const menuWithHomeOnly: UserPermissionResult = {
  menu: [
    {
      id: '1',
      path: '/pageHome/PageHome',
      name: 'home',
      component: 'admin/PageHome',
      redirect: null,
      hidden: false,
      alwaysShow: false,
      route: true,
      meta: { title: '首页', keepAlive: false, internalOrExternal: false },
    },
  ],
  auth: [],
  allAuth: [],
};

beforeEach(() => {
  clearSession();
  queryClient.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.includes('getUserPermissionByToken')) return permission();
      if (url.includes('indexNum'))
        return ok({ departNum: 20, catalogNum: 0, apiNum: 0, tableNum: 0, dataNum: 0, callNum: 0 });
      if (url.includes('listByUser')) return ok({ anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 });
      return ok({});
    }),
  );
});
afterEach(cleanup);

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

const visit = (path: string) =>
  render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <Where />
      </MemoryRouter>
    </Providers>,
    { wrapper: TestStyles },
  );

const where = () => screen.getByTestId('where').textContent;
const user = { id: '1', username: 'jtadmin', realname: '王交通' } as Parameters<typeof saveLogin>[1];

describe('route guard (spec §4)', () => {
  it('lets a visitor see the public home', async () => {
    visit('/openPlatform/home');
    expect(await screen.findByText('登录/注册')).toBeTruthy();
    expect(where()).toBe('/openPlatform/home');
  });

  it('sends a visitor away from a back-office page, remembering it', async () => {
    visit('/system/User');
    await waitFor(() => expect(where()).toBe('/openPlatform/home?redirect=%2Fsystem%2FUser'));
  });

  it('shows a visitor the 404 page for an unknown portal address, not the home', async () => {
    visit('/catalogue/no-such-page');
    await waitFor(() => expect(where()).toBe('/404'));
    expect(await screen.findByText('抱歉，您访问的页面不存在。')).toBeTruthy();
  });

  it('ends the session when the permission list cannot be loaded', async () => {
    saveLogin('tok', user, {});
    permission = () => fail(500, '服务器内部错误，请稍后再试');
    visit('/pageHome/PageHome');
    await waitFor(() => expect(where()).toBe('/openPlatform/home?redirect=%2FpageHome%2FPageHome'));
    expect(getSession().token).toBeNull();
  });

  it('sends a signed-in user to /404 for a page the menu does not grant', async () => {
    saveLogin('tok', user, {});
    permission = () => ok(menuWithHomeOnly);
    visit('/system/User');
    await waitFor(() => expect(where()).toBe('/404'));
    expect(getSession().token).toBe('tok');
  });

  it('opens the spec’s user pages as the personal centre’s, for a signed-in user only', async () => {
    saveLogin('tok', user, {});
    permission = () => ok(menuWithHomeOnly);
    visit('/UserDetails');
    await waitFor(() => expect(where()).toBe('/personalCenter/perCenter?current=1'));
    cleanup();
    visit('/pageUser/PageUser');
    await waitFor(() => expect(where()).toBe('/personalCenter/perCenter'));
    cleanup();
    clearSession();
    visit('/UserDetails');
    await waitFor(() => expect(where()).toBe(`/openPlatform/home?redirect=${encodeURIComponent('/UserDetails')}`));
  });

  it('opens / through /Home at the default home: the portal for a visitor, the back office when signed in', async () => {
    visit('/');
    await waitFor(() => expect(where()).toBe('/openPlatform/home'));
    cleanup();
    saveLogin('tok', user, {});
    permission = () => ok(menuWithHomeOnly);
    visit('/');
    await waitFor(() => expect(where()).toBe('/pageHome/PageHome'));
  });

  it('opens the self-check at /test/home for a signed-in user only', async () => {
    stubAntdDom();
    visit('/test/home');
    await waitFor(() => expect(where()).toBe(`/openPlatform/home?redirect=${encodeURIComponent('/test/home')}`));
    cleanup();
    saveLogin('tok', user, {});
    permission = () => ok(menuWithHomeOnly);
    visit('/test/home');
    expect(await screen.findByRole('heading', { name: '系统自检' }, { timeout: 8000 })).toBeTruthy();
    expect(where()).toBe('/test/home');
  });

  it('shows a result page by its key and never text from the address', async () => {
    visit('/result/error?of=%E4%BD%A0%E5%B7%B2%E4%B8%AD%E5%A5%96');
    expect(await screen.findByText('操作失败')).toBeTruthy();
    expect(screen.queryByText('你已中奖')).toBeNull();
  });
});
