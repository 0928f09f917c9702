import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillField, pickOption, signIn } from '../support/actions.js';
import { apiCall, apiLogin } from '../support/api.js';
import { newPage, shot } from '../support/browser.js';
import { MARIADB, mariadbAllow, mariadbSkip, onMariadb, queryMariadb } from '../support/mariadb.js';
import { useServerAndBrowser } from '../support/suite.js';

/**
 * 数据共享, walked by the three people it takes: 交通运输局 applies for a 卫健委 table from its detail
 * page, 卫健委 narrows the items and approves, the bureau's reviewer approves, and 交通运输局 sees the
 * granted columns' rows, exchanges them into its own MariaDB, and releases the data.
 */

const env = useServerAndBrowser({ env: { DATASOURCE_ALLOW: mariadbAllow() } });
const suffix = randomBytes(3).toString('hex');
/** 交通运输局's own database account, which the exchange writes with. */
const TARGET_USER = { name: `e2e_share_${suffix}`, password: `Share@2026-${suffix}` };
const TARGET_TABLE = `e2e_share_${suffix}`;
const SOURCE_NAME = `交通运输局业务库${suffix}`;

type Entry = { id: string; catalogName: string; totalNum?: number };
type Item = { name: string; shareProperty: string };

let entry: Entry;
/** The items applied for, and the two 卫健委 takes away. */
let items: string[];
let withheld: string[];

beforeAll(async () => {
  if (mariadbSkip) return;
  await onMariadb([
    `create user '${TARGET_USER.name}'@'%' identified by '${TARGET_USER.password}'`,
    `grant select, insert, update, delete, create, alter on \`${MARIADB.database}\`.* to '${TARGET_USER.name}'@'%'`,
  ]);
  // A 卫健委 table shared without conditions, with rows: any the demo city has.
  const page = await apiCall<{ records: Entry[] }>(`${env.server.api}/api/resourceMarket/page`, undefined, {
    pageNo: 1,
    pageSize: 50,
    treeItemId: 2,
    orgCode: 'BJ005',
    dataFormat: 'table',
    shareType: '10',
  });
  const withRows = [];
  for (const candidate of page.records) {
    const detail = await apiCall<Entry>(`${env.server.api}/api/resourceMarket/detail?id=${candidate.id}`);
    if ((detail.totalNum ?? 0) > 0) withRows.push(detail);
  }
  expect(withRows.length, '卫健委 has a 无条件共享 table with rows').toBeGreaterThan(0);
  entry = withRows[0];
  // 交通运输局's database, as its administrator registers it (the data-source walk does this on screen).
  const admin = await apiLogin(env.server.api, 'admin', 'Admin@2026');
  await apiCall(`${env.server.api}/api/DataSource/addDataSource`, admin, {
    dataName: SOURCE_NAME,
    databaseType: 'mariadb',
    host: MARIADB.host,
    port: MARIADB.port,
    databaseName: MARIADB.database,
    userName: TARGET_USER.name,
    password: TARGET_USER.password,
    orgCode: 'BJ003',
  });
  const officer = await apiLogin(env.server.api, 'jtadmin', 'Dept@2026');
  const defaults = await apiCall<{ items: Item[] }>(
    `${env.server.api}/api/share/getApplyDefaultInfo?catalogId=${entry.id}`,
    officer,
  );
  items = defaults.items.filter((i) => i.shareProperty !== '30').map((i) => i.name);
  expect(items.length, 'the entry has at least three shareable items').toBeGreaterThanOrEqual(3);
  withheld = items.slice(-2);
});

afterAll(async () => {
  if (mariadbSkip) return;
  await onMariadb([`drop user if exists '${TARGET_USER.name}'@'%'`, `drop table if exists \`${TARGET_TABLE}\``]);
});

/** This walk's application: its title is its own (demo applications may name the same entry). */
const TITLE = `交通场站防疫调度用数申请${suffix}`;
/** The row of a 数据共享 list that is this walk's application. */
const rowOf = (page: Page) => page.locator('.ant-table-row').filter({ hasText: TITLE }).first();

/** Opens a drawer's or dialog's container by its title. */
const drawerTitled = (page: Page, title: string | RegExp) =>
  page.locator('.ant-drawer-content').filter({ has: page.locator('.ant-drawer-title', { hasText: title }) });

async function confirmDialog(page: Page, text: string | RegExp, button: RegExp) {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await dialog.waitFor();
  // A click while the dialog still zooms in can be lost: it is tried again until the dialog goes
  // (a click on a button that is already working does nothing).
  for (let attempt = 1; ; attempt++) {
    await dialog.getByRole('button', { name: button }).click();
    try {
      await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** 审批 from 审批中: the review drawer of the application, at whichever node waits on the signed-in user. */
async function openReview(page: Page): Promise<Locator> {
  await page.goto(`${env.server.url}/datasharing/examine`);
  const row = rowOf(page);
  await row.waitFor();
  await row.getByText('审批', { exact: true }).click();
  const drawer = drawerTitled(page, /^共享审批/);
  await drawer.getByText(entry.catalogName).first().waitFor();
  return drawer;
}

describe('数据共享', () => {
  it.skipIf(mariadbSkip)(
    `交通运输局 applies for a 卫健委 table, 卫健委 narrows it, the bureau approves, 交通运输局 uses, exchanges and releases it${mariadbSkip ? `（${mariadbSkip}）` : ''}`,
    { timeout: 180_000 },
    async () => {
      const url = env.server.url;

      // 交通运输局 applies from the entry's page in the portal.
      const transport = await newPage(env.browser);
      await signIn(transport, url, 'jtadmin', 'Dept@2026', '交通运输局');
      await transport.goto(`${url}/catalogue/datacatalogue/details?id=${entry.id}`);
      await transport.getByRole('button', { name: '申请共享' }).click();
      const form = drawerTitled(transport, '申请共享');
      await form.getByPlaceholder('请输入申请标题').waitFor();
      await expect.poll(() => form.getByPlaceholder('请输入申请标题').inputValue()).toContain(entry.catalogName);
      await form.getByPlaceholder('请输入申请标题').fill(TITLE);
      await fillField(transport, '.ant-drawer', '申请说明', '用于公共交通场站的防疫调度与客流研判');
      await form.getByRole('checkbox', { name: '永久申请' }).check();
      for (const name of items) await form.getByRole('checkbox', { name: `选择信息项 ${name}` }).check();
      await form.locator('.ant-form-item').filter({ hasText: '我已阅读并同意' }).locator('.ant-checkbox-input').check();
      await shot(transport, 'share-walk-apply');
      await form.getByRole('button', { name: '提交申请' }).click();
      await transport.getByText('申请已提交，等待数源部门审核').waitFor();

      // 卫健委 grants all but the last two items.
      const health = await newPage(env.browser);
      await signIn(health, url, 'wsjadmin', 'Dept@2026');
      const sourceReview = await openReview(health);
      for (const name of withheld) await sourceReview.getByRole('checkbox', { name: `授权信息项 ${name}` }).uncheck();
      await shot(health, 'share-walk-source-narrowed');
      // The narrowed items are saved with the approval.
      await sourceReview.getByRole('button', { name: /^通\s*过$/ }).click();
      const sourceDialog = health.getByRole('dialog').filter({ hasText: `（${items.length - 2} 个信息项）` });
      await sourceDialog.waitFor();
      await sourceDialog.getByRole('textbox').fill('死亡数与发病率不在交通调度所需范围内');
      await confirmDialog(health, `（${items.length - 2} 个信息项）`, /^通\s*过$/);

      // The bureau's reviewer approves.
      const reviewer = await newPage(env.browser);
      await signIn(reviewer, url, 'reviewer', 'Review@2026');
      const bureauReview = await openReview(reviewer);
      await shot(reviewer, 'share-walk-bureau-review');
      await bureauReview.getByRole('button', { name: /^通\s*过$/ }).click();
      await confirmDialog(reviewer, /确定通过/, /^通\s*过$/);

      // 交通运输局 sees exactly the granted columns.
      await transport.goto(`${url}/datasharing/useing`);
      const inUse = rowOf(transport);
      await inUse.waitFor();
      await inUse.getByText('使用数据', { exact: true }).click();
      await transport.getByRole('tab', { name: '数据预览' }).waitFor();
      const preview = transport.getByRole('tabpanel', { name: '数据预览' });
      await preview.locator('.ant-table-row').first().waitFor();
      const headers = (await preview.locator('.ant-table-thead th').allInnerTexts())
        .map((h) => h.trim())
        .filter(Boolean);
      expect(headers.filter((h) => items.includes(h)).sort()).toEqual(items.slice(0, -2).sort());
      for (const name of withheld) expect(headers).not.toContain(name);
      await shot(transport, 'share-walk-use-data');

      // …and exchanges them into its own database, creating the table.
      await transport.getByRole('tab', { name: '交换资源' }).click();
      const exchange = transport.getByRole('tabpanel', { name: '交换资源' });
      const destination = exchange.locator('.ant-form-item').filter({ hasText: '目的库' }).locator('.ant-select');
      await pickOption(transport, destination, SOURCE_NAME);
      await exchange.getByPlaceholder('例如 share_hospital_info').fill(TARGET_TABLE);
      await exchange.getByRole('button', { name: '按顺序映射' }).click();
      await exchange.getByText(`映射结果（${items.length - 2}）`).waitFor();
      const rule = exchange.locator('.ant-form-item').filter({ hasText: '导入规则' }).locator('.ant-select');
      await pickOption(transport, rule, '覆盖已有记录');
      await exchange.getByRole('button', { name: /^提\s*交$/ }).click();
      const done = exchange.getByText(/交换完成：写入 [\d,]+ 行/);
      await done.waitFor({ timeout: 60_000 });
      await shot(transport, 'share-walk-exchanged');
      const [{ n }] = await queryMariadb<{ n: number }>(`select count(*) as n from \`${TARGET_TABLE}\``);
      expect(Number(n)).toBe(entry.totalNum);
      expect((await done.innerText()).replace(/,/g, '')).toContain(`写入 ${entry.totalNum} 行`);
      const columns = await queryMariadb<{ COLUMN_NAME: string }>(
        `select column_name as COLUMN_NAME from information_schema.columns
          where table_schema = '${MARIADB.database}' and table_name = '${TARGET_TABLE}'`,
      );
      expect(columns).toHaveLength(items.length - 2);

      // Released early: gone from 正在使用, listed as 手动释放.
      await transport.goto(`${url}/datasharing/useing`);
      await rowOf(transport).getByText('释放数据', { exact: true }).click();
      const popconfirm = transport.locator('.ant-popconfirm:visible').filter({ hasText: '是否确认提前释放数据？' });
      await popconfirm.getByRole('button', { name: /确\s*定/ }).click();
      await transport.getByText('数据已释放').waitFor();
      await transport.goto(`${url}/datasharing/releasedlist`);
      const released = rowOf(transport);
      await released.waitFor();
      await expect.poll(() => released.innerText()).toContain('手动释放');
      await shot(transport, 'share-walk-released');
    },
  );
});
