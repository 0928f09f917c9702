import type { PermissionTreeNode, RoleItem } from '@odp/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubAntdDom } from '@/test/render';
import { RolePermissionDrawer } from './RolePermissionDrawer';

const node = (key: string, title: string, menuType: 0 | 1 | 2, children: PermissionTreeNode[] = []) => ({
  key,
  value: key,
  title,
  menuType,
  perms: menuType === 2 ? `system:user:${key}` : null,
  children,
});
const tree: PermissionTreeNode[] = [
  node('sys', '系统管理', 0, [node('user', '用户管理', 1, [node('add', '新增用户', 2), node('edit', '编辑用户', 2)])]),
];

const api = vi.hoisted(() => ({
  granted: [] as string[],
  save: vi.fn(async (_roleId: string, _ids: string[]) => null),
}));
vi.mock('@/api/system/permission', () => ({
  permissionKeys: { tree: ['permission', 'tree'], ofRole: (id: string) => ['permission', 'role', id] },
  queryPermissionTree: async () => tree,
  queryRolePermission: async () => api.granted,
  saveRolePermission: api.save,
}));

beforeAll(stubAntdDom);
afterEach(() => {
  cleanup();
  api.save.mockClear();
});

/** The machine running the suite may be busy; antd renders slowly in jsdom. */
const slow = { timeout: 10_000 };

const role: RoleItem = {
  id: 'r1',
  roleName: '测试角色',
  roleCode: 'tester',
  description: null,
  builtIn: false,
  userCount: 0,
  createTime: '2026-01-01T00:00:00.000Z',
};

function renderDrawer() {
  const onClose = vi.fn();
  renderWithProviders(<RolePermissionDrawer role={role} open onClose={onClose} />);
  return { onClose };
}

const checkboxOf = (title: string) => {
  const box = screen.getByText(title).closest('.ant-tree-treenode')?.querySelector('.ant-tree-checkbox');
  if (!box) throw new Error(`no checkbox for ${title}`);
  return box;
};

describe('RolePermissionDrawer', () => {
  it('pre-checks the grants with linked ticking and saves ticked and half-ticked entries', async () => {
    api.granted = ['sys', 'user', 'add'];
    const { onClose } = renderDrawer();
    await screen.findByText('编辑用户', undefined, slow);
    expect(checkboxOf('新增用户').className).toContain('ant-tree-checkbox-checked');
    expect(checkboxOf('编辑用户').className).not.toContain('ant-tree-checkbox-checked');
    expect(checkboxOf('用户管理').className).toContain('ant-tree-checkbox-indeterminate');

    fireEvent.click(checkboxOf('编辑用户'));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.save).toHaveBeenCalledTimes(1), slow);
    expect(api.save.mock.calls[0][0]).toBe('r1');
    expect([...api.save.mock.calls[0][1]].sort()).toEqual(['add', 'edit', 'sys', 'user']);
    await waitFor(() => expect(onClose).toHaveBeenCalled(), slow);
  }, 30_000);

  it('switches to one-by-one ticking when a menu is granted without any of its buttons', async () => {
    api.granted = ['sys', 'user'];
    renderDrawer();
    await screen.findByText(/已切换为逐项勾选/, undefined, slow);
    expect(checkboxOf('用户管理').className).toContain('ant-tree-checkbox-checked');
    expect(checkboxOf('新增用户').className).not.toContain('ant-tree-checkbox-checked');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.save).toHaveBeenCalledTimes(1), slow);
    expect([...api.save.mock.calls[0][1]].sort()).toEqual(['sys', 'user']);
  }, 30_000);
});
