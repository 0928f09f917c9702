import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillField, pickOption, signIn } from '../support/actions.js';
import { newPage, shot } from '../support/browser.js';
import { MARIADB, mariadbAllow, mariadbSkip, onMariadb } from '../support/mariadb.js';
import { useServerAndBrowser } from '../support/suite.js';

/**
 * The data plane as a department officer and a visitor walk it: a MariaDB table of the department
 * becomes a data source, the items of a 库表 entry, a reviewed and listed entry, a synced copy, and
 * finally rows a visitor previews and downloads; and a demo 接口 entry is cancelled and mounted again
 * on the department's own service, which a visitor then calls through the gateway.
 */

// --- the department's MariaDB ------------------------------------------------------------------

const suffix = randomBytes(3).toString('hex');
/** The department's table, and a read-only account for it: the platform requires a password. */
const TABLE = `e2e_walk_${suffix}`;
const SOURCE_USER = { name: `e2e_walk_${suffix}`, password: `Walk@2026-${suffix}` };
const STATIONS: [number, string, string, number, string][] = [
  [1, '澄潭公园北门站', '东湖区', 30, '2021-03-15'],
  [2, '澄潭地铁站B口站', '东湖区', 24, '2021-06-01'],
  [3, '滨江图书馆站', '西湖区', 18, '2022-01-20'],
  [4, '北山体育中心站', '北山区', 36, '2022-09-09'],
  [5, '南屏老街站', '南屏区', 12, '2023-04-28'],
  [6, '临江客运站', '临江县', 20, '2024-07-01'],
];

const createTable = () =>
  onMariadb([
    `create table \`${TABLE}\` (
      station_id int primary key comment '站点编号',
      station_name varchar(50) not null comment '站点名称',
      district varchar(20) comment '所属区县',
      docks int comment '锁桩数量',
      opened_on date comment '启用日期'
    ) default charset=utf8mb4 comment='公共自行车站点'`,
    `insert into \`${TABLE}\` values ${STATIONS.map((s) => `(${s[0]}, '${s[1]}', '${s[2]}', ${s[3]}, '${s[4]}')`).join(', ')}`,
    `create user '${SOURCE_USER.name}'@'%' identified by '${SOURCE_USER.password}'`,
    `grant select on \`${MARIADB.database}\`.\`${TABLE}\` to '${SOURCE_USER.name}'@'%'`,
  ]);

const dropTable = () =>
  onMariadb([`drop user if exists '${SOURCE_USER.name}'@'%'`, `drop table if exists \`${TABLE}\``]);

// --- the department's own HTTP service behind a 接口 entry ----------------------------------------

let upstream: Server;
let upstreamPort = 0;
/** The query strings the service received, in order. */
const upstreamCalls: string[] = [];

function startUpstream() {
  upstream = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://upstream');
    upstreamCalls.push(url.search);
    const line = url.searchParams.get('lineName') ?? '全部线路';
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(
      JSON.stringify({
        code: 200,
        message: '成功',
        data: { provider: '滨江公交调度系统', lines: [{ line_name: line, first_bus: '05:30', last_bus: '22:30' }] },
      }),
    );
  });
  return new Promise<void>((resolve) =>
    upstream.listen(0, '127.0.0.1', () => {
      upstreamPort = (upstream.address() as AddressInfo).port;
      resolve();
    }),
  );
}

// The server may reach loopback for this spec only: the MariaDB source and the department's service.
const env = useServerAndBrowser({ env: { DATASOURCE_ALLOW: mariadbAllow() } });

beforeAll(async () => {
  await startUpstream();
  if (!mariadbSkip) await createTable();
});
afterAll(async () => {
  upstream?.closeAllConnections();
  await new Promise((resolve) => upstream?.close(resolve));
  if (!mariadbSkip) await dropTable();
});

// --- helpers ----------------------------------------------------------------------------------

const SOURCE_NAME = `公共自行车业务库${suffix}`;
// 澄潭 appears in no demo entry: finding it proves the new entry reached the public index.
const WORD = '澄潭';
const NAME = `滨江市${WORD}片区公共自行车站点信息`;
const FORM = 'form#catalogue-entry';

/** Opens a back-office page from the side menu: the group is opened unless it already is. */
async function openMenu(page: Page, group: string, item: string, url: RegExp) {
  const menu = page.locator('.ant-menu').first();
  const title = menu.getByText(group, { exact: true });
  const entry = menu.getByText(item, { exact: true });
  await title.waitFor();
  if (!(await entry.isVisible())) await title.click();
  await entry.click();
  await page.waitForURL(url);
}

/** The antd Select of the form item labelled `label` inside `scope`. */
const selectOf = (page: Page, scope: string, label: string): Locator =>
  page
    .locator(scope)
    .locator('.ant-form-item')
    .filter({ has: page.locator(`label:text-is("${label}")`) })
    .first()
    .locator('.ant-select')
    .first();

/** A row of the visible list (keep-alive tabs leave other lists in the page, hidden). */
const listRow = (page: Page, text: string) =>
  page.locator('tr.ant-table-row').filter({ hasText: text }).filter({ visible: true }).first();

/** The reviewer opens the pending task of `name` of the given type and approves it. */
async function approve(page: Page, baseUrl: string, name: string, typeLabel: string) {
  await page.goto(`${baseUrl}/review/catalogue`);
  const row = page.locator('.ant-table-row').filter({ hasText: name }).filter({ hasText: typeLabel }).first();
  await row.waitFor({ timeout: 20_000 });
  await row.getByText('查看').click();
  const drawer = page.locator('.ant-drawer');
  await drawer.getByText('基本信息').waitFor();
  await drawer.getByRole('button', { name: /通\s*过/ }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '审核意见' });
  await dialog.locator('textarea').fill('同意。');
  await dialog.getByRole('button', { name: /通\s*过/ }).click();
  await page.getByText('审核通过').first().waitFor();
}

/** A visitor searches the portal catalogue for `word` and opens the card of `name`. */
async function findInPortal(page: Page, baseUrl: string, word: string, name: string, screenshot?: string) {
  await page.goto(`${baseUrl}/catalogue/datacatalogue`);
  const box = page.getByPlaceholder(/请输入数据目录名称/);
  await box.fill(word);
  await box.press('Enter');
  await page.waitForURL(/catalogName=/);
  const card = page.locator('.portal-card').filter({ hasText: name });
  await card.waitFor({ timeout: 20_000 });
  if (screenshot) await shot(page, screenshot);
  await card.getByRole('link').first().click();
  await page.waitForURL(/\/catalogue\/datacatalogue\/details/);
  await page.getByRole('heading', { name }).first().waitFor({ timeout: 30_000 });
}

/** The confirmation of a row action (取消挂载) is answered 确定. */
async function confirm(page: Page) {
  await page
    .locator('.ant-modal-confirm, .ant-popconfirm')
    .filter({ visible: true })
    .getByRole('button', { name: /确\s*定/ })
    .click();
}

// --- the walk ---------------------------------------------------------------------------------

describe('the data plane, walked', () => {
  it.skipIf(mariadbSkip)(
    `a department's MariaDB table becomes a data source, a reviewed and listed 库表 entry, a synced copy, and rows a visitor previews and downloads${mariadbSkip ? `（${mariadbSkip}）` : ''}`,
    { timeout: 300_000 },
    async () => {
      const officer = await newPage(env.browser);
      const reviewer = await newPage(env.browser);
      await signIn(officer, env.server.url, 'jtadmin', 'Dept@2026', '交通运输局');
      await signIn(reviewer, env.server.url, 'reviewer', 'Review@2026');

      // 资源管理 › 数据源管理 › 新增: 确定 waits for a successful 测试.
      await openMenu(officer, '资源管理', '数据源管理', /\/resources\/dataOigin/);
      await officer
        .getByRole('button', { name: /新\s*增/ })
        .first()
        .click();
      const drawer = officer.locator('.ant-drawer').filter({ hasText: '新增数据源' });
      await drawer.getByText('数据源类型').waitFor();
      await fillField(officer, '.ant-drawer', '数据源名称', SOURCE_NAME);
      await pickOption(officer, selectOf(officer, '.ant-drawer', '数据源类型'), 'MariaDB');
      await fillField(officer, '.ant-drawer', '数据库地址', MARIADB.host);
      await fillField(officer, '.ant-drawer', '端口', String(MARIADB.port));
      await fillField(officer, '.ant-drawer', '数据库名称', MARIADB.database);
      await fillField(officer, '.ant-drawer', '用户名', SOURCE_USER.name);
      await fillField(officer, '.ant-drawer', '密码', SOURCE_USER.password);
      await fillField(officer, '.ant-drawer', '数据源描述', '交通运输局公共自行车站点业务库（只读账号）');
      const ok = drawer.getByRole('button', { name: /确\s*定/ });
      expect(await ok.isDisabled()).toBe(true);
      expect(await ok.getAttribute('title')).toBe('请先测试成功');
      await shot(officer, 'walk-source-form');
      await drawer.getByRole('button', { name: /测\s*试/ }).click();
      await officer
        .getByText(/测试成功（/)
        .first()
        .waitFor({ timeout: 30_000 });
      await drawer.getByRole('button', { name: /确\s*定/, disabled: false }).waitFor();
      await shot(officer, 'walk-source-tested');
      await ok.click();
      await officer.getByText('新增成功').first().waitFor();
      const sourceRow = listRow(officer, SOURCE_NAME);
      await sourceRow.waitFor();
      expect(await sourceRow.innerText()).toContain('MariaDB');
      await shot(officer, 'walk-source-listed');

      // 目录编制: a 库表 entry whose items are read from the table's columns, submitted for review.
      await officer.goto(`${env.server.url}/cataloguemanage/list`);
      await officer.getByRole('button', { name: '新增目录' }).click();
      await officer.getByText('基本信息').first().waitFor();
      await fillField(officer, FORM, '信息资源名称', NAME);
      await pickOption(officer, selectOf(officer, FORM, '重点领域分类'), '交通运输');
      await fillField(
        officer,
        FORM,
        '信息资源摘要',
        `滨江市${WORD}片区公共自行车站点的名称、所属区县、锁桩数量和启用日期。`,
      );
      await pickOption(officer, selectOf(officer, FORM, '共享类型'), '无条件共享');
      await pickOption(officer, selectOf(officer, FORM, '开放类型'), '无条件开放');
      await pickOption(officer, selectOf(officer, FORM, '更新频率'), '不定期');
      await pickOption(officer, selectOf(officer, FORM, '汇聚方式'), '库表');
      await officer.getByRole('button', { name: '从数据表读取信息项' }).click();
      const reader = officer.getByRole('dialog').filter({ hasText: '从数据表读取信息项' });
      await pickOption(officer, reader.locator('.ant-select').first(), SOURCE_NAME);
      await pickOption(officer, reader.locator('.ant-select').nth(1), TABLE);
      await shot(officer, 'walk-items-from-table');
      await reader.getByRole('button', { name: '读取字段' }).click();
      await officer.getByText(`已按数据表 ${TABLE} 生成 5 个信息项`).first().waitFor();
      const names = officer.locator(FORM).getByPlaceholder('中文名称');
      expect(await names.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual([
        '站点编号',
        '站点名称',
        '所属区县',
        '锁桩数量',
        '启用日期',
      ]);
      expect(
        await officer
          .locator(FORM)
          .getByPlaceholder('如 station_name')
          .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
      ).toEqual(['station_id', 'station_name', 'district', 'docks', 'opened_on']);
      await shot(officer, 'walk-entry-items');
      await officer.getByRole('button', { name: /保存并提交审核/ }).click();
      await officer.getByText('已保存并提交审核').first().waitFor({ timeout: 20_000 });
      await officer.waitForURL('**/cataloguemanage/list');

      // The big-data bureau approves it; the officer asks for 上架 and that is approved too.
      await approve(reviewer, env.server.url, NAME, '编目审核');
      await officer.goto(`${env.server.url}/cataloguemanage/list`);
      const entryRow = officer.locator('.ant-table-row').filter({ hasText: NAME }).first();
      await entryRow.getByText('上架申请').click();
      const upDialog = officer.locator('.ant-modal').filter({ hasText: '上架申请' });
      await upDialog.locator('textarea').fill('站点数据已挂接，申请上架。');
      await upDialog.getByRole('button', { name: /确\s*定/ }).click();
      await officer.getByText('上架申请成功').waitFor();
      await approve(reviewer, env.server.url, NAME, '上架审核');

      // 数据归集 › 库表更新: 挂载 the table on the entry; the first sync copies every row.
      await openMenu(officer, '数据归集', '库表更新', /\/datacollection\/tableUpdate/);
      const mountRow = listRow(officer, NAME);
      await mountRow.getByText('未挂载').waitFor({ timeout: 30_000 });
      await mountRow.getByText('挂载', { exact: true }).click();
      const mount = officer.getByRole('dialog').filter({ hasText: `挂载数据表：${NAME}` });
      await pickOption(officer, mount.locator('.ant-select').first(), SOURCE_NAME);
      await pickOption(officer, mount.locator('.ant-select').nth(1), TABLE);
      await shot(officer, 'walk-table-mount');
      await mount.getByRole('button', { name: '挂载并同步' }).click();
      await officer.getByText(`挂载成功，已同步 ${STATIONS.length} 行`).first().waitFor({ timeout: 60_000 });
      await mountRow.getByText(SOURCE_NAME).waitFor();
      await mountRow.getByText(TABLE).waitFor();
      await mountRow
        .locator('td')
        .filter({ hasText: new RegExp(`^${STATIONS.length}$`) })
        .first()
        .waitFor();
      await shot(officer, 'walk-table-synced');

      // A visitor, not signed in, finds the entry, previews the rows and downloads them as CSV.
      const visitor = await newPage(env.browser);
      await findInPortal(visitor, env.server.url, WORD, NAME, 'walk-portal-found');
      await visitor.getByRole('tab', { name: '数据预览' }).click();
      await visitor
        .locator('.detail-note')
        .filter({ hasText: `数据表 ${TABLE} 共 ${STATIONS.length} 行` })
        .waitFor();
      const preview = visitor.locator('.detail-preview tbody tr');
      await preview.filter({ hasText: STATIONS[0][1] }).waitFor();
      expect(await preview.count()).toBe(STATIONS.length);
      const shown = await preview.allInnerTexts();
      for (const [, station, district] of STATIONS) {
        expect(
          shown.some((row) => row.includes(station) && row.includes(district)),
          station,
        ).toBe(true);
      }
      await shot(visitor, 'walk-portal-preview');
      await visitor.getByRole('tab', { name: '数据下载' }).click();
      const [download] = await Promise.all([
        visitor.waitForEvent('download'),
        visitor.getByRole('link', { name: `下载数据表 ${TABLE}（CSV）` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${TABLE}.csv`);
      const saved = path.join(mkdtempSync(path.join(tmpdir(), 'odp-e2e-walk-')), 'rows.csv');
      await download.saveAs(saved);
      const lines = readFileSync(saved, 'utf8')
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(lines).toHaveLength(STATIONS.length + 1);
      expect(lines[0]).toContain('站点名称');
      for (const [id, station, district, docks] of STATIONS) {
        expect(
          lines.some((l) => l.includes(station) && l.includes(district) && l.split(',').includes(String(docks))),
          `${id} ${station}`,
        ).toBe(true);
      }
      await shot(visitor, 'walk-portal-download');
    },
  );

  it('an officer cancels a demo 接口 mount and mounts it again on the department’s own service; a visitor’s call to the gateway follows', {
    timeout: 240_000,
  }, async () => {
    const ENTRY = '公交线路运营时刻表';
    const officer = await newPage(env.browser);
    const reviewer = await newPage(env.browser);
    await signIn(officer, env.server.url, 'jtadmin', 'Dept@2026', '交通运输局');
    await signIn(reviewer, env.server.url, 'reviewer', 'Review@2026');

    // The demo entry waits for its 上架: once approved, the gateway answers for it.
    await approve(reviewer, env.server.url, ENTRY, '上架审核');

    // The visitor finds the gateway address on the entry's API tab; the built-in service answers.
    const visitor = await newPage(env.browser);
    await findInPortal(visitor, env.server.url, '公交线路', ENTRY);
    await visitor.getByRole('heading', { name: ENTRY }).first().waitFor({ timeout: 30_000 });
    await visitor.getByRole('tab', { name: 'API 接口' }).click();
    const address = visitor.locator('.detail-api-facts code').first();
    await address.waitFor();
    const gateway = await address.innerText();
    expect(gateway.startsWith(`${env.server.url}/dtwave-om/open/api/v1/services/`), gateway).toBe(true);
    const builtin = await fetch(`${gateway}?lineName=${encodeURIComponent('12路')}`);
    expect(builtin.status).toBe(200);
    expect(JSON.stringify(await builtin.json())).toContain('滨江市公交集团');

    // 数据归集 › 接口发布: 取消挂载, and the gateway stops answering.
    await openMenu(officer, '数据归集', '接口发布', /\/datacollection\/interfaceRelease/);
    const row = listRow(officer, ENTRY);
    await row.getByText('已挂载').waitFor({ timeout: 30_000 });
    await row.getByText('内置演示服务').waitFor();
    await shot(officer, 'walk-interface-list');
    await row.getByText('取消挂载').click();
    await confirm(officer);
    await officer.getByText('已取消挂载').first().waitFor();
    await row.getByText('未挂载').waitFor();
    expect((await fetch(`${gateway}?lineName=${encodeURIComponent('12路')}`)).status).toBe(404);

    // 挂载 again, on the department's own service; 测试 reaches it.
    const service = `http://127.0.0.1:${upstreamPort}/bus/timetable?src=platform`;
    await row.getByText('挂载', { exact: true }).click();
    const drawer = officer.locator('.ant-drawer').filter({ hasText: `挂载接口：${ENTRY}` });
    await drawer.getByText('该接口目前由演示城市的内置服务提供').waitFor();
    await drawer.getByPlaceholder('https://api.example.gov.cn/v1/query').fill(service);
    await shot(officer, 'walk-interface-mount');
    await drawer.getByRole('button', { name: /确\s*定/ }).click();
    await officer.getByText('挂载成功').first().waitFor();
    await row.getByText('已挂载').waitFor();
    await row.getByText(service).waitFor();
    await row.getByText('测试', { exact: true }).click();
    await officer
      .getByText(/测试通过：/)
      .first()
      .waitFor({ timeout: 30_000 });
    await shot(officer, 'walk-interface-remounted');

    // The same address now answers from the department's service, with declared parameters only.
    const calls = upstreamCalls.length;
    const answer = await fetch(`${gateway}?lineName=${encodeURIComponent('B1路')}`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({
      code: 200,
      data: { provider: '滨江公交调度系统', lines: [{ line_name: 'B1路' }] },
    });
    expect(upstreamCalls.length).toBe(calls + 1);
    expect(new URLSearchParams(upstreamCalls.at(-1)).get('src')).toBe('platform');
    const undeclared = await fetch(`${gateway}?evil=1`);
    expect(undeclared.status).toBe(400);
    expect(upstreamCalls.length).toBe(calls + 1);

    // And from the visitor's 在线调试 on a fresh page.
    await visitor.reload();
    await visitor.getByRole('tab', { name: 'API 接口' }).click();
    await visitor.getByRole('button', { name: '发送请求' }).click();
    await visitor.getByText(/状态 200/).waitFor();
    expect(await visitor.locator('.detail-api-result pre').innerText()).toContain('滨江公交调度系统');
    await shot(visitor, 'walk-interface-visitor');
  });
});
