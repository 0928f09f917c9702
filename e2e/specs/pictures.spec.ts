import { describe, expect, it } from 'vitest';
import { encodePng } from '../../apps/server/src/db/seed/pictures.js';
import { signIn } from '../support/actions.js';
import { newPage, shot } from '../support/browser.js';
import { useServerAndBrowser } from '../support/suite.js';

const env = useServerAndBrowser();

describe('slideshow pictures', () => {
  it('the portal home shows the demo slideshow to visitors', async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.server.url}/`);
    await page.locator('.home-banner img').first().waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { name: '公共数据开放' }).first().waitFor();
    expect(await page.locator('.home-banner .home-banner-item').count()).toBe(3);
    await page.waitForTimeout(800);
    await shot(page, 'pictures-portal-home');
  });

  it('an administrator reorders by dragging, uploads and deletes', async () => {
    const page = await newPage(env.browser);
    await signIn(page, env.server.url, 'admin', 'Admin@2026');
    await page.goto(`${env.server.url}/system/picture`);
    const cards = page.getByTestId('picture-card');
    await cards.nth(2).waitFor({ timeout: 30_000 });
    const titles = () => cards.locator('.ant-card-meta-title').allInnerTexts();
    expect(await titles()).toEqual(['公共数据开放', '数据赋能城市治理', '开放统计']);
    await shot(page, 'pictures-admin');

    // Drag the third picture onto the first.
    const from = await cards.nth(2).locator('img').boundingBox();
    const to = await cards.nth(0).locator('img').boundingBox();
    if (!from || !to) throw new Error('cards not laid out');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 - 20, from.y + from.height / 2, { steps: 5 });
    await page.mouse.move(to.x + to.width / 3, to.y + to.height / 2, { steps: 20 });
    await page.mouse.up();
    await page.getByText('排序已保存').first().waitFor();
    expect(await titles()).toEqual(['开放统计', '公共数据开放', '数据赋能城市治理']);
    await shot(page, 'pictures-admin-reordered');

    await page.getByRole('button', { name: /上传图片/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('标题').fill('端到端测试图');
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'e2e.png',
      mimeType: 'image/png',
      buffer: encodePng(320, 96, (x) => [40, 120 + (x % 100), 200]),
    });
    await shot(page, 'pictures-upload-dialog');
    await dialog.getByRole('button', { name: /上\s*传/ }).click();
    await page.getByText('上传成功').first().waitFor();
    await cards.nth(3).waitFor();
    expect((await titles())[3]).toBe('端到端测试图');

    await cards.nth(3).getByText('删除').click();
    await page
      .getByRole('button', { name: /删\s*除/ })
      .last()
      .click();
    await page.getByText('删除成功').first().waitFor();
    await expect.poll(() => cards.count()).toBe(3);
  });
});

describe('fill rules and check rules', () => {
  it('previews a fill rule and tests a check rule', async () => {
    const page = await newPage(env.browser);
    await signIn(page, env.server.url, 'admin', 'Admin@2026');
    await page.goto(`${env.server.url}/system/fillRule`);
    await page.getByText('data_apply_no').first().waitFor({ timeout: 30_000 });
    await shot(page, 'fill-rules');
    await page
      .getByRole('button', { name: /新\s*增/ })
      .first()
      .click();
    await page
      .getByTestId('fill-rule-preview')
      .filter({ hasText: /^NO\d{8}0001$/ })
      .waitFor();
    await shot(page, 'fill-rule-form');
    await page.keyboard.press('Escape');

    await page.goto(`${env.server.url}/system/checkRule`);
    await page.getByText('org_code').first().waitFor({ timeout: 30_000 });
    await shot(page, 'check-rules');
    await page.getByRole('row').filter({ hasText: 'org_code' }).getByText('测试').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('示例值').fill('BJ00123');
    await dialog.getByRole('button', { name: /校\s*验/ }).click();
    await dialog.getByText('第 3 段（2 至 3 位数字）之后有多余字符').first().waitFor();
    await dialog.getByLabel('示例值').fill('BJ001');
    await dialog.getByRole('button', { name: /校\s*验/ }).click();
    await dialog.getByText('校验通过').first().waitFor();
    await shot(page, 'check-rule-tester');
    await page.keyboard.press('Escape');

    await page.getByRole('row').filter({ hasText: 'catalog_code' }).getByText('编辑').click();
    await page.getByRole('dialog').getByText('第 7 段').waitFor();
    await shot(page, 'check-rule-form');
  });
});
