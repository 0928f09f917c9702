import type { BigScreenSnapshot, Page as ListPage, WorkOrderItem } from '@odp/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from '../support/api.js';
import { shot } from '../support/browser.js';
import { useServerAndBrowser } from '../support/suite.js';

const env = useServerAndBrowser();

async function open(width: number, height: number) {
  const context = await env.browser.newContext({ viewport: { width, height }, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto(`${env.server.url}/bigScreen`);
  await page.locator('[data-counter]').first().waitFor({ timeout: 30_000 });
  // The charts' chunk and their first frame.
  await page.locator('.screen-chart canvas').first().waitFor({ timeout: 30_000 });
  return page;
}

/** The counters the page shows, by key, as their raw values. */
const shownCounters = (page: Page) =>
  page.$$eval('[data-counter]', (items) =>
    Object.fromEntries(items.map((li) => [li.getAttribute('data-counter'), Number(li.getAttribute('data-value'))])),
  );

/** The page never scrolls, and the 1920 × 1080 stage fits in the window. */
async function expectNoOverflow(page: Page) {
  const box = await page.evaluate(() => {
    const stage = document.querySelector('.screen')?.getBoundingClientRect();
    const el = document.documentElement;
    return {
      scrollW: el.scrollWidth,
      scrollH: el.scrollHeight,
      w: window.innerWidth,
      h: window.innerHeight,
      stage: stage && { left: stage.left, top: stage.top, right: stage.right, bottom: stage.bottom },
    };
  });
  expect(box.scrollW).toBeLessThanOrEqual(box.w);
  expect(box.scrollH).toBeLessThanOrEqual(box.h);
  expect(box.stage?.left).toBeGreaterThanOrEqual(-0.5);
  expect(box.stage?.top).toBeGreaterThanOrEqual(-0.5);
  expect(box.stage?.right).toBeLessThanOrEqual(box.w + 0.5);
  expect(box.stage?.bottom).toBeLessThanOrEqual(box.h + 0.5);
}

describe('big screen', () => {
  it('shows the API figures at 1920 × 1080 and 1280 × 720 without overflowing', async () => {
    const snapshot = await apiCall<BigScreenSnapshot>(`${env.server.api}/api/bigScreen/snapshot`);
    expect(snapshot.counters.openDatasets).toBeGreaterThan(0);
    for (const [width, height] of [
      [1920, 1080],
      [1280, 720],
    ]) {
      const page = await open(width, height);
      expect(await shownCounters(page)).toEqual(snapshot.counters);
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      expect(await page.locator('h1').textContent()).toContain('数据大屏');
      await expectNoOverflow(page);
      await page.waitForTimeout(1200); // the charts' entry animation
      await shot(page, `bigscreen-${width}x${height}`);
      await page.context().close();
    }
  });

  it('adds a line to 实时动态 when an administrator approves an entry for the shelf', async () => {
    const page = await open(1920, 1080);
    const admin = await apiLogin(env.server.api, 'admin', 'Admin@2026');
    const pending = await apiCall<ListPage<WorkOrderItem>>(`${env.server.api}/api/workcatalog/list`, admin, {
      type: 1,
      orderType: 'upShelf',
      pageNo: 1,
      pageSize: 10,
    });
    const order = pending.records.find((r) => r.workStatus === '1');
    expect(order, '演示数据中应有待上架审核的目录').toBeTruthy();
    const before = await page.locator('.screen-feed li').count();
    const approvedAt = Date.now();
    await apiCall(`${env.server.api}/flowable/task/completeByDataId`, admin, { dataId: order?.catalogId });
    const first = page.locator('.screen-feed li').first();
    await expect
      .poll(async () => (await first.getAttribute('data-kind')) === 'release' && (await first.textContent()), {
        timeout: 5000,
        interval: 100,
      })
      .toMatch(new RegExp(`${escapeRegExp(order?.catalogName ?? '')}|部门间共享数据`));
    expect(Date.now() - approvedAt).toBeLessThan(5000);
    expect(await page.locator('.screen-feed li').count()).toBeGreaterThanOrEqual(Math.min(before, 12));
    await shot(page, 'bigscreen-live-feed');
    await page.context().close();
  });

  it('shows the chart gallery and 生产管理 without sign-in', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/echartsDemo`);
    await page.locator('.screen-gallery .screen-chart canvas').first().waitFor({ timeout: 30_000 });
    expect(await page.locator('.screen-gallery section h2').count()).toBe(8);
    await page.waitForTimeout(1200);
    await shot(page, 'bigscreen-echarts-demo');
    await page.goto(`${env.server.url}/BusinessManage`);
    await page.locator('.ant-table-row').first().waitFor({ timeout: 30_000 });
    expect(await page.locator('h1').textContent()).toBe('生产管理');
    await shot(page, 'bigscreen-business-manage');
    await context.close();
  });
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
