// The functions passed to page.evaluate run in the browser.
/// <reference lib="dom" />
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newPage, shot } from '../support/browser.js';
import { useServerAndBrowser } from '../support/suite.js';

const env = useServerAndBrowser();

/** `portal`: the page sits in the portal frame, so it has the header, navigation and footer landmarks. */
type PublicPage = { name: string; path: string; ready: string; portal: boolean };

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1440, height: 900 },
] as const;

/** Every public page of the route table that is built, with one detail page per resource type (库表, 接口, 文件). */
let pages: PublicPage[] = [];
/** An open data file entry: the keyboard walk previews and downloads it. */
let fileEntry = '';

async function api<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${env.server.api}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  return ((await response.json()) as { result: T }).result;
}

beforeAll(async () => {
  const amount = await api<{ dataFormat: Record<string, number> }>('/api/resourceMarket/getCatalogAmount', {});
  const details: PublicPage[] = [];
  for (const [format, count] of Object.entries(amount.dataFormat)) {
    if (count === 0) continue;
    const { records } = await api<{ records: { id: string; openType: string; catalogName: string }[] }>(
      '/api/resourceMarket/page',
      {
        pageNo: 1,
        pageSize: 20,
        dataFormat: format,
      },
    );
    const id = records[0]?.id;
    if (id)
      details.push({
        name: `detail-${format}`,
        path: `/catalogue/datacatalogue/details?id=${id}`,
        ready: 'main h1',
        portal: true,
      });
    if (id && format === 'table')
      details.push({
        name: 'detail-table-api',
        path: `/catalogue/datacatalogue/details?id=${id}&tab=api`,
        ready: 'main .detail-api-facts',
        portal: true,
      });
    if (format === 'file') fileEntry = records.find((r) => r.openType === '1')?.catalogName ?? '';
  }
  expect(details.map((d) => d.name).sort()).toEqual(['detail-api', 'detail-file', 'detail-table', 'detail-table-api']);
  // 应用成果: the list, and the detail of a published result of the demo city.
  const results = await api<{ records: { id: string }[] }>('/api/achievement/public/page?pageSize=1');
  expect(results.records).toHaveLength(1);
  // 资讯中心: the list, a news item's detail, the document lists and the help centre.
  const news = await api<{ records: { id: string }[] }>('/api/information/public/page?informationType=1&pageSize=1');
  expect(news.records).toHaveLength(1);
  // 调查问卷: the demo city's open questionnaire (its answer form) and its ended one (the public results).
  const surveys = await api<{ records: { id: string; phase: string }[] }>('/api/questionnaire/public/list');
  const openSurvey = surveys.records.find((r) => r.phase === 'open');
  const endedSurvey = surveys.records.find((r) => r.phase === 'ended');
  expect(openSurvey && endedSurvey).toBeTruthy();
  pages = [
    { name: 'home', path: '/openPlatform/home', ready: 'main .home-counter-value', portal: true },
    { name: 'catalogue', path: '/catalogue/datacatalogue', ready: 'main .portal-card h3', portal: true },
    ...details,
    { name: 'search', path: '/openPlatform/search?search=公交', ready: 'main .search-hit h3', portal: true },
    {
      name: 'search-matters',
      path: '/openPlatform/search?search=许可&type=matters',
      ready: 'main .search-hit-service',
      portal: true,
    },
    { name: 'stats', path: '/openStatistics/openTable', ready: 'main .portal-table tbody tr', portal: true },
    { name: 'service-matters', path: '/service/matters', ready: 'main .sm-card h3', portal: true },
    { name: 'achievements', path: '/service/serviceitem', ready: 'main .ach-card-title', portal: true },
    {
      name: 'interaction',
      path: '/communication/interaction?section=dataCorrection',
      ready: 'main .ia-item h3',
      portal: true,
    },
    {
      name: 'interaction-consult',
      path: '/communication/interaction?section=consult&tab=new',
      ready: 'main .portal-state',
      portal: true,
    },
    {
      name: 'achievement-detail',
      path: `/service/serviceitem/serviceDetails?id=${results.records[0].id}`,
      ready: 'main h1',
      portal: true,
    },
    { name: 'information', path: '/system/helpdocument', ready: 'main .content-list a', portal: true },
    {
      name: 'information-detail',
      path: `/openPlatform/JournalismDet?id=${news.records[0].id}`,
      ready: 'main .content-rich',
      portal: true,
    },
    { name: 'policy-rules', path: '/system/policyrule', ready: 'main .content-doc-title', portal: true },
    { name: 'data-standards', path: '/system/datastandard', ready: 'main .content-doc-title', portal: true },
    { name: 'help-centre', path: '/helpCenter/problemManual', ready: 'main .faq-list summary', portal: true },
    { name: 'questionnaires', path: '/communication/questionnaire', ready: 'main .qn-card-title', portal: true },
    {
      name: 'questionnaire-answer',
      path: `/communication/questionnaire/answer?id=${openSurvey?.id}`,
      ready: 'main .qn-form fieldset',
      portal: true,
    },
    {
      name: 'questionnaire-results',
      path: `/communication/questionnaire/answer?id=${endedSurvey?.id}`,
      ready: 'main .qn-results',
      portal: true,
    },
    { name: 'function-navigation', path: '/system/FunctionNavigation', ready: 'main .nav-card-name', portal: true },
    { name: 'login', path: '/user/login', ready: 'main h1', portal: false },
    { name: 'register', path: '/user/register', ready: 'main h1', portal: false },
    { name: 'alteration', path: '/user/alteration', ready: 'main h1', portal: false },
    { name: 'not-found', path: '/openPlatform/no-such-page', ready: 'main h1', portal: false },
  ];
}, 60_000);

async function open(page: Page, target: PublicPage) {
  await page.goto(`${env.server.url}${target.path}`);
  await page.locator(target.ready).first().waitFor({ timeout: 20_000 });
  // Images, fonts and the last queries settle before the page is measured.
  await page.waitForLoadState('networkidle');
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** axe over WCAG 2.1 A/AA: the critical and serious findings, one line per rule. */
async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id} ×${v.nodes.length}: ${v.nodes[0]?.target.join(' ')}`);
}

const landmarks = (page: Page) =>
  page.evaluate(() => ({
    header: document.querySelectorAll('header.portal-header').length,
    nav: document.querySelectorAll('nav').length > 0,
    main: document.querySelectorAll('main').length,
    footer: document.querySelectorAll('footer.portal-footer').length,
  }));

describe('public pages on phones, tablets and desktops', () => {
  for (const viewport of VIEWPORTS) {
    it(`fit ${viewport.width}×${viewport.height}, with one h1, landmarks and no serious axe finding`, async () => {
      const page = await newPage(env.browser);
      await page.setViewportSize(viewport);
      const report: Record<string, unknown> = {};
      for (const target of pages) {
        await open(page, target);
        await shot(page, `devices-${viewport.width}-${target.name}`);
        report[target.name] = {
          overflow: Math.max(await overflow(page), 0),
          h1: await page.locator('h1').count(),
          axe: await seriousViolations(page),
          ...(target.portal ? { landmarks: await landmarks(page) } : {}),
        };
      }
      const expected = Object.fromEntries(
        pages.map((target) => [
          target.name,
          {
            overflow: 0,
            h1: 1,
            axe: [],
            ...(target.portal ? { landmarks: { header: 1, nav: true, main: 1, footer: 1 } } : {}),
          },
        ]),
      );
      expect(report).toEqual(expected);
      await page.context().close();
    }, 300_000);
  }

  it('on a phone the header menu and the catalogue filters open in drawers', async () => {
    const page = await newPage(env.browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${env.server.url}/catalogue/datacatalogue`);
    await page.locator('main .portal-card h3').first().waitFor();
    // Results come first: the tree and facets are not on the page until 筛选 opens them.
    expect(await page.locator('.catalogue-side').isVisible()).toBe(false);
    await page.getByRole('button', { name: /筛选/ }).click();
    const filters = page.locator('.catalogue-filter-drawer');
    await filters.getByRole('button', { name: /^文件/ }).click();
    await page.waitForURL(/dataFormat=file/);
    await shot(page, 'devices-390-catalogue-filters');
    await filters.getByRole('button', { name: /查看结果/ }).click();
    await filters.locator('.ant-drawer-content').waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: '打开菜单' }).click();
    const menu = page.locator('.portal-menu-drawer');
    await menu.getByRole('link', { name: '开放统计' }).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'devices-390-menu');
    await menu.getByRole('link', { name: '开放统计' }).click();
    await page.waitForURL(/openStatistics/);
    await menu.locator('.ant-drawer-content').waitFor({ state: 'hidden' });
    await page.context().close();
  });
});

describe('无障碍 / 长者模式 toolbar', () => {
  it('larger text (1.25×) is remembered and every page still fits a phone', async () => {
    const page = await newPage(env.browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, pages[0]);
    const title = page.locator('.home-counter-title').first();
    const before = (await title.boundingBox())?.height ?? 0;
    const large = page.getByRole('button', { name: '长者模式' });
    expect(await large.getAttribute('aria-pressed')).toBe('false');
    await large.click();
    expect(await large.getAttribute('aria-pressed')).toBe('true');
    const after = (await title.boundingBox())?.height ?? 0;
    expect(after / before).toBeGreaterThanOrEqual(1.25);

    for (const target of pages) {
      await open(page, target);
      if (target.portal) {
        // Restored from storage on every load.
        expect(await page.getByRole('button', { name: '长者模式' }).getAttribute('aria-pressed')).toBe('true');
      }
      expect({ page: target.name, overflow: Math.max(await overflow(page), 0) }).toEqual({
        page: target.name,
        overflow: 0,
      });
      await shot(page, `devices-390-large-${target.name}`);
    }
    await page.context().close();
  });

  it('colour-weak and high-contrast modes set their class on the page and survive a reload', async () => {
    const page = await newPage(env.browser);
    await open(page, pages[0]);
    await page.getByRole('button', { name: '色弱模式' }).click();
    await page.getByRole('button', { name: '高对比度' }).click();
    await page.reload();
    await page.locator('main .home-counter-value').first().waitFor();
    const state = await page.evaluate(() => ({
      classes: document.documentElement.className.split(' ').filter(Boolean).sort(),
      filter: getComputedStyle(document.documentElement).filter,
    }));
    expect(state).toEqual({ classes: ['a11y-contrast', 'color-weak'], filter: 'invert(0.8)' });
    await shot(page, 'devices-1440-contrast-weak');
    await page.getByRole('button', { name: '恢复默认' }).click();
    expect(await page.evaluate(() => document.documentElement.className)).toBe('');
    await page.context().close();
  });
});

/** Presses Tab until `target` has the focus; fails when it never gets it. */
async function tabTo(page: Page, target: Locator, max = 80) {
  await target.first().waitFor({ timeout: 15_000 });
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    // Resolved afresh each time: a page that renders again replaces the element the locator names.
    if (await target.first().evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** The focused control shows a focus ring: an outline of at least 2 px, or antd's focus shadow. */
async function focusIsVisible(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return false;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2;
    return outline || style.boxShadow !== 'none';
  });
}

describe('keyboard only', () => {
  it('signs in, searches, filters, opens a result, previews, downloads and rates', async () => {
    expect(fileEntry).not.toBe('');
    const page = await newPage(env.browser);
    const press = async (target: Locator, key = 'Enter') => {
      await tabTo(page, target);
      expect(await focusIsVisible(page)).toBe(true);
      await page.keyboard.press(key);
    };

    // Sign in: a citizen without a department lands on the portal, named once in the header.
    await page.goto(`${env.server.url}/user/login`);
    await tabTo(page, page.getByPlaceholder('用户名'));
    await page.keyboard.type('citizen');
    await page.keyboard.press('Tab');
    await page.keyboard.type('User@2026');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/openPlatform/home');
    await page.locator('.portal-user-name').waitFor();
    expect((await page.locator('header.portal-header').innerText()).split('张市民').length - 1).toBe(1);
    expect(await page.getByText('您尚未归属部门').count()).toBe(0);

    // Search from the home page.
    const siteSearch = page.getByRole('textbox', { name: '全站搜索' });
    await tabTo(page, siteSearch);
    // The home page may still be rendering its data around the box and take the words or the Enter
    // away: typed again (still by keyboard) until the search opens.
    for (let attempt = 1; ; attempt++) {
      if (!(await siteSearch.evaluate((el) => el === document.activeElement))) await tabTo(page, siteSearch);
      await page.keyboard.press('Control+A');
      await page.keyboard.type('公交');
      await page.keyboard.press('Enter');
      try {
        await page.waitForURL(/openPlatform\/search\?search=/, { timeout: 10_000 });
        break;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
    await page.locator('main .search-hit').first().waitFor();

    // To the catalogue by the main navigation, then filter to open data files.
    await press(page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '开放数据' }));
    await page.waitForURL('**/catalogue/datacatalogue');
    await press(page.locator('.portal-facet').filter({ hasText: '数据格式' }).getByRole('button', { name: /^文件/ }));
    await page.waitForURL(/dataFormat=file/);
    await press(
      page
        .locator('.portal-facet')
        .filter({ hasText: '开放类型' })
        .getByRole('button', { name: /^无条件开放/ }),
    );
    await page.waitForURL(/openType=1/);

    // Open the entry.
    await press(page.locator('main .portal-card h3 a').filter({ hasText: fileEntry }));
    await page.waitForURL(/details\?id=/);
    await page.locator('main h1').filter({ hasText: fileEntry }).waitFor();

    // Preview: the tabs move with the arrow keys.
    await tabTo(page, page.getByRole('tab', { name: '基本信息' }));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(/tab=preview/);
    await page.locator('main .portal-table tbody tr').first().waitFor();

    // Download the original file.
    await page.getByRole('tab', { name: '数据预览' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(/tab=download/);
    const download = page.waitForEvent('download');
    await press(page.getByRole('link', { name: /^下载 .*（原始格式）/ }).first());
    expect((await download).suggestedFilename()).not.toBe('');

    // The API tab, then rate: four stars and a comment.
    await page.getByRole('tab', { name: '数据下载' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(/tab=api/);
    await page.locator('main .detail-api-facts').waitFor();
    await page.getByRole('tab', { name: 'API 接口' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(/tab=evaluations/);
    await tabTo(page, page.locator('main .portal-rating .ant-rate'));
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await tabTo(page, page.getByRole('textbox', { name: '评价内容' }));
    await page.keyboard.type('字段齐全，更新及时。');
    await press(page.getByRole('button', { name: /提交评价/ }));
    await page.getByText('感谢您的评价').waitFor();
    const id = new URL(page.url()).searchParams.get('id');
    const ratings = await api<{ records: { score: number; comment: string }[] }>(
      `/api/resourceMarket/evaluationsList?catalogId=${id}&pageNo=1&pageSize=50`,
    );
    expect(ratings.records.some((r) => r.score === 4 && r.comment === '字段齐全，更新及时。')).toBe(true);
    await shot(page, 'devices-keyboard-rated');
    await page.context().close();
  }, 180_000);
});

describe('addresses', () => {
  it('an unknown portal address shows the 404 page to a visitor', async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.server.url}/catalogue/no-such-page`);
    await page.getByText('抱歉，您访问的页面不存在。').waitFor();
    expect(new URL(page.url()).pathname).toBe('/404');
    await page.context().close();
  });
});
