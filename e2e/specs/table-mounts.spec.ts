import { describe, expect, it } from 'vitest';
import { pickOption, signIn } from '../support/actions.js';
import { newPage, shot } from '../support/browser.js';
import { useServerAndBrowser } from '../support/suite.js';

const env = useServerAndBrowser();

describe('库表更新', () => {
  it('an officer syncs, unmounts and mounts a table of the demo source again; the log shows each sync', async () => {
    const page = await newPage(env.browser);
    await signIn(page, env.server.url, 'jtadmin', 'Dept@2026');
    await page.goto(`${env.server.url}/datacollection/tableUpdate`);
    const row = page.locator('tr.ant-table-row').filter({ hasText: '出租汽车企业名录' });
    await row.waitFor({ timeout: 30_000 });
    await shot(page, 'table-update-list');

    await row.getByText('立即同步').click();
    await page.getByText('同步完成').first().waitFor();
    await row.getByText('更新记录').click();
    const log = page.locator('.ant-drawer-content').filter({ hasText: '出租汽车企业名录更新记录' });
    await log.getByText('操作人：王交通').waitFor();
    await log.getByText('操作人：演示数据').waitFor();
    await shot(page, 'table-update-log');
    await log.locator('.ant-drawer-close').click();

    await row.getByText('取消挂载').click();
    await page
      .getByRole('button', { name: /确\s*定/ })
      .last()
      .click();
    await page.getByText('已取消挂载').first().waitFor();
    await row.getByText('未挂载').waitFor();

    await row.getByText('挂载', { exact: true }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '挂载数据表：出租汽车企业名录' });
    await pickOption(page, dialog.locator('.ant-select').first(), '业务库（演示）');
    await pickOption(page, dialog.locator('.ant-select').nth(1), 'ods_taxi_companies');
    await shot(page, 'table-mount-dialog');
    await dialog.getByRole('button', { name: '挂载并同步' }).click();
    await page
      .getByText(/挂载成功，已同步 \d+ 行/)
      .first()
      .waitFor();
    await row.getByText('bjgx_jtj').or(row.getByText('业务库（演示）')).first().waitFor();
  });

  it('a visitor previews a mounted table and downloads it as CSV', async () => {
    const page = await newPage(env.browser);
    const res = await page.request.post(`${env.server.url}/dtwave-om/api/resourceMarket/page`, {
      data: { pageNo: 1, pageSize: 1, dataFormat: 'table', openType: '1' },
    });
    const [entry] = (await res.json()).result.records as { id: string; catalogName: string }[];
    await page.goto(`${env.server.url}/catalogue/datacatalogue/details?id=${entry.id}`);
    await page.getByRole('heading', { name: entry.catalogName }).first().waitFor({ timeout: 30_000 });
    await page.getByRole('tab', { name: '数据预览' }).click();
    const note = page.locator('.detail-note').filter({ hasText: /数据表 ods_\w+ 共 \d+ 行/ });
    await note.waitFor();
    expect(await page.locator('.detail-preview tbody tr').count()).toBeGreaterThan(10);
    await shot(page, 'detail-table-preview');
    await page.getByRole('tab', { name: '数据下载' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /下载数据表 ods_\w+（CSV）/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^ods_\w+\.csv$/);
  });
});
