import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillField, pickField, pickOption, signIn } from '../support/actions.js';
import { newPage, shot } from '../support/browser.js';
import { useServerAndBrowser } from '../support/suite.js';

const env = useServerAndBrowser();

// 琥珀 appears in no demo entry: finding it proves the new entry reached the public index.
const NAME = '滨江市琥珀湾公交站点信息';
const WORD = '琥珀';
const FORM = 'form#catalogue-entry';

function csvFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'odp-e2e-csv-'));
  const file = path.join(dir, 'hupo-stops.csv');
  const rows = ['站点名称,所属区县', ...Array.from({ length: 30 }, (_, i) => `琥珀湾${i + 1}号站,东湖区`)];
  writeFileSync(file, `${rows.join('\n')}\n`);
  return file;
}

async function decide(page: Page, typeLabel: string) {
  await page.goto(`${env.server.url}/review/catalogue`);
  const row = page.locator('.ant-table-row').filter({ hasText: NAME }).filter({ hasText: typeLabel }).first();
  await row.waitFor({ timeout: 20_000 });
  await row.getByText('查看').click();
  await page.locator('.ant-drawer').getByText('基本信息').waitFor();
  await page
    .locator('.ant-drawer')
    .getByRole('button', { name: /通\s*过/ })
    .click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '审核意见' });
  await dialog.locator('textarea').fill('同意。');
  await dialog.getByRole('button', { name: /通\s*过/ }).click();
  await page.getByText('审核通过').first().waitFor();
}

async function officerRow(page: Page) {
  await page.goto(`${env.server.url}/cataloguemanage/list`);
  const row = page.locator('.ant-table-row').filter({ hasText: NAME }).first();
  await row.waitFor({ timeout: 20_000 });
  return row;
}

async function publicSearch(page: Page) {
  await page.goto(`${env.server.url}/catalogue/datacatalogue`);
  const box = page.getByPlaceholder(/请输入数据目录名称/);
  await box.fill(WORD);
  await box.press('Enter');
  await page.waitForURL(/catalogName=/);
  await page.waitForLoadState('networkidle');
}

describe('the life of a catalogue entry', () => {
  // The longest walk of the suite (two people, two reviews, the portal): it runs beside other specs.
  it('is catalogued, reviewed, published, found, previewed, downloaded and taken down', {
    timeout: 240_000,
  }, async () => {
    const officer = await newPage(env.browser);
    const reviewer = await newPage(env.browser);
    const visitor = await newPage(env.browser);
    await signIn(officer, env.server.url, 'jtadmin', 'Dept@2026', '交通运输局');
    await signIn(reviewer, env.server.url, 'reviewer', 'Review@2026');

    // The department officer catalogues an entry with two data items and a CSV file, and submits it.
    await officer.goto(`${env.server.url}/cataloguemanage/list`);
    await officer.getByRole('button', { name: '新增目录' }).click();
    await officer.getByText('基本信息').first().waitFor();
    await fillField(officer, FORM, '信息资源名称', NAME);
    await pickField(officer, FORM, '重点领域分类', '交通运输');
    await fillField(officer, FORM, '信息资源摘要', '滨江市琥珀湾片区公交站点的名称和所属区县，供公众查询出行信息。');
    await pickField(officer, FORM, '共享类型', '无条件共享');
    await pickField(officer, FORM, '开放类型', '无条件开放');
    await pickField(officer, FORM, '更新频率', '不定期');
    for (const [name, en] of [
      ['站点名称', 'stop_name'],
      ['所属区县', 'district'],
    ]) {
      await officer.getByRole('button', { name: '新增信息项' }).click();
      const row = officer.locator('.ant-table-row').last();
      await row.locator('input').first().fill(name);
      await row.locator('input').nth(1).fill(en);
    }
    await shot(officer, 'catalogue-form-filled');
    await officer.getByRole('button', { name: /保存草稿/ }).click();
    await officer.waitForURL(/mode=edit/, { timeout: 20_000 });
    await officer.locator('input[type=file][accept*=".csv"]').setInputFiles(csvFile());
    await officer.getByText(/解析出 30 行/).waitFor({ timeout: 30_000 });
    await shot(officer, 'catalogue-form-file');
    await officer.getByRole('button', { name: /保存并提交审核/ }).click();
    await officer.waitForURL('**/cataloguemanage/list', { timeout: 20_000 });

    // The reviewer sees the pending count on the menu and approves.
    await reviewer.reload();
    const badge = reviewer.locator('.ant-menu').locator('.ant-badge').filter({ hasText: /\d/ }).first();
    await badge.waitFor({ timeout: 20_000 });
    expect(Number(await badge.innerText())).toBeGreaterThan(0);
    await shot(reviewer, 'reviewer-badge');
    await decide(reviewer, '编目审核');

    // On-shelf request and its approval.
    const approved = await officerRow(officer);
    await approved.getByText('上架申请').click();
    const upDialog = officer.locator('.ant-modal').filter({ hasText: '上架申请' });
    await upDialog.locator('textarea').fill('申请上架。');
    await upDialog.getByRole('button', { name: /确\s*定/ }).click();
    await officer.getByText('上架申请成功').waitFor();
    await decide(reviewer, '上架审核');

    // An anonymous visitor finds it by a two-character word, previews it and downloads the file.
    await publicSearch(visitor);
    const card = visitor.locator('.portal-card').filter({ hasText: NAME });
    await card.waitFor({ timeout: 20_000 });
    await shot(visitor, 'portal-search-result');
    await card.getByRole('link').first().click();
    await visitor.waitForURL(/\/catalogue\/datacatalogue\/details/);
    await visitor.getByRole('tab', { name: '数据预览' }).click();
    await visitor.getByText('琥珀湾1号站').first().waitFor();
    await shot(visitor, 'portal-detail-preview');
    await visitor.getByRole('tab', { name: '数据下载' }).click();
    const [download] = await Promise.all([
      visitor.waitForEvent('download'),
      visitor.getByRole('link', { name: /CSV/ }).first().click(),
    ]);
    const saved = path.join(mkdtempSync(path.join(tmpdir(), 'odp-e2e-dl-')), 'file.csv');
    await download.saveAs(saved);
    expect(readFileSync(saved, 'utf8')).toContain('琥珀湾30号站');

    // Off-shelf request with a reason; once approved the entry is gone from the portal.
    const onShelf = await officerRow(officer);
    await onShelf.getByText('下架申请').click();
    const offDialog = officer.locator('.ant-modal').filter({ hasText: '下架原因' });
    await pickOption(officer, offDialog.locator('.ant-select').first(), '数据已过时');
    await offDialog.locator('textarea').fill('站点已调整。');
    await offDialog.getByRole('button', { name: /确\s*定/ }).click();
    await officer.getByText('下架申请成功').waitFor();
    await decide(reviewer, '下架审核');

    await publicSearch(visitor);
    await visitor.getByText(`未找到与“${WORD}”相关的数据目录`).waitFor({ timeout: 20_000 });
    expect(await visitor.locator('.portal-card').filter({ hasText: NAME }).count()).toBe(0);
    await shot(visitor, 'portal-after-off-shelf');
  });
});

describe('public open-data pages on the demo city', () => {
  it('render the home sections, the catalogue, search and statistics from real data', async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.server.url}/openPlatform/home`);
    await page.getByText('交通运输').first().waitFor();
    await shot(page, 'portal-home-sections');

    await page.goto(`${env.server.url}/catalogue/datacatalogue`);
    await page.locator('.portal-card').first().waitFor();
    expect(await page.locator('.portal-card').count()).toBeGreaterThan(0);
    await page.getByText('部门信息资源目录').first().waitFor();
    // Facet labels come from the dictionaries: wait for them rather than photograph codes.
    await page.getByText('无条件共享').first().waitFor();
    await page.getByText('工业农业').first().waitFor();
    await shot(page, 'portal-catalogue');

    await page.goto(`${env.server.url}/openPlatform/search?search=${encodeURIComponent('公交')}`);
    await page.locator('em').filter({ hasText: '公交' }).first().waitFor();
    await shot(page, 'portal-search');

    await page.goto(`${env.server.url}/openStatistics/openTable`);
    await page.getByText('滨江市交通运输局').first().waitFor();
    await page.locator('canvas').first().waitFor({ timeout: 30_000 });
    await shot(page, 'portal-open-statistics');
  });
});
