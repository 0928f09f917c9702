import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/actions.js';
import { newPage, shot } from '../support/browser.js';
import { useServerAndBrowser } from '../support/suite.js';

/**
 * 交流互动, walked from the start: the citizen reports an error on a dataset from its detail page; the
 * provider department's officer (交通运输局) finds it in 数据纠错 and replies with rich text; the citizen
 * reads the reply in 我的纠错, rates it, and a visitor finds it under 公开纠错 without the citizen's name.
 */

const env = useServerAndBrowser();
const suffix = randomBytes(3).toString('hex');
const DATASET = '出租汽车企业名录';
const TEXT = `“滨江大众出租”的车辆数与年报不一致（核对编号 ${suffix}），请核实更正。`;
const REPLY = `已与企业核实并更正车辆数（${suffix}），感谢您的反馈。`;

describe('交流互动: a correction from the detail page to the public list', () => {
  it('the citizen reports, 交通运输局 replies, the citizen rates it and finds it under 公开', {
    timeout: 300_000,
  }, async () => {
    const { url, api } = env.server;
    const found = await fetch(`${api}/api/resourceMarket/page`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pageNo: 1, pageSize: 5, catalogName: DATASET }),
    });
    const { result } = (await found.json()) as { result: { records: { id: string; catalogName: string }[] } };
    const entry = result.records.find((r) => r.catalogName === DATASET);
    expect(entry).toBeDefined();

    // — the citizen reports the error from the dataset's page —
    const citizen = await newPage(env.browser);
    await signIn(citizen, url, 'citizen', 'User@2026');
    await citizen.goto(`${url}/catalogue/datacatalogue/details?id=${entry?.id}`);
    await citizen.getByRole('heading', { name: DATASET, level: 1 }).waitFor();
    await citizen.getByRole('button', { name: /数据纠错/ }).click();
    const dialog = citizen.getByRole('dialog').filter({ hasText: '数据纠错' });
    await dialog.waitFor();
    // Empty text is refused as the original says.
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await dialog.getByText('纠错内容不能为空').waitFor();
    await dialog.getByLabel('纠错内容').fill(TEXT);
    await shot(citizen, 'interaction-correction-dialog');
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await citizen.getByText('提交成功!').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // — 交通运输局's officer replies —
    const officer = await newPage(env.browser);
    await signIn(officer, url, 'jtadmin', 'Dept@2026', '滨江市交通运输局');
    await officer.goto(`${url}/interaction/dataCorrection`);
    const row = officer
      .locator('.ant-table-row')
      .filter({ hasText: `《${DATASET}》数据纠错` })
      .first();
    await row.waitFor({ timeout: 20_000 });
    expect(await row.innerText()).toContain('张市民');
    await row.getByText('办理').click();
    const drawer = officer.locator('.ant-drawer-content').filter({ hasText: TEXT });
    await drawer.waitFor();
    const editor = drawer.getByRole('textbox', { name: '答复内容' });
    await editor.click();
    await editor.pressSequentially(REPLY);
    await shot(officer, 'interaction-reply-form');
    await drawer.getByRole('button', { name: '提交答复' }).click();
    await officer.getByText('回复成功，已通知提交人').waitFor();
    await drawer.getByText('答复（滨江市交通运输局').waitFor();

    // — the citizen reads the reply in 我的纠错 and rates it —
    await citizen.goto(`${url}/communication/interaction?section=dataCorrection&tab=mine`);
    const mine = citizen.locator('.ia-item').filter({ hasText: TEXT });
    await mine.getByText(REPLY).waitFor({ timeout: 20_000 });
    await mine.getByRole('button', { name: '5 分，很满意' }).click();
    await mine.getByRole('button', { name: '提交评价' }).click();
    await citizen.getByText('感谢您的评价').waitFor();
    await mine.getByText('5 分（满分 5 分）').waitFor();
    await shot(citizen, 'interaction-mine-rated');

    // — a visitor finds it under 公开纠错, without the citizen's name —
    const visitor = await newPage(env.browser);
    await visitor.goto(`${url}/communication/interaction?section=dataCorrection`);
    const item = visitor.locator('main .ia-item').filter({ hasText: REPLY });
    await item.waitFor({ timeout: 20_000 });
    const text = await item.innerText();
    expect(text).toContain('滨江市交通运输局');
    expect(text).not.toContain('张市民');
    expect(text).not.toContain('citizen');
    await shot(visitor, 'interaction-public-found');
  });
});
