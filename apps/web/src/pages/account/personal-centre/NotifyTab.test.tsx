import type { NotifySettings, NotifySettingsInput } from '@odp/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubAntdDom } from '@/test/render';
import NotifyTab from './NotifyTab';

const settings = (over: Partial<NotifySettings> = {}): NotifySettings => ({
  hasPhone: true,
  hasEmail: false,
  items: [
    { category: 'review', sms: true, email: false },
    { category: 'todo', sms: false, email: false },
    { category: 'announcement', sms: false, email: false },
    { category: 'reply', sms: false, email: false },
  ],
  ...over,
});

let current = settings();
const getNotifySettings = vi.fn(() => Promise.resolve(current));
const saveNotifySettings = vi.fn((input: NotifySettingsInput) => {
  const changed = new Map(input.items.map((i) => [i.category, i]));
  current = { ...current, items: current.items.map((i) => changed.get(i.category) ?? i) };
  return Promise.resolve(current);
});

vi.mock('@/api/account', async (importActual) => ({
  ...(await importActual<typeof import('@/api/account')>()),
  getNotifySettings: () => getNotifySettings(),
  saveNotifySettings: (input: NotifySettingsInput) => saveNotifySettings(input),
}));

beforeAll(stubAntdDom);
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const show = () =>
  renderWithProviders(
    <MemoryRouter>
      <NotifyTab />
    </MemoryRouter>,
  );
const toggle = (name: string) => screen.getByRole('switch', { name }) as HTMLButtonElement;
const checked = (name: string) => toggle(name).getAttribute('aria-checked') === 'true';
const disabled = (name: string) => toggle(name).disabled;

describe('消息设置', () => {
  it('shows every category with 站内消息 always on, and the saved 短信 and 邮件 choices', async () => {
    current = settings();
    show();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      '消息类别站内消息短信邮件',
      expect.stringContaining('审核结果'),
      expect.stringContaining('待办提醒'),
      expect.stringContaining('系统公告'),
      expect.stringContaining('互动回复'),
    ]);
    for (const label of ['审核结果', '待办提醒', '系统公告', '互动回复']) {
      const site = `${label}：站内消息（始终开启）`;
      expect([checked(site), disabled(site)]).toEqual([true, true]);
    }
    expect(checked('审核结果：短信')).toBe(true);
    expect(checked('待办提醒：短信')).toBe(false);
    expect(disabled('待办提醒：短信')).toBe(false);
  });

  it('disables a channel the account has no address for, with a hint to add one in 基本信息', async () => {
    current = settings({ hasEmail: false, hasPhone: false });
    current.items[0] = { category: 'review', sms: true, email: false };
    show();
    await screen.findByRole('table');
    expect(screen.getByText(/您尚未填写手机号和邮箱/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '基本信息' }).getAttribute('href')).toBe(
      '/personalCenter/perCenter?current=1',
    );
    for (const label of ['审核结果', '待办提醒', '系统公告', '互动回复']) expect(disabled(`${label}：邮件`)).toBe(true);
    // One already on can still be turned off.
    expect(disabled('审核结果：短信')).toBe(false);
    expect(disabled('待办提醒：短信')).toBe(true);
  });

  it('saves a switch at once and says so', async () => {
    current = settings({ hasEmail: true });
    show();
    await screen.findByRole('table');
    fireEvent.click(toggle('待办提醒：邮件'));
    await waitFor(() =>
      expect(saveNotifySettings).toHaveBeenCalledWith({ items: [{ category: 'todo', sms: false, email: true }] }),
    );
    expect(await screen.findByText('消息设置已保存')).toBeTruthy();
    await waitFor(() => expect(checked('待办提醒：邮件')).toBe(true));
    expect(saveNotifySettings).toHaveBeenCalledTimes(1);
  });
});
