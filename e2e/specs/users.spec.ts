import { describe, expect, it } from 'vitest';
import { signIn } from '../support/actions.js';
import { newPage, shot } from '../support/browser.js';
import { useServerAndBrowser } from '../support/suite.js';

const env = useServerAndBrowser();

describe('user management', () => {
  it('an administrator creates a user who can then sign in; the tab rules hold', async () => {
    const page = await newPage(env.browser);
    await signIn(page, env.server.url, 'admin', 'Admin@2026');
    await shot(page, 'admin-home');
    await page.locator('.ant-menu').getByText('系统管理').click();
    await page.locator('.ant-menu').getByText('用户管理').click();
    await page.waitForURL('**/system/User');
    await page.getByText('jtadmin').first().waitFor();
    await shot(page, 'user-list');

    // Tabs: 首页 and 用户管理 are open; "close others" on 用户管理 keeps the home tab.
    const tabs = page.locator('.admin-tabs .ant-tabs-tab');
    expect(await tabs.count()).toBe(2);
    await tabs.filter({ hasText: '用户管理' }).click({ button: 'right' });
    for (const label of ['刷新', '关闭左侧', '关闭右侧', '关闭其他'])
      await page.getByRole('menuitem', { name: label }).waitFor();
    await page.getByRole('menuitem', { name: '关闭其他' }).click();
    expect(await tabs.count()).toBe(2);
    await tabs.filter({ hasText: '首页' }).locator('.ant-tabs-tab-remove').click();
    await page.getByText('首页不能关闭!').first().waitFor();
    expect(await tabs.count()).toBe(2);
    await tabs.filter({ hasText: '用户管理' }).click();

    await page
      .getByRole('button', { name: /新\s*增/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /确\s*定|保\s*存|提\s*交/ }).click();
    await dialog.getByText('请输入用户姓名').first().waitFor();
    await shot(page, 'user-add-validation');

    await dialog.getByLabel('用户账号').fill('e2e_officer');
    await dialog.getByLabel('登录密码').fill('Officer2026');
    await dialog.getByLabel('确认密码').fill('Officer2026');
    await dialog.getByLabel('姓名').fill('端到端');
    await dialog.getByLabel('手机号').fill('13900000009');
    // The default tenant is preselected for a new account.
    await dialog.locator('.ant-form-item').filter({ hasText: '所属租户' }).getByText('滨江市').waitFor();
    await dialog.getByRole('button', { name: /确\s*定|保\s*存|提\s*交/ }).click();
    await page.getByText('e2e_officer').first().waitFor();
    await shot(page, 'user-created');

    const other = await newPage(env.browser);
    await signIn(other, env.server.url, 'e2e_officer', 'Officer2026');
    await other.getByText('端到端').first().waitFor();
    await shot(other, 'new-user-home');
  });
});

describe('system administration pages', () => {
  it('open for the administrator with their data', async () => {
    const page = await newPage(env.browser);
    await signIn(page, env.server.url, 'admin', 'Admin@2026');
    const pages: [string, string, string][] = [
      ['/system/role', '部门数据管理员', 'admin-roles'],
      ['/system/menu', '用户管理', 'admin-menus'],
      ['/system/dict', '字典配置', 'admin-dicts'],
      ['/system/log', 'admin', 'admin-logs'],
      ['/system/online', 'admin', 'admin-online-users'],
      ['/system/info', 'PGlite', 'admin-system-info'],
    ];
    for (const [path, text, name] of pages) {
      await page.goto(`${env.server.url}${path}`);
      await page.getByText(text).first().waitFor({ timeout: 30_000 });
      await shot(page, name);
    }
  });
});
