import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../../apps/server/src/db/seed/pictures.js';
import { signIn } from '../support/actions.js';
import { newPage, shot } from '../support/browser.js';
import { useServerAndBrowser } from '../support/suite.js';

/**
 * 内容管理 › 新闻动态, walked from the back office to a visitor: the administrator writes a news item
 * with a picture uploaded into its text and publishes it at once; a visitor finds it on the home
 * page's 资讯 card, opens it and sees the picture and a view count.
 */

const env = useServerAndBrowser();
const suffix = randomBytes(3).toString('hex');
const TITLE = `滨江市开放数据服务周启动${suffix}`;

describe('资讯: the admin publishes a news item, a visitor reads it from the home page', () => {
  it('publishes with a picture and shows it on the home card and the detail', { timeout: 240_000 }, async () => {
    const { url } = env.server;

    // — the administrator writes and publishes —
    const admin = await newPage(env.browser);
    await signIn(admin, url, 'admin', 'Admin@2026');
    await admin.goto(`${url}/content/news`);
    await admin.getByRole('button', { name: /新增新闻/ }).click();
    const drawer = admin.locator('.ant-drawer-content').filter({ hasText: '新增新闻' });
    await drawer.getByPlaceholder('请输入新闻标题').fill(TITLE);
    const editor = drawer.getByRole('textbox', { name: '正文内容' });
    await editor.click();
    await admin.keyboard.type('本周起，平台开展开放数据服务周活动，现场讲解数据申请与接口调用。');
    const picture = encodePng(120, 80, (x) => [20, 90 + (x % 100), 200]);
    await drawer.getByTestId('rich-text-image-input').setInputFiles({
      name: '活动现场.png',
      mimeType: 'image/png',
      buffer: picture,
    });
    await expect.poll(() => editor.locator('img').count(), { timeout: 20_000 }).toBe(1);
    await shot(admin, 'content-news-form');
    await drawer.getByRole('button', { name: '立即发布' }).click();
    await admin.getByText('发布成功').first().waitFor();
    const row = admin.locator('.ant-table-row').filter({ hasText: TITLE });
    await row.getByText('已发布').waitFor();
    await shot(admin, 'content-news-list');

    // — a visitor reads it from the home page's 资讯 card —
    const visitor = await newPage(env.browser);
    await visitor.goto(`${url}/openPlatform/home`);
    // The card is below the fold: it loads when the visitor scrolls near it.
    await visitor.locator('main .home-counter-value').first().waitFor();
    await visitor.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const card = visitor.locator('section[aria-labelledby="home-information"]');
    await card.waitFor({ timeout: 20_000 });
    const link = card.getByRole('link', { name: TITLE });
    await link.waitFor({ timeout: 20_000 });
    await link.click();
    await visitor.waitForURL(/\/openPlatform\/JournalismDet\?id=/);
    await visitor.getByRole('heading', { name: TITLE }).waitFor();
    await visitor.getByText('访问量：1').waitFor();
    const image = visitor.locator('.content-rich img');
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 20_000 })
      .toBe(120);
    expect(await visitor.locator('.content-rich').textContent()).toContain('开放数据服务周活动');
    await shot(visitor, 'content-news-detail');
  });
});
