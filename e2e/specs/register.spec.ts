import { describe, it } from 'vitest';
import { newPage, shot } from '../support/browser.js';
import { codeFromInbox, requestCode } from '../support/register.js';
import { useServerAndBrowser } from '../support/suite.js';

const env = useServerAndBrowser();

const MOBILE = '13955501234';
const USERNAME = 'binjiang_maps';
const PASSWORD = 'Maps@2026go';

describe('registration', () => {
  it('registers a company with the inbox’s SMS code, signs in with the password, then by phone', async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.server.url}/user/login`);
    await page.getByRole('link', { name: '注册账号' }).click();
    await page.waitForURL(/\/user\/register$/);

    // Step 1: account type and the agreements, readable in a dialog and required.
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByText('请阅读并同意《用户协议》和《隐私声明》').waitFor();
    await page.getByText('法人用户').click();
    await page.getByRole('button', { name: '《用户协议》' }).click();
    const agreement = page.getByRole('dialog').filter({ hasText: '滨江市公共数据开放平台用户协议' });
    await agreement.getByText('一、账号注册').waitFor();
    await agreement.getByRole('button', { name: '我已阅读' }).click();
    await page.getByRole('checkbox').check();
    await shot(page, 'register-step1');
    await page.getByRole('button', { name: '下一步' }).click();

    // Step 2: the number and its code from the development inbox.
    await page.getByPlaceholder('11 位手机号').fill(MOBILE);
    await requestCode(page, env.server);
    await page.getByPlaceholder('短信验证码').fill(await codeFromInbox(page, env.server, MOBILE, '注册'));
    await shot(page, 'register-step2');
    await page.getByRole('button', { name: '下一步' }).click();

    // Step 3: the account, with the original's password rule and the GB 32100 check.
    await page.getByPlaceholder('用户名').fill('citizen');
    await page.getByPlaceholder('用户名').blur();
    await page.getByText('用户名已存在!').waitFor();
    await page.getByPlaceholder('用户名').fill(USERNAME);
    await page.getByPlaceholder(/请至少输入 8 个字符/).fill('maps2026');
    await page.getByText('密码由8位数字、大小写字母和特殊符号组成!').waitFor();
    await page.getByPlaceholder(/请至少输入 8 个字符/).fill(PASSWORD);
    await page.getByText('强', { exact: true }).waitFor();
    await page.getByPlaceholder('再次输入密码').fill(PASSWORD);
    await page.getByPlaceholder('name@example.com').fill('contact@maps.example.cn');
    await page.getByPlaceholder('与营业执照一致').fill('滨江图景地理信息有限公司');
    await page.getByPlaceholder(/18 位/).fill('91330100MA2BJ0T0X1');
    await page.getByRole('button', { name: /注\s*册/ }).click();
    await page.getByText('统一社会信用代码校验不通过，请核对后重新输入').waitFor();
    await page.getByPlaceholder(/18 位/).fill('91330100MA2BJ0T0XX');
    await shot(page, 'register-step3');
    await page.getByRole('button', { name: /注\s*册/ }).click();

    // Step 4: the result page.
    await page.waitForURL(/\/user\/register-result$/);
    await page.getByText(`您的账号 ${USERNAME} 已注册成功`).waitFor();
    await page.getByRole('button', { name: '返回首页' }).waitFor();
    await shot(page, 'register-result');
    await page.getByRole('button', { name: '去登录' }).click();

    // The new account signs in with its password, lands on the portal and sees itself as 法人.
    await page.waitForURL(/\/user\/login$/);
    await page.getByPlaceholder('用户名').fill(USERNAME);
    await page.getByPlaceholder('密码').fill(PASSWORD);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/\/openPlatform\/home/);
    await page.goto(`${env.server.url}/personalCenter/perCenter?current=1`);
    await page.getByText('法人用户').waitFor();
    await page.getByText('滨江图景地理信息有限公司').first().waitFor();
    await page.getByText('139****1234').waitFor();
    await shot(page, 'register-info');

    // In a fresh browser, the same account signs in by phone.
    const other = await newPage(env.browser);
    await other.goto(`${env.server.url}/user/login`);
    await other.getByRole('tab', { name: '手机号登录' }).click();
    await other.getByPlaceholder('手机号').fill(MOBILE);
    await requestCode(other, env.server);
    await other.getByPlaceholder('短信验证码').fill(await codeFromInbox(other, env.server, MOBILE, '登录'));
    await other.getByRole('button', { name: /登\s*录/ }).click();
    await other.waitForURL(/\/openPlatform\/home/);
    await other.goto(`${env.server.url}/personalCenter/perCenter?current=1`);
    await other.getByText(USERNAME, { exact: true }).waitFor();

    // Two sessions now: 退出其他设备 from the phone one ends the first.
    await other.getByRole('button', { name: '退出其他设备' }).click();
    await other
      .getByRole('dialog')
      .getByRole('button', { name: /退\s*出/ })
      .click();
    await other.getByText('已退出其他设备').waitFor();
    // The first browser's session has ended: its next request is refused.
    await page.reload();
    await Promise.race([
      page.getByText('登录已过期').first().waitFor(),
      page.waitForURL(/\/openPlatform\/home\?redirect=/),
    ]);
  });
});
