import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/actions.js';
import { apiCall } from '../support/api.js';
import { newPage, shot } from '../support/browser.js';
import { useServerAndBrowser } from '../support/suite.js';

/**
 * 调查问卷, walked from the start: the bureau builds a questionnaire in the back office (a single-choice
 * and a rating question, anonymous answers allowed) and publishes it; an anonymous visitor finds it on
 * /communication/questionnaire, is told which required question is missing, answers and is counted; a
 * second try from the same browser is refused; the bureau sees the answer in the results' charts.
 */

const env = useServerAndBrowser();
const suffix = randomBytes(3).toString('hex');
const TITLE = `数据开放日活动意见征集${suffix}`;
const Q1 = '您是通过什么渠道知道本次活动的？';
const Q2 = '您对本次活动的总体评价';

/** The antd form item whose label is exactly `label`, inside `scope`. */
const field = (page: Page, label: string, scope = page.locator('body')) =>
  scope
    .locator('.ant-form-item')
    .filter({ has: page.locator(`label:text-is("${label}")`) })
    .first();

async function confirm(page: Page) {
  const ok = page.locator('.ant-popconfirm:visible').getByRole('button', { name: /确\s*定/ });
  await ok.waitFor();
  await ok.click();
}

describe('调查问卷, from the builder to the chart', () => {
  it('the bureau builds and publishes one, an anonymous visitor answers once, the bureau sees the chart', {
    timeout: 300_000,
  }, async () => {
    const { url, api } = env.server;

    // — the bureau builds it —
    const admin = await newPage(env.browser);
    await signIn(admin, url, 'reviewer', 'Review@2026');
    await admin.goto(`${url}/questionnaire/list`);
    await admin.getByRole('button', { name: '新增问卷' }).click();
    await admin.waitForURL(/\/questionnaire\/edit$/);
    await field(admin, '问卷标题').locator('input').fill(TITLE);
    await field(admin, '问卷说明').locator('textarea').fill('感谢参加滨江市数据开放日，请留下您的意见。');
    await field(admin, '允许匿名作答').getByRole('switch').click();
    const first = admin.locator('.qn-question').nth(0);
    await field(admin, '题目', first).locator('input').fill(Q1);
    await first.getByRole('textbox', { name: '第1题选项 A' }).fill('平台首页公告');
    await first.getByRole('textbox', { name: '第1题选项 B' }).fill('微信公众号');
    await first.getByRole('button', { name: '添加选项' }).click();
    await first.getByRole('textbox', { name: '第1题选项 C' }).fill('朋友推荐');
    await admin.getByRole('button', { name: '添加评分题' }).click();
    const second = admin.locator('.qn-question').nth(1);
    await field(admin, '题目', second).locator('input').fill(Q2);
    await shot(admin, 'questionnaire-builder');
    await admin.getByRole('button', { name: /保\s*存/ }).click();
    await admin.waitForURL(/\/questionnaire\/edit\?id=/);
    const id = new URL(admin.url()).searchParams.get('id') as string;

    await admin.goto(`${url}/questionnaire/list`);
    const row = admin.locator('.ant-table-row').filter({ hasText: TITLE });
    await row.getByText('草稿', { exact: true }).waitFor();
    await row.getByText('发布', { exact: true }).click();
    await confirm(admin);
    await row.getByText('已发布', { exact: true }).waitFor({ timeout: 20_000 });

    // — an anonymous visitor answers —
    const visitor = await newPage(env.browser);
    await visitor.goto(`${url}/communication/questionnaire`);
    const card = visitor.locator('.qn-card').filter({ hasText: TITLE });
    await card.waitFor();
    expect(await card.innerText()).toContain('0 人参与');
    await card.getByRole('link', { name: `参与调查：${TITLE}` }).click();
    await visitor.waitForURL(/\/communication\/questionnaire\/answer\?id=/);
    await visitor.getByRole('heading', { level: 1, name: TITLE }).waitFor();

    // Required questions are checked before anything is sent.
    await visitor.getByRole('button', { name: '提交问卷' }).click();
    await visitor.locator('.qn-q-error').getByText(`第1题“${Q1}”为必答题，请作答`).waitFor();
    await visitor.getByRole('radio', { name: '微信公众号' }).check();
    await visitor.getByRole('button', { name: '提交问卷' }).click();
    await visitor.locator('.qn-q-error').getByText(`第2题“${Q2}”为必答题，请作答`).waitFor();
    await visitor.getByRole('radio', { name: '4 分' }).check({ force: true });
    await shot(visitor, 'questionnaire-answer-filled');
    await visitor.getByRole('button', { name: '提交问卷' }).click();
    await visitor.getByText('提交成功，感谢您的参与！').waitFor();
    await visitor.getByText('目前已有 1 人参与本次调查。').waitFor();

    // The same browser (its device cookie) is told it has answered.
    await visitor.reload();
    await visitor.getByText('您已参与过该问卷').waitFor();
    await shot(visitor, 'questionnaire-answered');

    const publicList = await apiCall<{ records: { id: string; joinNumber: number }[] }>(
      `${api}/api/questionnaire/public/list?pageSize=50`,
    );
    expect(publicList.records.find((r) => r.id === id)?.joinNumber).toBe(1);

    // — the bureau sees it in the results —
    await admin.goto(`${url}/questionnaire/results?id=${id}`);
    await admin.getByRole('heading', { name: TITLE }).waitFor();
    const pie = admin.locator('.qn-result').filter({ hasText: Q1 });
    await pie.locator('.qn-chart canvas').waitFor();
    expect(await pie.locator('.qn-chart').getAttribute('aria-label')).toBe(
      `${Q1}：平台首页公告 0 人，微信公众号 1 人，朋友推荐 0 人`,
    );
    const wechat = pie.locator('tr').filter({ hasText: '微信公众号' });
    expect(await wechat.innerText()).toMatch(/微信公众号\s+1\s+100%/);
    const rating = admin.locator('.qn-result').filter({ hasText: Q2 });
    await rating.locator('.qn-chart canvas').waitFor();
    expect(await rating.locator('.ant-statistic-content').innerText()).toContain('4.00');
    await shot(admin, 'questionnaire-results');
  });
});
