import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pickOption, signIn } from '../support/actions.js';
import { newPage, shot } from '../support/browser.js';
import { useServerAndBrowser } from '../support/suite.js';

/**
 * 绩效管理, walked from the start: the administrator makes a quarterly scheme on 目录按时更新率 and
 * starts last quarter's assessment; 交通运输局's officer sees only its own score and writes its 说明;
 * the administrator hands it to the bureau, whose reviewer confirms it.
 */

const env = useServerAndBrowser();
const SCHEME = `季度更新考核${randomBytes(3).toString('hex')}`;

/** Answers the visible Popconfirm 确定, once it has finished opening. */
async function confirm(page: Page) {
  const ok = page.locator('.ant-popconfirm:visible').getByRole('button', { name: /确\s*定/ });
  await ok.waitFor();
  await ok.click();
}

const periodRow = (page: Page) => page.locator('.ant-table-row').filter({ hasText: SCHEME }).first();

async function openPeriods(page: Page, url: string) {
  await page.goto(`${url}/performanceManage`);
  await page.getByRole('tab', { name: '考核记录' }).waitFor();
  await periodRow(page).waitFor({ timeout: 20_000 });
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

describe('绩效管理: a scheme scored, commented by a department and confirmed by the bureau', () => {
  it('walks one assessment period from 开始考核 to 已确认', { timeout: 300_000 }, async () => {
    const { url } = env.server;

    // — the administrator makes a scheme and starts last quarter's assessment —
    const admin = await newPage(env.browser);
    await signIn(admin, url, 'admin', 'Admin@2026');
    await admin.goto(`${url}/performanceManage`);
    await admin.getByRole('tab', { name: '考核方案' }).click();
    await admin.getByRole('button', { name: '新增考核方案' }).click();
    const drawer = admin.locator('.ant-drawer-content').filter({ hasText: '新增考核方案' });
    await drawer.locator('.ant-form-item').filter({ hasText: '方案名称' }).locator('input').fill(SCHEME);
    await drawer.getByText('季度', { exact: true }).click();
    await pickOption(
      admin,
      drawer.locator('.ant-form-item').filter({ hasText: /^指标/ }).locator('.ant-select').first(),
      '目录按时更新率',
    );
    await shot(admin, 'assessment-scheme-form');
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    const schemeRow = admin.locator('.ant-table-row').filter({ hasText: SCHEME });
    await schemeRow.waitFor({ timeout: 20_000 });
    await schemeRow.getByText('开始考核', { exact: true }).click();
    const dialog = admin.getByRole('dialog').filter({ hasText: `开始考核：${SCHEME}` });
    await dialog.getByRole('button', { name: '开始考核' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 60_000 });

    await admin.getByRole('tab', { name: '考核记录' }).click();
    await periodRow(admin).getByText('待部门确认').waitFor({ timeout: 20_000 });
    await periodRow(admin).getByText('得分与排名').click();
    const ranking = admin.locator('.ant-drawer-content').filter({ hasText: SCHEME });
    await ranking.locator('.ant-table-row').first().waitFor();
    expect(await ranking.locator('.ant-table-row').count()).toBeGreaterThan(3);
    await shot(admin, 'assessment-ranking-1440');
    await admin.keyboard.press('Escape');

    // — 交通运输局's officer sees its own score only, and writes its 说明 —
    const officer = await newPage(env.browser);
    await signIn(officer, url, 'jtadmin', 'Dept@2026', '滨江市交通运输局');
    await openPeriods(officer, url);
    await periodRow(officer).getByText('得分与排名').click();
    const own = officer.locator('.ant-drawer-content').filter({ hasText: SCHEME });
    await own.locator('.ant-table-row').first().waitFor();
    expect(await own.locator('.ant-table-row').count()).toBe(1);
    expect(await own.locator('.ant-table-row').innerText()).toContain('交通运输局');
    await own.getByText('填写说明').click();
    const say = officer.getByRole('dialog').filter({ hasText: '填写本部门说明' });
    await say.locator('textarea').fill('上季度两个实时目录因接口改造延迟更新，已恢复按日更新。');
    await say.getByRole('button', { name: /保\s*存/ }).click();
    await own.getByText('上季度两个实时目录因接口改造延迟更新').waitFor();
    await shot(officer, 'assessment-department-comment');

    // — the administrator hands it to the bureau —
    await admin.reload();
    await periodRow(admin).getByText('提交局确认', { exact: true }).click();
    await confirm(admin);
    await periodRow(admin).getByText('待局确认').waitFor({ timeout: 20_000 });

    // — the bureau's reviewer confirms it —
    const reviewer = await newPage(env.browser);
    await signIn(reviewer, url, 'reviewer', 'Review@2026');
    await openPeriods(reviewer, url);
    await periodRow(reviewer).getByText('确认', { exact: true }).click();
    await confirm(reviewer);
    await periodRow(reviewer).getByText('已确认').waitFor({ timeout: 20_000 });
    await shot(reviewer, 'assessment-confirmed-1440');
    await noSidewaysScroll(reviewer);

    await reviewer.setViewportSize({ width: 390, height: 844 });
    await reviewer.reload();
    await periodRow(reviewer).waitFor({ timeout: 20_000 });
    await noSidewaysScroll(reviewer);
    await shot(reviewer, 'assessment-confirmed-390');
    await periodRow(reviewer).getByText('得分与排名').click();
    await reviewer.locator('.ant-drawer-content .ant-table-row').first().waitFor();
    await noSidewaysScroll(reviewer);
    await shot(reviewer, 'assessment-ranking-390');
  });
});
