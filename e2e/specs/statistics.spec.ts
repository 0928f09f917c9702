import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/actions.js';
import { newPage, shot } from '../support/browser.js';
import { useServerAndBrowser } from '../support/suite.js';

/**
 * 开放统计 and 统计分析: a visitor reads the public page's panels on a desktop and a phone (no sideways
 * overflow, no serious axe finding); the bureau's reviewer opens 统计分析, switches to a year, sorts and
 * exports the table, whose first department row matches the screen; a department officer sees only
 * their own department, and the home shows each their 统计概览.
 */

const env = useServerAndBrowser();

const PANELS = [
  '数据资源总览',
  '平台访问历史',
  '注册类型分析',
  '数据更新趋势',
  '领域开放排行',
  '数据评分统计',
  '关注热度词云',
  '文件下载量',
  '接口调用量',
  '开放数据自评',
];

describe('开放统计 and 统计分析', () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`shows every panel of 开放统计 at ${viewport.width} px`, async () => {
      const page = await newPage(env.browser);
      await page.setViewportSize(viewport);
      // A search first, so the word cloud has a term of this run (written within seconds).
      await page.goto(`${env.server.url}/catalogue/datacatalogue`);
      await page.goto(`${env.server.url}/openStatistics/openTable`);
      for (const title of PANELS) await page.getByRole('heading', { name: title }).waitFor({ timeout: 30_000 });
      await page.locator('.stats-overview .stats-total strong').first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.getByRole('heading', { name: '开放数据自评' }).scrollIntoViewIfNeeded();
      await shot(page, `statistics-open-${viewport.width}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      const serious = axe.violations
        .filter((v) => v.impact === 'critical' || v.impact === 'serious')
        .map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
      expect(serious).toEqual([]);
      await page.context().close();
    }, 180_000);
  }

  it('the reviewer analyses every department by year and exports it; an officer sees their own', async () => {
    const page = await newPage(env.browser);
    await signIn(page, env.server.url, 'reviewer', 'Review@2026');
    await page.getByText('统计概览').first().waitFor({ timeout: 30_000 });
    await page.getByText(/部门排行/).waitFor();
    await shot(page, 'statistics-home-reviewer');

    await page.goto(`${env.server.url}/statistic/analysis`);
    await page.getByText('全市', { exact: true }).first().waitFor({ timeout: 30_000 });
    await page.getByText('年度', { exact: true }).click();
    await page.getByText(/统计期：\d{4}年。/).waitFor();
    const table = page.locator('.ant-table').last();
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    await table.getByText(/全市合计/).waitFor();
    await shot(page, 'statistics-admin-reviewer');
    const firstName = (await table.locator('tbody tr.ant-table-row').first().locator('td').first().innerText()).trim();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /导\s*出/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^统计分析（\d{4}年）\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(String(sheet.getCell('A1').value)).toMatch(/^统计期：\d{4}年（年度）$/);
    expect(String(sheet.getCell('A2').value)).toBe('部门');
    expect(String(sheet.getCell('A3').value)).toBe(firstName);
    const last = sheet.getRow(sheet.rowCount).getCell(1).value;
    expect(String(last)).toBe('全市平均');
    await page.context().close();

    const officer = await newPage(env.browser);
    await officer.setViewportSize({ width: 390, height: 844 });
    await signIn(officer, env.server.url, 'jtadmin', 'Dept@2026', '滨江市交通运输局');
    await officer.getByText('统计概览').first().waitFor({ timeout: 30_000 });
    await officer
      .getByText(/全市平均/)
      .first()
      .waitFor();
    await shot(officer, 'statistics-home-officer-390');
    await officer.goto(`${env.server.url}/statistic/analysis`);
    await officer.getByText('本部门', { exact: true }).first().waitFor({ timeout: 30_000 });
    const rows = officer.locator('.ant-table').last().locator('tbody tr.ant-table-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain('交通运输局');
    await shot(officer, 'statistics-admin-officer-390');
    await officer.context().close();
  }, 300_000);
});
