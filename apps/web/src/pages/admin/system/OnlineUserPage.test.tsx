import type { OnlineUser } from '@odp/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubAntdDom } from '@/test/render';
import OnlineUserPage from './OnlineUserPage';

const sessions: OnlineUser[] = [
  {
    sessionId: '11111111-1111-4111-8111-111111111111',
    username: 'admin',
    realname: '管理员',
    ip: '10.0.0.1',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/120.0',
    loginTime: '2026-05-01T01:00:00.000Z',
    lastSeenAt: '2026-05-01T02:00:00.000Z',
    current: true,
  },
  {
    sessionId: '22222222-2222-4222-8222-222222222222',
    username: 'officer',
    realname: '李四',
    ip: '10.0.0.2',
    userAgent: null,
    loginTime: '2026-05-01T01:30:00.000Z',
    lastSeenAt: '2026-05-01T02:10:00.000Z',
    current: false,
  },
];

const forceLogout = vi.fn((_id: string) => Promise.resolve(null));
vi.mock('@/api/system/monitor', () => ({
  monitorKeys: { online: ['system', 'online'], info: ['system', 'info'] },
  listOnlineUsers: () => Promise.resolve(sessions),
  forceLogout: (id: string) => forceLogout(id),
}));
vi.mock('@/components/ResourcePage/permission', () => ({ useCan: () => () => true }));

beforeAll(stubAntdDom);

afterEach(cleanup);

describe('OnlineUserPage', () => {
  it('offers 强制退出 for other sessions only and asks before ending one', async () => {
    renderWithProviders(<OnlineUserPage />);
    await screen.findByText('李四');
    expect(screen.getByText('当前会话')).toBeTruthy();
    const links = screen.getAllByText('强制退出');
    expect(links).toHaveLength(1);
    fireEvent.click(links[0]);
    // antd spaces out two-character labels: 确定 renders as 确 定.
    fireEvent.click(await screen.findByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(forceLogout).toHaveBeenCalledWith(sessions[1].sessionId));
  }, 30_000);
});
