import { createServer } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAtProvider, startTestProvider, type TestProvider } from '../../apps/server/src/test/oidc-provider.js';
import { pickOption, signIn } from '../support/actions.js';
import { newPage, shot } from '../support/browser.js';
import { useServerAndBrowser } from '../support/suite.js';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

// The provider's address must be known before the server starts; its client's redirect address only
// once the server has its port, so the provider itself starts after the server.
const serverEnv: NodeJS.ProcessEnv = {};
let providerPort = 0;
beforeAll(async () => {
  providerPort = await freePort();
  Object.assign(serverEnv, {
    OIDC_ISSUER: `http://127.0.0.1:${providerPort}`,
    OIDC_CLIENT_ID: 'odp-test',
    OIDC_CLIENT_SECRET: 'odp-test-secret-0123456789abcdef',
    OIDC_NAME: '滨江统一身份认证',
    OIDC_ALLOW: '127.0.0.1/32',
  });
});
const env = useServerAndBrowser({ env: serverEnv });
let idp: TestProvider;
beforeAll(async () => {
  idp = await startTestProvider({
    port: providerPort,
    redirectUris: [`${env.server.url}/dtwave-om/sso/oidc/callback`],
  });
});
afterAll(() => idp?.close());

const LOGIN = 'e2e_idp_citizen';

/** At the provider's own sign-in form (oidc-provider's development form), in the browser. */
async function signInAtProviderForm(page: Page) {
  await page.locator('input[name="login"]').fill(LOGIN);
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

async function both(page: Page, name: string) {
  await shot(page, `${name}-1440`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, `${name}-390`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('single sign-on through OpenID Connect', () => {
  let visitor: Page;

  it('a first sign-on of an unknown identity ends on the 待授权 page', async () => {
    visitor = await newPage(env.browser);
    await visitor.goto(`${env.server.url}/user/login`);
    await visitor.getByRole('link', { name: '统一身份认证登录' }).click();
    await visitor.waitForURL('**/sso-login');
    const button = visitor.getByRole('link', { name: /使用滨江统一身份认证登录/ });
    await button.waitFor();
    await both(visitor, 'sso-login-configured');
    await button.click();
    await visitor.waitForURL(`${idp.issuer}/**`);
    await signInAtProviderForm(visitor);
    await visitor.waitForURL('**/sso-login?result=pending');
    await visitor.getByRole('heading', { name: '等待管理员授权' }).waitFor();
    expect(visitor.url()).not.toContain(LOGIN);
    await both(visitor, 'sso-pending');
  });

  it('an administrator authorises the IDM entry with a role and a department', async () => {
    const admin = await newPage(env.browser);
    await signIn(admin, env.server.url, 'admin', 'Admin@2026');
    await admin.goto(`${env.server.url}/system/IDMUser`);
    const row = admin.locator('.ant-table-row').filter({ hasText: LOGIN });
    await row.getByText('待授权').waitFor();
    await both(admin, 'idm-users');
    await row.getByText('授权', { exact: true }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText('授权后该外部账号').waitFor();
    await pickOption(
      admin,
      dialog.locator('.ant-form-item').filter({ hasText: '角色' }).locator('.ant-select'),
      '注册用户',
    );
    const depart = dialog.locator('.ant-form-item').filter({ hasText: '部门' }).locator('.ant-select');
    await depart.click();
    await admin.locator('.ant-select-dropdown:visible .ant-select-tree-title').getByText('交通运输局').first().click();
    await depart.filter({ hasText: '交通运输局' }).waitFor();
    await shot(admin, 'idm-authorize');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await admin.getByText('授权成功').first().waitFor();
    await row.getByText('已授权').waitFor();
  });

  it('the visitor signs on again and lands signed in on the portal, and sees the binding', async () => {
    await visitor.goto(`${env.server.url}/sso-login?redirect=${encodeURIComponent('/openPlatform/home')}`);
    await visitor.getByRole('link', { name: /使用滨江统一身份认证登录/ }).click();
    // The provider remembers the visitor's sign-in there, or asks again.
    await Promise.race([
      visitor.waitForURL('**/openPlatform/home'),
      visitor
        .locator('input[name="login"]')
        .waitFor()
        .then(() => signInAtProviderForm(visitor)),
    ]);
    await visitor.waitForURL('**/openPlatform/home');
    await visitor.getByText(`外部用户${LOGIN}`).first().waitFor();
    await shot(visitor, 'sso-signed-in');

    await visitor.goto(`${env.server.url}/personalCenter/perCenter?current=10`);
    const card = visitor.locator('.centre-card').filter({ hasText: '滨江统一身份认证' });
    await card.getByText(LOGIN, { exact: true }).waitFor();
    await both(visitor, 'sso-bindings');
    await card.getByRole('button', { name: '解除绑定' }).click();
    await visitor.getByText('确定解除绑定吗？').waitFor();
    await visitor.getByRole('button', { name: '再想想' }).click();
    await card.waitFor();
  });

  it('a replayed callback is refused with a Chinese message', async () => {
    // The provider's redirect back, delivered twice: the state was single use.
    const res = await fetch(`${env.server.api}/sso/oidc/start`, { redirect: 'manual' });
    const cookie = String(res.headers.get('set-cookie')).split(';')[0];
    const back = await signInAtProvider(String(res.headers.get('location')), 'e2e_replay');
    const first = await fetch(back, { redirect: 'manual', headers: { cookie } });
    expect(first.headers.get('location')).toBe('/sso-login?result=pending');
    const second = await fetch(back, { redirect: 'manual', headers: { cookie } });
    expect(second.headers.get('location')).toBe('/sso-login?error=expired');
    const page = await newPage(env.browser);
    await page.goto(`${env.server.url}${second.headers.get('location')}`);
    await page.getByText('登录请求已过期或已使用，请重新登录').waitFor();
  });
});
