import { describe, it } from 'vitest';
import { pickOption, signIn } from '../support/actions.js';
import { newPage, shot } from '../support/browser.js';
import { useServerAndBrowser } from '../support/suite.js';

const env = useServerAndBrowser();

describe('scheduled jobs', () => {
  it('the administrator sees the seeded jobs, previews a cron, runs one and reads its history', async () => {
    const page = await newPage(env.browser);
    await signIn(page, env.server.url, 'admin', 'Admin@2026');
    await page.goto(`${env.server.url}/system/QuartzJobList`);
    await page.getByText('清理过期日志').first().waitFor({ timeout: 30_000 });
    await page.getByText('目录更新逾期提醒').first().waitFor();
    await shot(page, 'jobs-list');

    // Add form: handler select fills the default parameter, the cron preview shows five times.
    await page
      .getByRole('button', { name: /新\s*增/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await pickOption(
      page,
      dialog.locator('.ant-select').filter({ has: page.locator('#resource-form_handler') }),
      '清理失效会话',
    );
    await dialog.getByText('参数说明：days').waitFor();
    await dialog.getByLabel('Cron 表达式').fill('0 30 2 * * *');
    await dialog.getByText('接下来五次执行时间').waitFor();
    await shot(page, 'jobs-add-preview');
    await dialog.getByLabel('Cron 表达式').fill('0 30 25 * * *');
    await dialog.getByText('时的取值 25 超出范围').first().waitFor();
    await shot(page, 'jobs-add-bad-cron');
    await dialog.getByLabel('Cron 表达式').fill('0 30 2 * * *');
    await dialog.getByLabel('任务参数').fill('{"days": 0}');
    await dialog.getByRole('button', { name: /确\s*定|保\s*存|提\s*交/ }).click();
    await page.getByText('任务参数不正确：days：不能小于 1').first().waitFor();
    await shot(page, 'jobs-add-bad-parameter');
    await dialog.getByLabel('任务参数').fill('{"days": 14}');
    await dialog.getByRole('button', { name: /确\s*定|保\s*存|提\s*交/ }).click();
    await page.getByText('{"days":14}').first().waitFor();
    await shot(page, 'jobs-added');

    // Run the log retention job now and look at its outcome and history.
    const row = page.locator('tr').filter({ hasText: '清理过期日志' }).first();
    await row.getByText('立即执行').click();
    await page.getByRole('button', { name: /^执\s*行$/ }).click();
    await page
      .getByText(/已删除 \d+ 条 180 天前的日志/)
      .first()
      .waitFor({ timeout: 30_000 });
    await shot(page, 'jobs-executed');
    await page.getByRole('button', { name: '知道了' }).click();
    await row.getByText('执行记录').click();
    await page.locator('.ant-drawer').getByText('手动').first().waitFor();
    await shot(page, 'jobs-runs');
  });

  it('任务运维 lists every kind of background task; a job runs now and its run is in 执行记录', async () => {
    const page = await newPage(env.browser);
    await signIn(page, env.server.url, 'admin', 'Admin@2026');
    await page.goto(`${env.server.url}/OPS/Work`);
    // The demo city's mounted tables are synced in the background too.
    await page.getByText('库表同步').first().waitFor({ timeout: 30_000 });
    await page.getByPlaceholder('请输入').first().fill('清理过期验证码');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.locator('tr').filter({ hasText: '清理过期验证码' }).first();
    await row.getByText('定时任务').waitFor();
    await shot(page, 'ops-work');
    await row.getByText('立即执行').click();
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await page.getByText('清理过期验证码：执行完成').filter({ visible: true }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: '知道了' }).click();
    await row.getByText('成功').waitFor();

    await page.goto(`${env.server.url}/OPS/Examples`);
    const run = page.locator('tr').filter({ hasText: '清理过期验证码' }).filter({ hasText: '手动' }).first();
    await run.getByText('成功').waitFor({ timeout: 30_000 });
    await shot(page, 'ops-examples');
  });
});
