import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/actions.js';
import { apiCall, apiLogin } from '../support/api.js';
import { newPage, shot } from '../support/browser.js';
import { useServerAndBrowser } from '../support/suite.js';

// An external application of 功能导航: its page exchanges the token it was handed, server to server.
const EXT_PORT = 21000 + Math.floor(Math.random() * 20000);
const EXT = `http://127.0.0.1:${EXT_PORT}`;
const env = useServerAndBrowser({ env: { NAV_EMBED_ORIGINS: EXT } });
let external: Server;
const exchanges: { token: string; answer: unknown }[] = [];

beforeAll(async () => {
  external = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', EXT);
    const token = url.searchParams.get('odp_token') ?? '';
    const appId = url.searchParams.get('app') ?? '';
    const verify = () =>
      fetch(`${env.server.api}/api/navigation/token/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, appId }),
      }).then(
        (r) =>
          r.json() as Promise<{ success: boolean; message: string; result: { realname: string; userType: string } }>,
      );
    const first = await verify();
    const second = await verify();
    exchanges.push({ token, answer: first });
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="zh-CN"><body><h1 id="who">${
        first.success ? `欢迎，${first.result.realname}` : `登录失败：${first.message}`
      }</h1><p id="again">再次校验：${second.success ? '成功' : second.message}</p></body></html>`,
    );
  });
  await new Promise<void>((resolve) => external.listen(EXT_PORT, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => external.close(() => resolve())));

describe('功能导航', () => {
  it('a visitor sees the demo entries as cards', async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.server.url}/system/FunctionNavigation`);
    await page.getByRole('heading', { name: '功能导航', level: 1 }).waitFor({ timeout: 30_000 });
    await page.locator('.nav-card-name', { hasText: '开发者中心' }).waitFor();
    const names = await page.locator('.nav-card-name').allInnerTexts();
    expect(names).toEqual(['开发者中心', '可视化建模平台', '数据交换平台', '滨江市政务服务网']);
    await shot(page, 'navigation-portal');
  });

  it('the administrator adds an embedded application; a visitor signs in and it receives a one-time token, not the user name', async () => {
    const admin = await newPage(env.browser);
    await signIn(admin, env.server.url, 'admin', 'Admin@2026');
    await admin.goto(`${env.server.url}/system/navigation`);
    await admin.getByText('开发者中心').first().waitFor({ timeout: 30_000 });
    await admin
      .getByRole('button', { name: /新\s*增/ })
      .first()
      .click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('应用名称').fill('城市运行看板');
    await dialog.getByLabel('应用描述').fill('城市运行关键指标的实时看板');
    await dialog.getByLabel('访问地址').fill('javascript:alert(1)');
    await dialog.getByRole('radio', { name: '内嵌打开' }).check();
    await dialog.getByRole('switch', { name: '需要登录' }).click();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('访问地址须以 http:// 或 https:// 开头，或为本站路径（以 / 开头）').waitFor();
    await dialog.getByLabel('访问地址').fill(`${EXT}/app`);
    await dialog
      .getByText('访问地址须以 http:// 或 https:// 开头，或为本站路径（以 / 开头）')
      .waitFor({ state: 'detached' });
    await shot(admin, 'navigation-admin-form');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await admin.getByRole('cell', { name: '城市运行看板' }).waitFor();
    await shot(admin, 'navigation-admin');

    // The application learns its own entry id from its configured address.
    const token = await apiLogin(env.server.api, 'admin', 'Admin@2026');
    const list = await apiCall<{ records: { id: string; name: string; [k: string]: unknown }[] }>(
      `${env.server.api}/api/navigation/list?pageNo=1&pageSize=50&name=${encodeURIComponent('城市运行看板')}`,
      token,
    );
    const app = list.records[0];
    const { createTime: _c, updateTime: _u, iconUrl: _i, ...rest } = app;
    const res = await fetch(`${env.server.api}/api/navigation/edit`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-access-token': token },
      body: JSON.stringify({ ...rest, url: `${EXT}/app?app=${app.id}` }),
    });
    expect(res.status).toBe(200);

    const page = await newPage(env.browser);
    await page.goto(`${env.server.url}/system/FunctionNavigation`);
    await page.locator('.nav-card', { hasText: '城市运行看板' }).click();
    await page.waitForURL(/\/user\/login\?redirect=/);
    await page.getByPlaceholder('用户名').fill('citizen');
    await page.getByPlaceholder('密码').fill('User@2026');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/\/system\/EmbedPage\?id=/, { timeout: 30_000 });
    const frame = page.frameLocator('iframe.nav-embed-frame');
    await frame.locator('#who').waitFor({ timeout: 30_000 });
    expect(await frame.locator('#who').innerText()).toBe('欢迎，张市民');
    expect(await frame.locator('#again').innerText()).toBe('再次校验：登录令牌已使用或不存在');
    const src = (await page.locator('iframe.nav-embed-frame').getAttribute('src')) ?? '';
    expect(src).toContain('odp_token=');
    expect(src).not.toContain('citizen');
    expect(await page.locator('iframe.nav-embed-frame').getAttribute('sandbox')).toContain('allow-scripts');
    expect(exchanges).toHaveLength(1);
    await shot(page, 'navigation-embed');
  });
});
