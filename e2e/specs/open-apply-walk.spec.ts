import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stringToSign } from '@odp/contracts';
import type { Browser, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/actions.js';
import { apiCall, apiLogin, type Envelope } from '../support/api.js';
import { newPage, shot } from '../support/browser.js';
import { useServerAndBrowser } from '../support/suite.js';

/**
 * 有条件开放, walked: a citizen applies for a dataset (after signing in from its detail page), the
 * provider department's officer approves it with fewer fields than asked (and the bureau, when the
 * rule sends it there), the citizen binds an app and reads exactly the granted fields — in 接口测试
 * and from a program signing with the app's key and secret — and files the usage report.
 */

const env = useServerAndBrowser();
const API = '/dtwave-om/open/api/v1';
const suffix = randomBytes(3).toString('hex');

type Dataset = { id: string; name: string; department: string; openType: string; dataFormat: string; rowCount: number };
type Field = { key: string; name: string; masked: boolean };

const call = apiCall;
const login = (username: string, password: string) => apiLogin(env.server.api, username, password);

/** The city's day (Beijing), `days` on from today, as YYYY-MM-DD. */
const cityDay = (days = 0) => new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** A citizen's browser: the city's clock, so that the form's 今天 is the server's. */
async function citizenPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  return context.newPage();
}

/** Opens an antd DatePicker and picks `date` (YYYY-MM-DD), paging months from the one it shows. */
async function pickDate(page: Page, input: Locator, date: string) {
  await input.click();
  const panel = page.locator('.ant-picker-dropdown:visible');
  const cell = panel.locator(`td.ant-picker-cell-in-view[title="${date}"]`);
  const wanted = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7));
  for (let step = 0; step < 48 && !(await cell.isVisible()); step++) {
    const [, y, m] = /(\d{4})\D+(\d{1,2})/.exec(await panel.locator('.ant-picker-header-view').innerText()) ?? [];
    const shown = Number(y) * 12 + Number(m);
    await panel.locator(shown > wanted ? '.ant-picker-header-prev-btn' : '.ant-picker-header-next-btn').click();
  }
  await cell.click();
  await panel.waitFor({ state: 'hidden' });
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A full-page screenshot with a drawer open: the page is put back at its top first (picking in the
 * form can scroll it under the drawer, and the fixed header and drawer are then drawn mid-page).
 */
async function drawerShot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
}

/**
 * Clicks a dialog's button until the dialog goes: a click while it still zooms in can be lost (a click
 * on a button that is already working does nothing).
 */
async function confirmAndClose(dialog: Locator, button: string) {
  for (let attempt = 1; ; attempt++) {
    await dialog.getByRole('button', { name: button }).click();
    try {
      await dialog.waitFor({ state: 'detached', timeout: 10_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** The visible row of the back office's 开放申请 list for `name`. */
const applyRow = (page: Page, name: string) =>
  page.locator('tr.ant-table-row').filter({ hasText: name }).filter({ visible: true }).first();

/** The citizen's card of `name` in the personal centre's open tab. */
const card = (page: Page, name: string) => page.locator('li.centre-card').filter({ hasText: name }).first();

// --- what the walk is told on: found through the public API and the citizen's own list --------------

const scene = {} as {
  dataset: Dataset;
  fields: Field[];
  /** The fields the citizen asks for; the officer grants all but `dropped`. */
  asked: Field[];
  granted: Field[];
  dropped: Field;
  officer: { username: string; password: string };
  files: { application: string; pledge: string };
};

beforeAll(async () => {
  // Shelved 有条件开放 datasets with rows in the datastore.
  const datasets: Dataset[] = [];
  for (let page = 1; ; page++) {
    const { records } = await call<{ records: Dataset[] }>(`${env.server.url}${API}/datasets?size=100&page=${page}`);
    datasets.push(...records);
    if (records.length < 100) break;
  }
  // The demo citizen already has applications (demo-open-apply.ts): the walk takes a dataset without one.
  const citizen = await login('citizen', 'User@2026');
  const mine = await call<{ records: { catalogId: string }[] }>(
    `${env.server.api}/api/openApply/mine?pageNo=1&pageSize=50`,
    citizen,
  );
  const applied = new Set(mine.records.map((r) => r.catalogId));
  for (const d of datasets) {
    if (d.openType !== '2' || d.dataFormat !== 'table' || d.rowCount === 0 || applied.has(d.id)) continue;
    const meta = await call<{ fields: Field[] }>(`${env.server.url}${API}/datasets/${d.id}`);
    if (meta.fields.length < 4) continue;
    scene.dataset = d;
    scene.fields = meta.fields;
    break;
  }
  if (!scene.dataset) throw new Error('no 有条件开放 dataset with rows that the demo citizen has not applied for');
  scene.asked = scene.fields.slice(0, 4);
  scene.dropped = scene.asked[1];
  scene.granted = scene.asked.filter((f) => f !== scene.dropped);

  // The provider department's officer. The demo officers are 交通运输局's (which opens nothing on
  // conditions) and 卫健委's (whose two 有条件开放 datasets the demo citizen has applied for already):
  // the dataset's department gets a 部门数据管理员, as the administrator would create one.
  const admin = await login('admin', 'Admin@2026');
  const roles = await call<{ id: string; roleCode: string }[]>(`${env.server.api}/sys/role/queryall`, admin);
  const departs = await call<{ id: string; departName: string }[]>(
    `${env.server.api}/sys/sysDepart/searchBy?keyWord=${encodeURIComponent(scene.dataset.department)}`,
    admin,
  );
  const depart = departs.find((d) => d.departName === scene.dataset.department);
  if (!depart) throw new Error(`no department ${scene.dataset.department}`);
  scene.officer = { username: `e2e_oa_${suffix}`, password: `Open@2026${suffix}` };
  await call(`${env.server.api}/sys/user/add`, admin, {
    ...scene.officer,
    realname: '周开放',
    roleIds: [roles.find((r) => r.roleCode === 'dept_admin')?.id],
    departIds: [depart.id],
  });

  // The signed 申请表 and 安全承诺书, as scans.
  const dir = mkdtempSync(path.join(tmpdir(), 'odp-e2e-open-apply-'));
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  scene.files = {
    application: path.join(dir, '有条件开放数据使用申请表（签字扫描件）.png'),
    pledge: path.join(dir, '公共数据安全承诺书（签字扫描件）.png'),
  };
  writeFileSync(scene.files.application, png);
  writeFileSync(scene.files.pledge, png);
});

describe('有条件开放, walked', () => {
  it('a citizen applies, the provider narrows and approves, the granted app reads only the granted fields, and the usage report is filed', {
    timeout: 110_000,
  }, async () => {
    const { dataset, asked, granted, dropped } = scene;
    const url = env.server.url;

    // 1. A visitor's 申请使用 asks to sign in and comes back to the page with the form open.
    const citizen = await citizenPage(env.browser);
    await citizen.goto(`${url}/catalogue/datacatalogue/details?id=${dataset.id}`);
    await citizen.getByRole('heading', { name: dataset.name }).first().waitFor({ timeout: 30_000 });
    await citizen.getByRole('button', { name: /申请使用/ }).click();
    await citizen.waitForURL(/\?redirect=/);
    expect(new URL(citizen.url()).searchParams.get('redirect')).toContain(`details?id=${dataset.id}`);
    await citizen.getByPlaceholder('用户名').fill('citizen');
    await citizen.getByPlaceholder('密码').fill('User@2026');
    await citizen.getByRole('button', { name: /登\s*录/ }).click();
    await citizen.waitForURL((u) => u.pathname === '/catalogue/datacatalogue/details');
    const form = citizen.locator('.apply-drawer');
    await form.getByText(`申请使用：${dataset.name}`).waitFor({ timeout: 30_000 });
    expect(new URL(citizen.url()).searchParams.get('id')).toBe(dataset.id);

    await form.getByLabel('申请用途').fill(`在“滨江生活助手”小程序中提供“${dataset.name}”的查询`);
    await form.getByLabel('应用场景').fill('面向本市市民，按街道展示查询结果，帮助其办事前了解情况');
    // A masked field's box says so after its name.
    for (const f of asked)
      await form.getByRole('checkbox', { name: new RegExp(`^${literal(f.name)}(脱敏)?$`) }).check();
    await form.getByText(`申请字段（已选 ${asked.length} / ${scene.fields.length}）`).waitFor();
    // A short pilot period: its usage report is due within the month.
    const endDate = cityDay(14);
    await pickDate(citizen, form.getByPlaceholder('结束日期'), endDate);
    await drawerShot(citizen, 'open-apply-form');
    await form
      .getByLabel('安全保障措施')
      .fill('数据仅存放在加密的云数据库中，访问需经身份认证并留有日志；应用密钥由专人保管；不向第三方提供原始数据。');
    const attach = async (label: string, file: string) => {
      const item = form.locator('.ant-form-item').filter({ has: citizen.locator(`label:text-is("${label}")`) });
      await item.locator('input[type=file]').setInputFiles(file);
      await item
        .locator('.ant-upload-list-item-done')
        .filter({ hasText: path.basename(file) })
        .waitFor();
    };
    await attach('有条件开放数据使用申请表', scene.files.application);
    await attach('公共数据安全承诺书', scene.files.pledge);
    await form.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await drawerShot(citizen, 'open-apply-form-agreed');
    await form.getByRole('button', { name: '提交申请' }).click();
    await citizen.getByText('申请已提交，请等待数据提供部门审核').first().waitFor({ timeout: 20_000 });
    await citizen.waitForURL(/\/personalCenter\/perCenter\?current=4/);
    const submitted = card(citizen, dataset.name);
    await submitted.getByText('提供部门审核中').waitFor();
    await submitted.getByText(`${asked.length} 个`).waitFor();
    await shot(citizen, 'open-apply-submitted');

    // 2. The provider department's officer narrows the fields and approves.
    const officer = await newPage(env.browser);
    await signIn(officer, url, scene.officer.username, scene.officer.password);
    await officer.goto(`${url}/openApply`);
    const row = applyRow(officer, dataset.name);
    await row.getByText('提供部门审核中').waitFor({ timeout: 30_000 });
    await row.getByText('审核', { exact: true }).click();
    const decision = officer.getByRole('dialog').filter({ hasText: '审核开放申请' });
    await decision.getByText(`授权字段（已选 ${asked.length}/${asked.length}）`).waitFor();
    await decision.getByRole('checkbox', { name: dropped.name, exact: true }).uncheck();
    await decision.getByText(`将按收窄后的范围通过：授权 ${granted.length}/${asked.length} 个字段`).waitFor();
    await decision.getByLabel('审核意见').fill('按最小必要原则收窄字段。');
    // The rule (dictionary open_apply_rule, bureau_review) says whether the bureau reviews next.
    const toBureau = await decision.getByText('通过后提交大数据局审核').isVisible();
    await shot(officer, 'open-apply-provider-decision');
    await confirmAndClose(decision, '确认通过');
    // The row's state, not the passing 审核通过 toast, which a slow machine may show and hide between polls.
    await row.getByText(toBureau ? '大数据局审核中' : '已开通').waitFor({ timeout: 30_000 });

    if (toBureau) {
      const reviewer = await newPage(env.browser);
      await signIn(reviewer, url, 'reviewer', 'Review@2026');
      await reviewer.goto(`${url}/openApply`);
      const bureauRow = applyRow(reviewer, dataset.name);
      await bureauRow.getByText('大数据局审核中').waitFor({ timeout: 30_000 });
      await bureauRow.getByText('审核', { exact: true }).click();
      const bureau = reviewer.getByRole('dialog').filter({ hasText: '审核开放申请' });
      await bureau.getByText('通过后即开通').waitFor();
      await confirmAndClose(bureau, '确认通过');
      await bureauRow.getByText('已开通').waitFor({ timeout: 30_000 });
      await reviewer.locator('.ant-table-wrapper .ant-spin-spinning').first().waitFor({ state: 'detached' });
      await shot(reviewer, 'open-apply-bureau-approved');
      await reviewer.context().close();
    }
    await officer.context().close();

    // 3. 我的服务 asks for an app; the citizen creates one there, keeps its secret, and binds it.
    await citizen.goto(`${url}/personalCenter/perCenter?current=2`);
    const service = card(citizen, dataset.name);
    await service.getByText('待选择应用').waitFor({ timeout: 30_000 });
    await service.getByRole('link', { name: '请先在“我的申请”中选择应用' }).click();
    await citizen.waitForURL(/current=4/);
    await card(citizen, dataset.name).getByRole('button', { name: '选择应用' }).click();
    const bind = citizen.getByRole('dialog').filter({ hasText: `选择调用应用：${dataset.name}` });
    const APP = '生活助手数据查询';
    await bind.getByLabel('新建应用').fill(APP);
    const secretBox = citizen.locator('.app-secret');
    // A click while the dialog still moves in can be lost; a second one after success finds no button.
    for (let attempt = 1; ; attempt++) {
      await bind.getByRole('button', { name: /创\s*建/ }).click();
      try {
        await secretBox.getByText('密钥只显示这一次').waitFor({ timeout: 10_000 });
        break;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
    const [appKey, secret] = await secretBox.locator('code').allInnerTexts();
    expect(appKey).toMatch(/^ak_/);
    expect(secret).toMatch(/^sk_/);
    await citizen.getByRole('button', { name: '我已保存' }).click();
    await bind.getByRole('radio', { name: new RegExp(APP) }).check();
    await bind.getByRole('button', { name: /确\s*定/ }).click();
    await citizen.getByText('已设置调用应用').first().waitFor();

    // 接口测试 in 我的服务: rows with exactly the granted fields.
    await citizen.getByRole('tab', { name: '我的服务' }).click();
    const live = card(citizen, dataset.name);
    await live.getByText('使用中').waitFor();
    await live.getByText(appKey).waitFor();
    await live.getByRole('button', { name: '接口测试' }).click();
    await live.getByText(granted.map((f) => `${f.name}（${f.key}${f.masked ? '，脱敏' : ''}）`).join('、')).waitFor();
    await live.getByRole('button', { name: '发送请求' }).click();
    const result = live.locator('.centre-test-result');
    await result.getByText('状态 200').waitFor({ timeout: 20_000 });
    expect(await result.locator('thead code.centre-test-key').allInnerTexts()).toEqual(granted.map((f) => f.key));
    expect(await result.locator('tbody tr').count()).toBeGreaterThan(0);
    await shot(citizen, 'open-apply-service-test');

    // A program reads the rows with the key and secret (有条件开放 data takes a signed call).
    const rowsPath = `${API}/datasets/${dataset.id}/rows`;
    const plain = await fetch(`${url}${rowsPath}?limit=3`, { headers: { 'X-App-Key': appKey } });
    expect(plain.status).toBe(403);
    const query = new URLSearchParams({ limit: '3' });
    const timestamp = String(Date.now());
    const nonce = randomUUID().replaceAll('-', '');
    const signature = createHmac('sha256', secret)
      .update(stringToSign({ method: 'GET', path: rowsPath, query, timestamp, nonce }))
      .digest('hex');
    const signed = await fetch(`${url}${rowsPath}?${query}`, {
      headers: { 'X-App-Key': appKey, 'X-Timestamp': timestamp, 'X-Nonce': nonce, 'X-Signature': signature },
    });
    expect(signed.status).toBe(200);
    const body = (await signed.json()) as Envelope<{ fields: Field[]; rows: Record<string, unknown>[] }>;
    const keys = granted.map((f) => f.key);
    expect(body.result.fields.map((f) => f.key)).toEqual(keys);
    expect(body.result.rows.length).toBeGreaterThan(0);
    for (const r of body.result.rows) expect(Object.keys(r)).toEqual(keys);
    expect(JSON.stringify(body.result)).not.toContain(`"${dropped.key}"`);

    // 4. The usage report of the short period is due: the citizen files it from 我的申请.
    await citizen.getByRole('tab', { name: '我的申请' }).click();
    const mine = card(citizen, dataset.name);
    await mine.getByText('待提交报告').waitFor();
    await mine.getByRole('button', { name: '提交利用情况报告' }).click();
    const report = citizen.getByRole('dialog').filter({ hasText: `利用情况报告：${dataset.name}` });
    await report.getByLabel('数据用途').fill('用于“滨江生活助手”小程序的查询功能，试运行两周，调用约 300 次。');
    await report.getByLabel('产生的成果').fill('为 120 位市民提供了办事前的查询，收到有效反馈 35 条。');
    await report.getByRole('button', { name: '提交报告' }).click();
    await citizen.getByText('利用情况报告已提交').first().waitFor();
    await mine.getByText('待提交报告').waitFor({ state: 'detached' });
    await mine.getByRole('button', { name: '查看进度' }).click();
    const progress = citizen.locator('.ant-drawer').filter({ hasText: `申请进度：${dataset.name}` });
    await progress.getByText('提交利用情况报告').first().waitFor();
    await progress.getByText(`意见：应到期 ${endDate}`).waitFor();
    // Scrolling waits for the drawer to stop sliding in.
    await progress.getByText(`已提交 ${cityDay()}`).scrollIntoViewIfNeeded();
    await progress.getByText(granted.map((f) => f.name).join('、'), { exact: true }).waitFor();
    await shot(citizen, 'open-apply-report-filed');
  });
});
