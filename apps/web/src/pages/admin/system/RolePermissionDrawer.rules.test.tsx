import type { PermissionTreeNode, RoleItem } from '@odp/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubAntdDom } from '@/test/render';
import { RolePermissionDrawer } from './RolePermissionDrawer';

const node = (key: string, title: string, menuType: 0 | 1 | 2, children: PermissionTreeNode[] = []) => ({
  key,
  value: key,
  title,
  menuType,
  perms: menuType === 2 ? `system:x:${key}` : null,
  children,
});
const tree: PermissionTreeNode[] = [
  node('sys', '系统管理', 0, [node('user', '用户管理', 1, [node('add', '新增用户', 2)]), node('role', '角色管理', 1)]),
];

vi.mock('@/api/system/permission', () => ({
  permissionKeys: { tree: ['permission', 'tree'], ofRole: (id: string) => ['permission', 'role', id] },
  queryPermissionTree: async () => tree,
  queryRolePermission: async () => ['sys', 'user', 'add'],
  saveRolePermission: async () => null,
}));
vi.mock('@/api/system/data-rule', () => ({
  dataRuleKeys: { ofRole: (p: string, r: string) => ['dataRule', 'role', p, r] },
  queryRoleDataRule: async () => ({ rules: [], selectedIds: [] }),
  saveRoleDataRule: async () => null,
}));

beforeAll(stubAntdDom);
afterEach(cleanup);

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

const treeNodeOf = (title: string) => {
  const el = screen.getByText(title).closest('.ant-tree-treenode');
  if (!(el instanceof HTMLElement)) throw new Error(`no tree node ${title}`);
  return el;
};

describe('RolePermissionDrawer: 数据规则 entry', () => {
  it('offers 数据规则 on ticked menus only, and opens the role’s rule checklist without unticking', async () => {
    renderWithProviders(<RolePermissionDrawer role={role} open onClose={() => {}} />);
    await screen.findByText('新增用户', undefined, slow);
    expect(screen.getAllByText('数据规则')).toHaveLength(1);
    expect(within(treeNodeOf('角色管理')).queryByText('数据规则')).toBeNull();

    fireEvent.click(within(treeNodeOf('用户管理')).getByText('数据规则'));
    await screen.findByText('数据规则：测试角色 · 用户管理', undefined, slow);
    const box = treeNodeOf('用户管理').querySelector('.ant-tree-checkbox');
    expect(box?.className).toMatch(/ant-tree-checkbox-(checked|indeterminate)/);
  }, 30_000);
});
