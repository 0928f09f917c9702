import { describe, expect, it } from 'vitest';
import { chooseInDialog, pickOption, signIn } from '../support/actions.js';
import { newPage, shot } from '../support/browser.js';
import { useServerAndBrowser } from '../support/suite.js';

const env = useServerAndBrowser();

describe('数据规则', () => {
  it('an administrator writes a rule on 用户管理, selects it for a role, and the user list narrows', async () => {
    const page = await newPage(env.browser);
    await signIn(page, env.server.url, 'admin', 'Admin@2026');

    // 菜单管理 → 用户管理 → 数据规则: the seeded example is there.
    await page.goto(`${env.server.url}/system/menu`);
    const systemRow = page.locator('tr.ant-table-row').filter({ hasText: '系统管理' }).first();
    await systemRow.waitFor({ timeout: 30_000 });
    await systemRow.locator('.ant-table-row-expand-icon').click();
    const userRow = page.locator('tr.ant-table-row').filter({ hasText: '/system/User' }).first();
    await userRow.getByText('数据规则').click();
    const drawer = page.locator('.ant-drawer-content').filter({ hasText: '数据规则：用户管理' });
    await drawer.getByText('本部门用户（示例）').waitFor();
    await shot(page, 'data-rules-drawer');

    // A new literal rule: 姓名 包含 王.
    await drawer.getByRole('button', { name: /新增规则/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '新增数据规则' });
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('请输入规则名称').first().waitFor();
    await shot(page, 'data-rule-form-validation');
    await dialog.getByLabel('规则名称').fill('姓王的用户');
    await chooseInDialog(page, '请选择该菜单列表的字段', '用户姓名（realname）');
    await pickOption(
      page,
      dialog.locator('.ant-select').filter({ hasText: '等于（=）' }),
      '包含（LIKE）',
      dialog.locator('.ant-select').filter({ hasText: '包含（LIKE）' }),
    );
    // Each choice is on screen before the next step: a slow machine must not save a half-made rule.
    await dialog.locator('.ant-select').filter({ hasText: '用户姓名' }).waitFor();
    await dialog.getByLabel('规则值').fill('王');
    await shot(page, 'data-rule-form');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await drawer.locator('tr').filter({ hasText: '姓王的用户' }).filter({ hasText: '包含' }).waitFor();
    await shot(page, 'data-rules-drawer-added');
    await drawer.locator('.ant-drawer-close').click();

    // 角色管理 → 系统管理员 → 授权 → 用户管理 → 数据规则: tick the new rule.
    await page.goto(`${env.server.url}/system/role`);
    const adminRow = page.locator('tr.ant-table-row').filter({ hasText: '系统管理员' }).first();
    await adminRow.waitFor({ timeout: 30_000 });
    await adminRow.getByText('授权').click();
    const grant = page.locator('.ant-drawer-content').filter({ hasText: '角色授权：系统管理员' });
    const userNode = grant.locator('.ant-tree-treenode').filter({ hasText: 'system:user:list' }).first();
    await userNode.getByText('数据规则').click();
    const choose = page.locator('.ant-drawer-content').filter({ hasText: '数据规则：系统管理员 · 用户管理' });
    await choose.getByText('姓王的用户').click();
    await choose.locator('.ant-checkbox-wrapper-checked').filter({ hasText: '姓王的用户' }).waitFor();
    await shot(page, 'role-data-rule-drawer');
    await choose.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('保存成功').first().waitFor();
    await grant.getByRole('button', { name: /取\s*消/ }).click();

    // The administrator's own user list now holds only users named 王….
    await page.goto(`${env.server.url}/system/User`);
    await page.getByText('王交通').first().waitFor({ timeout: 30_000 });
    const names = await page.locator('.ant-table-tbody tr.ant-table-row').allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((row) => row.includes('王'))).toBe(true);
    expect(await page.getByText('admin', { exact: true }).count()).toBe(0);
    await shot(page, 'user-list-narrowed-by-rule');
  });
});
