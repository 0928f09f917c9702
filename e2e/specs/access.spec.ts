import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pickField, signIn } from '../support/actions.js';
import { newPage, shot } from '../support/browser.js';
import { useServerAndBrowser } from '../support/suite.js';

const env = useServerAndBrowser();

const OK = /确\s*定|保\s*存|提\s*交/;

/** Ticks or unticks a node of the open 角色授权 drawer by its title. */
async function toggleGrant(page: Page, title: string) {
  const drawer = page.locator('.ant-drawer-content').filter({ hasText: '角色授权' });
  await drawer
    .locator('.ant-tree-treenode:not([aria-hidden])')
    .filter({ has: page.locator(`.ant-tree-title :text-is("${title}")`) })
    .locator('.ant-tree-checkbox')
    .first()
    .click();
}

async function openGrants(page: Page, roleName: string) {
  await page.goto(`${env.server.url}/system/role`);
  const row = page.locator('.ant-table-row').filter({ hasText: roleName });
  await row.getByText('授权').click();
  await page.locator('.ant-drawer-content .ant-tree-title').filter({ hasText: '系统日志' }).first().waitFor();
}

async function saveGrants(page: Page) {
  await page
    .locator('.ant-drawer-content')
    .getByRole('button', { name: /保\s*存/ })
    .click();
  await page.getByText('授权成功').first().waitFor();
}

/** The titles of the side menu's entries, opening every directory first. */
async function menuTitles(page: Page): Promise<string[]> {
  const menu = page.locator('.ant-pro-sider .ant-menu, .ant-layout-sider .ant-menu').first();
  await menu.waitFor();
  for (const folder of await menu
    .locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title')
    .all())
    await folder.click();
  return (await menu.locator('.ant-menu-title-content').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

describe('access control run by the administrator', () => {
  it('a role with two menus and a button gives exactly those; removing a menu takes it away on the next refresh', async () => {
    const admin = await newPage(env.browser);
    await signIn(admin, env.server.url, 'admin', 'Admin@2026');

    await admin.goto(`${env.server.url}/system/role`);
    await admin
      .getByRole('button', { name: /新\s*增/ })
      .first()
      .click();
    const roleDialog = admin.getByRole('dialog');
    await roleDialog.getByLabel('角色名称').fill('日志巡检员');
    await roleDialog.getByLabel('角色编码').fill('log_inspector');
    await roleDialog.getByRole('button', { name: OK }).click();
    await admin.locator('.ant-table-row').filter({ hasText: 'log_inspector' }).waitFor();

    // Two menus, 系统日志 and 在线用户; ticking 在线用户 brings its one button, 强制退出.
    await openGrants(admin, '日志巡检员');
    await toggleGrant(admin, '系统日志');
    await toggleGrant(admin, '在线用户');
    await shot(admin, 'access-role-grants');
    await saveGrants(admin);

    await admin.goto(`${env.server.url}/system/User`);
    await admin
      .getByRole('button', { name: /新\s*增/ })
      .first()
      .click();
    const userDialog = admin.getByRole('dialog');
    await userDialog.getByLabel('用户账号').fill('log_inspector1');
    await userDialog.getByLabel('登录密码').fill('Inspect2026');
    await userDialog.getByLabel('确认密码').fill('Inspect2026');
    await userDialog.getByLabel('姓名').fill('巡检员甲');
    await pickField(admin, '.ant-modal', '角色', '日志巡检员');
    await userDialog.locator('.ant-modal-title').click(); // closes the multiple select's dropdown
    await userDialog.getByRole('button', { name: OK }).click();
    await admin.getByText('log_inspector1').first().waitFor();

    const user = await newPage(env.browser);
    await signIn(user, env.server.url, 'log_inspector1', 'Inspect2026');
    // Without a department the sign-in lands on the portal; the back office is one step away.
    await user.goto(`${env.server.url}/pageHome/PageHome`);
    expect(await menuTitles(user)).toEqual(['系统管理', '系统日志', '在线用户']);
    await user.goto(`${env.server.url}/system/online`);
    await user.getByText('log_inspector1').first().waitFor();
    expect(await user.getByText('强制退出').count()).toBeGreaterThan(0);
    await shot(user, 'access-user-menus');

    await openGrants(admin, '日志巡检员');
    await toggleGrant(admin, '系统日志');
    await saveGrants(admin);

    await user.reload();
    expect(await menuTitles(user)).toEqual(['系统管理', '在线用户']);
    await user.goto(`${env.server.url}/system/log`);
    await user
      .getByText(/404|403|抱歉/)
      .first()
      .waitFor();
    await shot(user, 'access-menu-removed');
  });
});
