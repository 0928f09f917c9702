import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountMenu, pickOption, signIn } from '../support/actions.js';
import { newPage, shot } from '../support/browser.js';
import { useServerAndBrowser } from '../support/suite.js';

const env = useServerAndBrowser();

async function fresh(): Promise<Page> {
  return newPage(env.browser);
}

describe('anonymous visitor', () => {
  it('sees the portal home with counters, footer documents, and is sent home from a protected route', async () => {
    const page = await fresh();
    await page.goto(`${env.server.url}/openPlatform/home`);
    await page.getByText('滨江市大数据管理局').first().waitFor();
    await page.getByText('登录/注册').waitFor();
    expect(await page.locator('a[href="/docs/privacy.pdf"]').count()).toBeGreaterThan(0);
    const pdf = await page.request.get(`${env.server.url}/docs/privacy.pdf`);
    expect(pdf.headers()['content-type']).toContain('pdf');
    await shot(page, 'portal-home');

    await page.goto(`${env.server.url}/system/User`);
    await page.waitForURL(/\/openPlatform\/home\?redirect=/);
    expect(decodeURIComponent(page.url())).toContain('redirect=/system/User');
  });

  it('shows the error pages and the login-required dialog for the developer centre', async () => {
    const page = await fresh();
    for (const status of ['404', '403', '500']) {
      await page.goto(`${env.server.url}/${status}`);
      await page.getByRole('button', { name: /返回首页/ }).waitFor();
      await shot(page, `error-${status}`);
    }
    await page.goto(`${env.server.url}/no/such/page`);
    await page.waitForURL(/\/openPlatform\/home|\/404/);

    await page.goto(`${env.server.url}/openPlatform/home`);
    await page.getByText('开发者中心').first().click();
    await page.getByText('您还未登录，请登录后重试').waitFor();
    await shot(page, 'login-required-dialog');
  });

  it('tells a failed sign-in apart with the 登录失败 notification', async () => {
    const page = await fresh();
    await page.goto(`${env.server.url}/user/login`);
    await page.getByPlaceholder('用户名').fill('jtadmin');
    await page.getByPlaceholder('密码').fill('Wrong@2026');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.getByText('登录失败').first().waitFor();
    await page.getByText('用户名或密码错误').first().waitFor();
    await shot(page, 'login-failed');
  });
});

describe('department officer jtadmin', () => {
  let page: Page;
  beforeAll(async () => {
    page = await fresh();
    await signIn(page, env.server.url, 'jtadmin', 'Dept@2026', '交通运输局');
  });

  it('reaches the back office with only the menus granted to the role', async () => {
    await page.getByText('滨江市交通运输局').first().waitFor();
    const menu = page.locator('.ant-pro-sider, .ant-layout-sider, .ant-menu').first();
    await menu.waitFor();
    expect(await page.locator('.ant-menu').getByText('系统管理').count()).toBe(0);
    expect(await page.locator('.ant-menu').getByText('首页').count()).toBeGreaterThan(0);
    await shot(page, 'jtadmin-home');
  });

  it('refuses to close the home tab', async () => {
    const home = page.locator('.admin-tabs .ant-tabs-tab').filter({ hasText: '首页' });
    await home.locator('.ant-tabs-tab-remove').click();
    await page.getByText('首页不能关闭!').first().waitFor();
    expect(await home.count()).toBe(1);
  });

  it('validates the password change with the messages of the specification', async () => {
    const dialog = page.getByRole('dialog').filter({ hasText: '修改密码' });
    await accountMenu(page, '修改密码', dialog);
    await dialog.getByRole('button', { name: /确\s*定|确\s*认|保\s*存/ }).click();
    await dialog.getByText('请输入旧密码!').waitFor();
    await dialog.getByText('请输入新密码!').waitFor();
    await dialog.getByText('请确认新密码!').waitFor();
    await dialog.getByPlaceholder('请输入旧密码').fill('Dept@2026');
    await dialog.getByPlaceholder('请输入新密码').fill('Another2026');
    await dialog.getByPlaceholder('请确认新密码').fill('Another2027');
    await dialog.getByRole('button', { name: /确\s*定|确\s*认|保\s*存/ }).click();
    await dialog.getByText('两次输入的密码不一样！').waitFor();
    await shot(page, 'password-modal-validation');
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
  });

  it('switches to 东湖区 and shows 切换成功 and the new department', async () => {
    const dialog = page.getByRole('dialog').filter({ hasText: '切换部门' });
    await accountMenu(page, '切换部门', dialog);
    await pickOption(page, dialog.locator('.ant-select'), '东湖区');
    await dialog.getByRole('button', { name: /确\s*定|确\s*认/ }).click();
    await page.getByText('切换成功').first().waitFor();
    await page.waitForLoadState('load');
    await page.getByText('东湖区').first().waitFor({ timeout: 30_000 });
    await shot(page, 'jtadmin-switched-depart');
  });

  it('logs out after the confirmation and lands on the portal home', async () => {
    await accountMenu(page, '退出登录', page.getByText('真的要注销登录吗 ?'));
    await page
      .getByRole('button', { name: /确\s*定|确\s*认/ })
      .last()
      .click();
    await page.waitForURL('**/openPlatform/home');
    await page.getByText('登录/注册').waitFor();
  });
});
