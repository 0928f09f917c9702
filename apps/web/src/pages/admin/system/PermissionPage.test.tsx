import type { PermissionNode } from '@odp/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubAntdDom } from '@/test/render';
import PermissionPage from './PermissionPage';

const row = (id: string, name: string, menuType: 0 | 1 | 2, extra: Partial<PermissionNode> = {}): PermissionNode => ({
  id,
  parentId: null,
  name,
  menuType,
  path: menuType === 2 ? null : `/${id}`,
  component: null,
  redirect: null,
  icon: null,
  url: null,
  perms: null,
  hidden: false,
  alwaysShow: false,
  keepAlive: false,
  internalOrExternal: false,
  sortNo: 0,
  status: '0',
  createTime: '2026-01-01T00:00:00.000Z',
  ...extra,
});

const USER_ID = '11111111-1111-4111-8111-111111111111';

const api = vi.hoisted(() => ({ add: vi.fn(async (input: unknown) => input) }));
vi.mock('@/api/system/permission', () => ({
  permissionKeys: { all: ['permission'] },
  listPermissions: async () => [
    row('sys', '系统管理', 0, {
      children: [row(USER_ID, '用户管理', 1, { parentId: 'sys', perms: 'system:user:list' })],
    }),
  ],
  addPermission: api.add,
  editPermission: vi.fn(),
  deletePermission: vi.fn(),
}));
vi.mock('@/components/ResourcePage/permission', () => ({ useCan: () => () => true }));

beforeAll(stubAntdDom);
afterEach(cleanup);

/** The machine running the suite may be busy; antd renders slowly in jsdom. */
const slow = { timeout: 10_000 };

describe('PermissionPage', () => {
  it('adds a button under a menu, asking for its permission code first', async () => {
    renderWithProviders(<PermissionPage />);
    await screen.findByText('系统管理', undefined, slow);
    // Expand the directory, then add under the menu.
    fireEvent.click(document.querySelector('.ant-table-row-expand-icon') as Element);
    const menuRow = (await screen.findByText('用户管理', undefined, slow)).closest('tr') as HTMLElement;
    fireEvent.click(within(menuRow).getByText('添加下级'));

    const dialog = await screen.findByRole('dialog', undefined, slow);
    expect((within(dialog).getByLabelText('按钮/权限') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '导出用户' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*[定认]/ }));
    await within(dialog).findByText('按钮必须填写授权标识', undefined, slow);
    expect(api.add).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText('授权标识'), { target: { value: 'system:user:export' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*[定认]/ }));
    await waitFor(() => expect(api.add).toHaveBeenCalledTimes(1), slow);
    expect(api.add.mock.calls[0][0]).toMatchObject({
      parentId: USER_ID,
      name: '导出用户',
      menuType: 2,
      perms: 'system:user:export',
      path: null,
      status: '0',
    });
  }, 60_000);
});
