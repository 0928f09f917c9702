import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/actions.js';
import { newPage, shot } from '../support/browser.js';
import { useServerAndBrowser } from '../support/suite.js';

const env = useServerAndBrowser();

/** The number on the header bell's badge (0 when it is hidden). */
async function unreadOnBell(page: Page): Promise<number> {
  const count = page.getByRole('button', { name: '消息通知' }).locator('.ant-scroll-number');
  if ((await count.count()) === 0) return 0;
  return Number.parseInt((await count.first().getAttribute('title')) ?? '0', 10) || 0;
}

/** Turns the visible list's pages (newest first, a few at most) until `item` shows. */
async function onSomePage(page: Page, item: Locator) {
  for (let pages = 1; ; pages++) {
    if (
      await item.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      )
    )
      return;
    expect(pages, '前 5 页中没有要找的消息').toBeLessThan(5);
    await page.locator('.ant-pagination-next:visible').first().click();
  }
}

/**
 * Answers the open 气泡确认 that asks `question` with 确定. The bubble is found by its question so that
 * a previous bubble still fading out is never the one clicked; a click that lands while the bubble
 * is still animating in is lost, so it is clicked again if the bubble is still there a moment later.
 */
async function confirmBubble(page: Page, question: string) {
  const bubble = page.locator('.ant-popconfirm:visible').filter({ hasText: question });
  const ok = bubble.getByRole('button', { name: /确\s*定|OK/ });
  await ok.first().waitFor({ timeout: 10_000 });
  for (let tries = 0; tries < 3; tries++) {
    if ((await ok.count()) === 0) return;
    await ok
      .first()
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    const gone = await bubble
      .first()
      .waitFor({ state: 'detached', timeout: 3_000 })
      .then(
        () => true,
        () => false,
      );
    if (gone) return;
  }
}

describe('announcements and the message centre', () => {
  it('an administrator writes and releases an urgent announcement; a citizen reads it from the bell', async () => {
    const page = await newPage(env.browser);
    await signIn(page, env.server.url, 'admin', 'Admin@2026');
    await page.goto(`${env.server.url}/system/announcement`);
    await page.getByText('滨江市公共数据开放平台正式上线').first().waitFor({ timeout: 30_000 });
    await shot(page, 'messages-announcement-list');

    await page
      .getByRole('button', { name: /新\s*增/ })
      .first()
      .click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await drawer.getByText('请输入标题').first().waitFor();
    const title = `暴雨红色预警期间数据服务安排 ${Date.now()}`;
    await drawer.getByPlaceholder('请输入标题').fill(title);
    const editor = drawer.getByRole('textbox', { name: '公告内容' });
    await editor.click();
    await page.keyboard.type('受强降雨影响，');
    await drawer.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('交通实时数据');
    await drawer.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('将每 5 分钟更新一次。');
    await drawer.getByText('紧急消息').click();
    await shot(page, 'messages-announcement-form');
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    const row = page.locator('.ant-table-row').filter({ hasText: title });
    await row.waitFor();
    await row.getByText('未发布').waitFor();

    // The citizen is already signed in when the announcement goes out: the bell must rise by itself.
    const citizen = await newPage(env.browser);
    // The portal loads its bell after the first screen; its count comes with the notices.
    const notices = citizen.waitForResponse((r) => r.url().includes('/sys/annountCement/listByUser'), {
      timeout: 60_000,
    });
    await signIn(citizen, env.server.url, 'citizen', 'User@2026');
    const bell = citizen.getByRole('button', { name: '消息通知' });
    await notices;
    await bell.waitFor({ timeout: 30_000 });
    await citizen.waitForTimeout(300);
    const before = await unreadOnBell(citizen);

    await row.getByText('发布', { exact: true }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await row.getByText('已发布').waitFor();
    await shot(page, 'messages-announcement-released');

    await expect.poll(() => unreadOnBell(citizen), { timeout: 5000, interval: 100 }).toBe(before + 1);
    await bell.click();
    await citizen.getByText(title).first().waitFor({ timeout: 15_000 });
    await shot(citizen, 'messages-citizen-bell');
    await citizen.getByText(title).first().click();
    const modal = citizen.locator('.ant-modal').filter({ hasText: title });
    await modal.getByText('交通实时数据').waitFor();
    expect(await modal.locator('strong, b').filter({ hasText: '交通实时数据' }).count()).toBe(1);
    await shot(citizen, 'messages-notice-modal');
    await modal.getByRole('button', { name: '全屏' }).click();
    await shot(citizen, 'messages-notice-modal-fullscreen');
    await modal.getByRole('button', { name: /关\s*闭/ }).click();
    await bell.click();
    await citizen.waitForTimeout(500);
    expect(await citizen.locator('.ant-popover').getByText(title).count()).toBe(0);
    expect(await unreadOnBell(citizen)).toBe(before);

    // Back with the administrator: edit the seeded draft, then revoke and delete the new announcement.
    const draft = page.locator('.ant-table-row').filter({ hasText: '开放利用指引' });
    await draft.getByText('编辑', { exact: true }).click();
    const edit = page.getByRole('dialog');
    await edit.getByPlaceholder('请输入标题').fill('关于发布《公共数据开放利用指引》的通知（修订稿）');
    await edit.getByRole('button', { name: /保\s*存/ }).click();
    await page.locator('.ant-table-row').filter({ hasText: '（修订稿）' }).getByText('未发布').waitFor();
    await row.getByText('撤销', { exact: true }).click();
    await confirmBubble(page, '确定撤销');
    await row.getByText('已撤销').waitFor({ timeout: 60_000 });
    await page.locator('.ant-popconfirm:visible').first().waitFor({ state: 'detached', timeout: 10_000 });
    await row.getByText('删除', { exact: true }).click();
    await confirmBubble(page, '确定删除');
    await row.waitFor({ state: 'detached', timeout: 60_000 });
    await shot(page, 'messages-announcement-after-revoke-delete');
  });

  it('a department officer sees the message centre, their announcements and business messages', async () => {
    const page = await newPage(env.browser);
    await signIn(page, env.server.url, 'jtadmin', 'Dept@2026');
    await page.goto(`${env.server.url}/MessageCenter/MessageNotification?mesageType=${encodeURIComponent('未读')}`);
    await page.getByText('目录“公交线路站点信息”审核通过').first().waitFor({ timeout: 60_000 });
    await shot(page, 'messages-centre-unread');
    // The centre lists ten a page, newest first: the department's announcement may be on a later one.
    await onSomePage(page, page.getByText('交通运输领域数据质量专项检查安排').first());

    await page.getByRole('button', { name: '消息通知' }).click();
    await page.locator('.ant-popover').getByText('系统消息').first().click();
    await shot(page, 'messages-officer-bell-system');
    await page.locator('.ant-popover').getByText('查看更多').click();
    await page.waitForURL('**/isps/userAnnouncement');
    // Pages stay mounted in their tabs (keep-alive): look at the visible one only.
    await page.locator('.ant-card-head-title:visible', { hasText: '我的消息' }).waitFor();
    await page.locator('.ant-table-row:visible', { hasText: '滨江市公共数据开放平台正式上线' }).waitFor();
    await page
      .locator('.ant-popover:visible')
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await shot(page, 'messages-user-announcements');

    await page.goto(`${env.server.url}/bell`);
    await page.locator('.ant-list-item:visible').first().waitFor({ timeout: 30_000 });
    await onSomePage(page, page.getByText('目录“停车场泊位实时数据”上架申请被驳回').locator('visible=true').first());
    await page.locator('.ant-spin-blur').waitFor({ state: 'detached' });
    await shot(page, 'messages-bell-page');
    const rejected = page.locator('.ant-list-item:visible').filter({ hasText: '停车场泊位实时数据' });
    await rejected.getByText('去处理').click();
    await page.waitForURL('**/cataloguemanage/list');
  });
});
