import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../../apps/server/src/db/seed/pictures.js';
import { pickOption, signIn } from '../support/actions.js';
import { apiCall } from '../support/api.js';
import { newPage, shot } from '../support/browser.js';
import { registerCompany } from '../support/register.js';
import { useServerAndBrowser } from '../support/suite.js';

/**
 * 应用成果, walked from the start: a company registers (its SMS code from the development inbox) and
 * signs in, adds a result in the personal centre linked to two open datasets and with a logo made
 * here, and submits it; the bureau's reviewer approves it in 成果审核; a visitor finds it on
 * /service/serviceitem by keyword and on both datasets' detail pages.
 */

const env = useServerAndBrowser();
const suffix = randomBytes(3).toString('hex');
const NAME = `滨江夜间公交换乘助手${suffix}`;
const DATASETS = ['公交线路站点信息', '电动汽车公共充电站'];
const COMPANY = {
  mobile: '13955507788',
  username: `yeban_${suffix}`,
  password: 'Night@2026bus',
  email: `dev-${suffix}@night-bus.example.cn`,
  companyName: '滨江夜行出行科技有限公司',
  // A valid GB 32100 code (its last character is the checksum).
  creditCode: '91330100MA2BJ0T0XX',
};

/** The antd form item whose label is exactly `label`. */
const field = (page: Page, label: string) =>
  page
    .locator('.ant-form-item')
    .filter({ has: page.locator(`label:text-is("${label}")`) })
    .first();

/** Types into a searching multiple select and picks the option; its list is closed again. */
async function pickSearched(page: Page, select: Locator, word: string, option: string) {
  const openList = page.locator('.ant-select-dropdown:visible');
  for (let attempt = 1; ; attempt++) {
    try {
      await select.click();
      await select.locator('input').fill(word);
      await openList.locator('.ant-select-item-option').filter({ hasText: option }).first().click({ timeout: 10_000 });
      await select.locator('.ant-select-selection-item').filter({ hasText: option }).waitFor({ timeout: 5_000 });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
      if (await openList.count()) await page.keyboard.press('Escape');
    }
  }
  await page.keyboard.press('Escape');
  await openList.first().waitFor({ state: 'hidden' });
}

/** Answers the visible Popconfirm 确定, once it has finished opening. */
async function confirm(page: Page) {
  const ok = page.locator('.ant-popconfirm:visible').getByRole('button', { name: /确\s*定/ });
  await ok.waitFor();
  await ok.click();
}

describe('应用成果, from the personal centre to the public list', () => {
  it('a company registers and submits a result on two datasets, the reviewer approves it, a visitor finds it', {
    timeout: 300_000,
  }, async () => {
    const { url, api } = env.server;

    // — a company registers, signs in, adds and submits it —
    const citizen = await newPage(env.browser);
    await registerCompany(citizen, env.server, COMPANY);
    await citizen.goto(`${url}/personalCenter/perCenter?current=6`);
    await citizen.getByRole('heading', { name: '应用成果' }).waitFor();
    await citizen.getByRole('button', { name: /新增成果/ }).click();
    await citizen.waitForURL(/\/personalCenter\/personalAdd$/);
    await citizen.getByRole('heading', { name: '新增应用成果' }).waitFor();

    await field(citizen, '应用名称').locator('input').fill(NAME);
    await pickOption(citizen, field(citizen, '应用类型').locator('.ant-select'), '小程序');
    await pickOption(citizen, field(citizen, '所属领域').locator('.ant-select'), '交通运输');
    const date = field(citizen, '上线日期').locator('input');
    await date.click();
    await date.fill('2026-03-15');
    await date.press('Enter');
    await citizen.locator('.ant-picker-dropdown:visible').first().waitFor({ state: 'hidden' });
    await field(citizen, '开发者类型').getByText('企业', { exact: true }).click();
    await field(citizen, '开发者名称').locator('input').fill(COMPANY.companyName);
    await field(citizen, '访问地址').locator('input').fill(`https://night-bus-${suffix}.example.cn/`);
    await field(citizen, '应用介绍')
      .locator('textarea')
      .fill('夜间出行时查询仍在运营的公交线路和站点，并给出附近可用的电动汽车充电站，方便夜班司机和市民规划换乘。');
    await field(citizen, '应用图标')
      .locator('input[type=file]')
      .setInputFiles({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: encodePng(96, 96, (x, y) => [20 + x, 90 + y, 220]),
      });
    await field(citizen, '应用图标').locator('img').waitFor();
    const datasets = field(citizen, '关联数据集').locator('.ant-select');
    await pickSearched(citizen, datasets, '公交线路', DATASETS[0]);
    await pickSearched(citizen, datasets, '充电站', DATASETS[1]);
    await shot(citizen, 'achievement-form-filled');

    await citizen.getByRole('button', { name: /提交审核/ }).click();
    await confirm(citizen);
    await citizen.waitForURL(/\/result\/success\?of=achievementSubmitted$/);
    await citizen.getByRole('heading', { name: '提交成功' }).waitFor();
    await shot(citizen, 'achievement-submitted-result');
    await citizen.getByRole('button', { name: '查看我的成果' }).click();
    await citizen.waitForURL(/\/personalCenter\/perCenter\?current=6$/);
    const mine = citizen.locator('.centre-card').filter({ hasText: NAME });
    await mine.getByText('待审核', { exact: true }).waitFor();
    await shot(citizen, 'achievement-centre-pending');

    // — the reviewer approves it —
    const reviewer = await newPage(env.browser);
    await signIn(reviewer, url, 'reviewer', 'Review@2026');
    await reviewer.goto(`${url}/achievementReview`);
    const row = reviewer.locator('.ant-table-row').filter({ hasText: NAME });
    await row.waitFor({ timeout: 20_000 });
    expect(await row.innerText()).toContain(COMPANY.companyName);
    await shot(reviewer, 'achievement-review-inbox');
    await row.getByText('审核通过', { exact: true }).click();
    await confirm(reviewer);
    await row.waitFor({ state: 'detached', timeout: 20_000 });

    // The citizen's card says so.
    await citizen.reload();
    await mine.getByText('已发布', { exact: true }).waitFor();

    // — a visitor finds it —
    const visitor = await newPage(env.browser);
    await visitor.goto(`${url}/service/serviceitem`);
    await visitor.locator('main .ach-card-title').first().waitFor();
    await visitor.locator('main').getByRole('textbox', { name: '搜索应用成果' }).fill(`夜间公交换乘助手${suffix}`);
    await visitor.locator('main').getByRole('button', { name: '搜索', exact: true }).click();
    await visitor.waitForURL(/keyword=/);
    const card = visitor.locator('main .ach-card').filter({ hasText: NAME });
    await card.waitFor();
    await expect.poll(() => visitor.locator('main .ach-card').count()).toBe(1);
    await shot(visitor, 'achievement-search-found');

    await card.getByRole('link', { name: NAME }).click();
    await visitor.waitForURL(/\/service\/serviceitem\/serviceDetails\?id=/);
    await visitor.getByRole('heading', { level: 1, name: NAME }).waitFor();
    const linked = visitor.locator('.ach-datasets a');
    await expect.poll(() => linked.allInnerTexts()).toEqual(DATASETS);
    await shot(visitor, 'achievement-detail');

    // Both datasets' detail pages list it among the results that use them.
    const listed = await apiCall<{ records: { id: string; applyName: string }[] }>(
      `${api}/api/achievement/public/page?keyword=${encodeURIComponent(NAME)}`,
    );
    expect(listed.records.map((r) => r.applyName)).toEqual([NAME]);
    for (const name of DATASETS) {
      await visitor.goto(`${url}/service/serviceitem/serviceDetails?id=${listed.records[0].id}`);
      await visitor.locator('.ach-datasets').getByRole('link', { name }).click();
      await visitor.waitForURL(/\/catalogue\/datacatalogue\/details\?id=/);
      const section = visitor.locator('section').filter({ has: visitor.locator('#dataset-achievements') });
      await section.getByRole('link', { name: NAME }).waitFor({ timeout: 20_000 });
    }
    await shot(visitor, 'achievement-on-dataset');
  });
});
