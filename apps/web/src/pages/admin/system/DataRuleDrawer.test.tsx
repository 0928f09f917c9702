import type { DataRuleColumnsResult, DataRuleItem } from '@odp/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubAntdDom } from '@/test/render';
import { DataRuleDrawer } from './DataRuleDrawer';

const MENU_ID = '11111111-1111-4111-8111-111111111111';
const RULE_ID = '22222222-2222-4222-8222-222222222222';

const api = vi.hoisted(() => ({
  rules: [] as DataRuleItem[],
  columns: { known: false, columns: [] } as DataRuleColumnsResult,
  add: vi.fn(async (input: unknown) => input),
  remove: vi.fn(async (_id: string) => null),
}));
vi.mock('@/api/system/data-rule', () => ({
  dataRuleKeys: {
    all: ['dataRule'],
    ofMenu: (id: string, search: object) => ['dataRule', 'menu', id, search],
    columns: (id: string) => ['dataRule', 'columns', id],
  },
  queryPermissionRule: async () => api.rules,
  queryDataRuleColumns: async () => api.columns,
  addPermissionRule: api.add,
  editPermissionRule: vi.fn(),
  deletePermissionRule: api.remove,
}));
vi.mock('@/components/ResourcePage/permission', () => ({ useCan: () => () => true }));

beforeAll(stubAntdDom);
afterEach(() => {
  cleanup();
  api.add.mockClear();
  api.remove.mockClear();
});

const slow = { timeout: 10_000 };

function renderDrawer() {
  renderWithProviders(
    <DataRuleDrawer menu={{ id: MENU_ID, name: '消息中心', path: '/message' }} open onClose={() => {}} />,
  );
}

describe('DataRuleDrawer', () => {
  it('warns when the menu list ignores rules, and adds a rule with a variable picked from the hint', async () => {
    api.rules = [];
    api.columns = { known: false, columns: [] };
    renderDrawer();
    await screen.findByText(/暂不支持数据规则/, undefined, slow);
    await screen.findByText('该菜单还没有数据规则', undefined, slow);

    fireEvent.click(screen.getByText('新增规则'));
    const dialog = (await screen.findByText('新增数据规则', undefined, slow)).closest('.ant-modal') as HTMLElement;
    fireEvent.change(within(dialog).getByLabelText('规则名称'), { target: { value: '本部门' } });
    fireEvent.change(within(dialog).getByLabelText('规则字段'), { target: { value: 'orgCode' } });
    fireEvent.click(within(dialog).getByText(/当前部门编码/));
    expect((within(dialog).getByLabelText('规则值') as HTMLInputElement).value).toBe('#{sys_org_code}');
    fireEvent.click(
      within(dialog)
        .getByText(/^确\s*[定认]$/)
        .closest('button') as HTMLElement,
    );
    await waitFor(() => expect(api.add).toHaveBeenCalledTimes(1), slow);
    expect(api.add.mock.calls[0][0]).toEqual({
      permissionId: MENU_ID,
      ruleName: '本部门',
      ruleColumn: 'orgCode',
      ruleConditions: '=',
      ruleValue: '#{sys_org_code}',
      status: '1',
    });
  }, 60_000);

  it('lists the rules with readable conditions and deletes one after confirmation', async () => {
    api.rules = [
      {
        id: RULE_ID,
        permissionId: MENU_ID,
        ruleName: '开放类型',
        ruleColumn: 'openType',
        ruleConditions: 'IN',
        ruleValue: '1,2',
        status: '1',
        createTime: '2026-01-01T00:00:00.000Z',
        updateTime: '2026-01-01T00:00:00.000Z',
      },
    ];
    api.columns = { known: true, columns: [{ name: 'openType', label: '开放类型编码' }] };
    renderDrawer();
    const row = (await screen.findByText('开放类型', undefined, slow)).closest('tr') as HTMLElement;
    expect(within(row).getByText('在…中')).toBeTruthy();
    expect(within(row).getByText('开放类型编码')).toBeTruthy();
    expect(screen.queryByText(/暂不支持数据规则/)).toBeNull();

    fireEvent.click(within(row).getByText('删除'));
    const confirm = (await screen.findByText('确定删除规则「开放类型」吗？', undefined, slow)).closest(
      '.ant-popover',
    ) as HTMLElement;
    expect(api.remove).not.toHaveBeenCalled();
    fireEvent.click(
      within(confirm)
        .getByText(/^确\s*定$/)
        .closest('button') as HTMLElement,
    );
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith(RULE_ID), slow);
  }, 60_000);
});
