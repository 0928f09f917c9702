import type { DataRuleItem, PermissionTreeNode, RoleDataRuleResult } from '@odp/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubAntdDom } from '@/test/render';
import { menusOf, RoleDataRuleDrawer } from './RoleDataRuleDrawer';

const rule = (id: string, ruleName: string, overrides: Partial<DataRuleItem> = {}): DataRuleItem => ({
  id,
  permissionId: 'm1',
  ruleName,
  ruleColumn: 'orgCode',
  ruleConditions: '=',
  ruleValue: '#{sys_org_code}',
  status: '1',
  createTime: '2026-01-01T00:00:00.000Z',
  updateTime: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const api = vi.hoisted(() => ({
  result: { rules: [], selectedIds: [] } as RoleDataRuleResult,
  save: vi.fn(async (_input: unknown) => null),
}));
vi.mock('@/api/system/data-rule', () => ({
  dataRuleKeys: { ofRole: (p: string, r: string) => ['dataRule', 'role', p, r] },
  queryRoleDataRule: async () => api.result,
  saveRoleDataRule: api.save,
}));

beforeAll(stubAntdDom);
afterEach(() => {
  cleanup();
  api.save.mockClear();
});

const slow = { timeout: 10_000 };

function renderDrawer() {
  const onClose = vi.fn();
  renderWithProviders(
    <RoleDataRuleDrawer
      role={{ id: 'r1', roleName: '测试角色' }}
      menu={{ id: 'm1', name: '用户管理' }}
      open
      onClose={onClose}
    />,
  );
  return { onClose };
}

describe('RoleDataRuleDrawer', () => {
  it('pre-ticks the role’s rules, marks disabled ones, and saves the new selection for the menu', async () => {
    api.result = {
      rules: [
        rule('a', '本部门用户'),
        rule('b', '姓张', { ruleColumn: 'realname', ruleConditions: 'LIKE', ruleValue: '张', status: '0' }),
      ],
      selectedIds: ['a'],
    };
    const { onClose } = renderDrawer();
    await screen.findByText('本部门用户', {}, slow);
    expect(screen.getByText('orgCode 等于 「当前部门编码」')).toBeTruthy();
    expect(screen.getByText('realname 包含 张')).toBeTruthy();
    expect(screen.getByText('已停用')).toBeTruthy();
    expect(screen.getByText('已选 1 条')).toBeTruthy();

    fireEvent.click(screen.getByText('本部门用户'));
    fireEvent.click(screen.getByText('姓张'));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.save).toHaveBeenCalledTimes(1), slow);
    expect(api.save.mock.calls[0][0]).toEqual({ permissionId: 'm1', roleId: 'r1', dataRuleIds: ['b'] });
    await waitFor(() => expect(onClose).toHaveBeenCalled(), slow);
  });

  it('says so when the menu has no rules yet', async () => {
    api.result = { rules: [], selectedIds: [] };
    renderDrawer();
    await screen.findByText('该菜单还没有数据规则，可在「菜单管理」中为该菜单添加', {}, slow);
  });
});

describe('menusOf', () => {
  it('collects the menus (not directories or buttons) of the assign tree', () => {
    const node = (key: string, menuType: 0 | 1 | 2, children: PermissionTreeNode[] = []): PermissionTreeNode => ({
      key,
      value: key,
      title: `名称${key}`,
      menuType,
      perms: null,
      children,
    });
    const tree = [node('sys', 0, [node('user', 1, [node('add', 2)]), node('role', 1)])];
    expect([...menusOf(tree)]).toEqual([
      ['user', '名称user'],
      ['role', '名称role'],
    ]);
  });
});
