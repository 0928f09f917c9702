import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningServer } from './server.js';

/**
 * Asks for an SMS code through the form's 获取验证码: the image captcha's answer comes from the
 * development helper (`/dev/captcha`), as a person would read it off the picture.
 */
export async function requestCode(page: Page, server: Pick<RunningServer, 'api'>) {
  const image = page.waitForResponse((r) => r.url().includes('/sys/randomImage/'));
  await page.getByRole('button', { name: '获取验证码' }).click();
  const checkKey = decodeURIComponent(new URL((await image).url()).pathname.split('/').pop() ?? '');
  const answer = await page.request.get(`${server.api}/dev/captcha/${encodeURIComponent(checkKey)}`);
  const dialog = page.getByRole('dialog').filter({ hasText: '请输入图形验证码' });
  await dialog.getByPlaceholder('图形验证码').fill((await answer.json()).result);
  await dialog.getByRole('button', { name: '发送验证码' }).click();
  await page.getByRole('button', { name: /秒后重新获取/ }).waitFor();
}

/** Reads the newest code sent to `mobile` for `purpose` off the development inbox page, in a tab of its own. */
export async function codeFromInbox(
  page: Page,
  server: Pick<RunningServer, 'url'>,
  mobile: string,
  purpose: string,
): Promise<string> {
  const inbox = await page.context().newPage();
  await inbox.goto(`${server.url}/dev/sms-inbox`);
  const item = inbox.locator('.dev-sms-item').filter({ hasText: mobile }).filter({ hasText: purpose }).first();
  await item.waitFor();
  const code = (await item.locator('.dev-sms-code').innerText()).trim();
  await inbox.close();
  expect(code).toMatch(/^\d{6}$/);
  return code;
}

export type Company = {
  mobile: string;
  username: string;
  password: string;
  email: string;
  companyName: string;
  creditCode: string;
};

/**
 * Registers a company (法人) through the four steps of `/user/register`, taking the SMS code from the
 * development inbox, then signs in with the new account from the result page's 去登录. Ends on the
 * portal, signed in.
 */
export async function registerCompany(page: Page, server: Pick<RunningServer, 'url' | 'api'>, company: Company) {
  await page.goto(`${server.url}/user/register`);
  await page.getByText('法人用户').click();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByPlaceholder('11 位手机号').fill(company.mobile);
  await requestCode(page, server);
  await page.getByPlaceholder('短信验证码').fill(await codeFromInbox(page, server, company.mobile, '注册'));
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByPlaceholder('用户名').fill(company.username);
  await page.getByPlaceholder(/请至少输入 8 个字符/).fill(company.password);
  await page.getByPlaceholder('再次输入密码').fill(company.password);
  await page.getByPlaceholder('name@example.com').fill(company.email);
  await page.getByPlaceholder('与营业执照一致').fill(company.companyName);
  await page.getByPlaceholder(/18 位/).fill(company.creditCode);
  await page.getByRole('button', { name: /注\s*册/ }).click();
  await page.waitForURL(/\/user\/register-result$/);
  await page.getByRole('button', { name: '去登录' }).click();
  await page.waitForURL(/\/user\/login$/);
  await page.getByPlaceholder('用户名').fill(company.username);
  await page.getByPlaceholder('密码').fill(company.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(/\/openPlatform\/home/);
}
