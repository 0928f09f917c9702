import type { ImportRowError } from '@odp/contracts';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSystems, catalogueItems, catalogueServiceMatters, catalogues } from '../../../db/schema/index.js';
import { createCatalogue } from '../../../test/catalogue.js';
import { createDepart, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { seedCategories } from '../category/seed.js';
import { serviceMatterOf, writeServiceMatter } from '../entry/service-matter.js';
import { logRowsOf } from '../lifecycle/history.js';

let ctx: TestContext;
let depart: { id: string; orgCode: string; departName: string };
let other: { id: string; orgCode: string; departName: string };
let officer: string;
let reviewer: string;
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedCategories(ctx.db);
  depart = await createDepart(ctx.db);
  other = await createDepart(ctx.db);
  officer = (await signedIn(ctx, { roles: ['dept_admin'], departs: [depart] })).token;
  reviewer = (await signedIn(ctx, { roles: ['reviewer'], departs: [depart] })).token;
  adminToken = (await signedIn(ctx, { roles: ['admin'], departs: [depart] })).token;
});
afterAll(() => ctx.close());

const countEntries = async () => (await ctx.db.select({ n: count() }).from(catalogues))[0].n;

async function download(token: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await ctx.app.inject({
    method,
    url: `${ctx.base}${path}`,
    headers: { 'x-access-token': token },
    payload: body as Record<string, unknown> | undefined,
  });
  return res;
}

async function upload(token: string | null, fileName: string, content: Buffer) {
  const boundary = '----odp-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${ctx.base}/api/cataLog/importExcel`,
    headers: {
      ...(token ? { 'x-access-token': token } : {}),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([head, content, tail]),
  });
  return { status: res.statusCode, body: res.json() };
}

/** Fills the downloaded template: entry rows by header, item rows by header. */
async function workbook(entries: Record<string, unknown>[], items: Record<string, unknown>[] = []): Promise<Buffer> {
  const res = await download(officer, 'GET', '/api/cataLog/importTemplate');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const fill = (name: string, rows: Record<string, unknown>[]) => {
    const sheet = wb.getWorksheet(name);
    if (!sheet) throw new Error(`no sheet ${name}`);
    const headers = (sheet.getRow(1).values as unknown[]).map((h) => String(h ?? '').replace('*', ''));
    rows.forEach((row, i) => {
      for (const [key, value] of Object.entries(row)) {
        const col = headers.indexOf(key);
        if (col < 1) throw new Error(`no column ${key}`);
        sheet.getRow(i + 2).getCell(col).value = value as ExcelJS.CellValue;
      }
    });
  };
  fill('目录', entries);
  fill('信息项', items);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const goodEntry = (name: string, patch: Record<string, unknown> = {}) => ({
  信息资源名称: name,
  信息资源摘要: '导入测试用的信息资源摘要，内容足够长以满足规则。',
  重点领域分类: '交通运输',
  共享类型: '无条件共享',
  开放类型: '1',
  更新频率: '每日',
  更新时间点: '08:00',
  汇聚方式: '文件',
  资源分类: '交通出行',
  发布日期: '2026-01-31',
  是否向社会开放: '是',
  ...patch,
});

describe('GET /api/cataLog/importTemplate', () => {
  it('is an .xlsx with the 目录, 信息项 and 说明 sheets', async () => {
    const res = await download(officer, 'GET', '/api/cataLog/importTemplate');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((s) => s.name)).toEqual(['目录', '信息项', '说明']);
    const headers = wb.getWorksheet('目录')?.getRow(1).values as string[];
    expect(headers).toContain('*信息资源名称');
    expect(headers).toContain('*开放类型');
    const guide = wb.getWorksheet('说明');
    const texts: string[] = [];
    guide?.eachRow((row) => {
      texts.push((row.values as unknown[]).join('|'));
    });
    expect(texts.some((t) => t.includes('开放类型|1|无条件开放'))).toBe(true);
    expect((await download(reviewer, 'GET', '/api/cataLog/importTemplate')).statusCode).toBe(403);
  });
});

describe('POST /api/cataLog/importExcel', () => {
  it('creates every entry with its items when all rows are valid, codes or labels alike', async () => {
    const file = await workbook(
      [
        goodEntry('导入目录甲'),
        goodEntry('导入目录乙', { 开放类型: '有条件开放', 开放条件: '实名申请', 更新频率: '7', 更新时间点: null }),
      ],
      [
        { 目录名称: '导入目录甲', 信息项名称: '线路编号', 数据类型: '字符型', 数据长度: 20, 是否主键: '是' },
        { 目录名称: '导入目录甲', 信息项名称: '线路名称', 数据类型: 'C' },
        { 目录名称: '导入目录乙', 信息项名称: '站点名称', 数据类型: '字符型', 是否脱敏: '否' },
      ],
    );
    const res = await upload(officer, '目录.xlsx', file);
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ created: 2 });
    const [a] = await ctx.db.select().from(catalogues).where(eq(catalogues.catalogName, '导入目录甲'));
    expect(a).toMatchObject({
      orgCode: depart.orgCode,
      keyAreasType: '6',
      shareType: '10',
      openType: '1',
      updateFrequency: '1',
      inputFrequency: '08:00',
      dataFormat: 'file',
      openSociety: true,
      catalogStatus: 0,
    });
    expect(a.catalogCode).toMatch(/^3-06-\d{3}-\d{4}$/);
    expect(a.categoryId).toBeTruthy();
    const items = await ctx.db.select().from(catalogueItems).where(eq(catalogueItems.catalogId, a.id));
    expect(items.map((i) => [i.serialNumber, i.name, i.dataType, i.primaryKey])).toEqual([
      [1, '线路编号', 'C', true],
      [2, '线路名称', 'C', false],
    ]);
    const [b] = await ctx.db.select().from(catalogues).where(eq(catalogues.catalogName, '导入目录乙'));
    expect(b).toMatchObject({ openType: '2', openCondition: '实名申请' });
    const [log] = await logRowsOf(ctx.db, a.id);
    expect(log.action).toBe('import');
  });

  it('writes nothing when one row is wrong, and lists every error by row', async () => {
    const before = await countEntries();
    const file = await workbook(
      [
        goodEntry('导入好目录'),
        goodEntry('导入坏目录', { 共享类型: '有条件共享' }),
        goodEntry('导入坏目录二', { 开放类型: '随便开放', 信息资源摘要: '太短' }),
      ],
      [
        { 目录名称: '导入好目录', 信息项名称: '字段甲', 数据类型: '字符型' },
        { 目录名称: '不存在的目录', 信息项名称: '字段乙', 数据类型: '字符型' },
        { 目录名称: '导入好目录', 信息项名称: 'abc', 数据类型: '字符型' },
      ],
    );
    const res = await upload(officer, 'bad.xlsx', file);
    expect(res.status).toBe(400);
    const errors = res.body.result.errors as ImportRowError[];
    expect(errors).toEqual(
      expect.arrayContaining([
        { sheet: '目录', row: 3, field: '共享条件', message: '共享类型为有条件共享时，请填写共享条件' },
        { sheet: '目录', row: 4, field: '开放类型', message: '“随便开放”不是有效的开放类型' },
        { sheet: '目录', row: 4, field: '信息资源摘要', message: '信息资源摘要不能少于 20 个字符' },
        { sheet: '信息项', row: 3, field: '目录名称', message: '“目录”工作表中没有名为“不存在的目录”的目录' },
        { sheet: '信息项', row: 4, field: '信息项名称', message: '信息项名称须为中文' },
      ]),
    );
    expect(res.body.message).toMatch(/^导入失败，共 \d+ 处错误：目录第 3 行 共享条件/);
    expect(await countEntries()).toBe(before);
  });

  it('refuses names taken in the department or repeated in the file', async () => {
    const existing = await createCatalogue(ctx.db, { orgCode: depart.orgCode });
    const file = await workbook([goodEntry(existing.catalogName), goodEntry('重复名'), goodEntry('重复名')]);
    const res = await upload(officer, 'dup.xlsx', file);
    expect(res.status).toBe(400);
    const errors = res.body.result.errors as ImportRowError[];
    expect(errors).toEqual(
      expect.arrayContaining([
        { sheet: '目录', row: 2, field: '信息资源名称', message: '本部门已存在同名目录' },
        { sheet: '目录', row: 4, field: '信息资源名称', message: '与第 3 行的目录同名' },
      ]),
    );
  });

  it('refuses a 数源应用系统 the department has not registered, and takes one it has', async () => {
    await ctx.db.insert(appSystems).values({ appName: '导入测试业务系统', orgCode: depart.orgCode, state: '1' });
    const before = await countEntries();
    const bad = await upload(
      officer,
      'sys.xlsx',
      await workbook([goodEntry('系统未登记', { 数源应用系统: '别处的系统' })]),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.result.errors).toEqual([
      {
        sheet: '目录',
        row: 2,
        field: '数源应用系统',
        message: '数源应用系统须为本部门已启用的应用系统（在“系统维护”中登记）',
      },
    ]);
    expect(await countEntries()).toBe(before);
    const good = await upload(
      officer,
      'sys.xlsx',
      await workbook([goodEntry('系统已登记', { 数源应用系统: '导入测试业务系统' })]),
    );
    expect(good.status).toBe(200);
    expect(await countEntries()).toBe(before + 1);
  });

  it('lets an administrator import for a named department', async () => {
    const file = await workbook([goodEntry('管理员导入的目录', { 数源单位: other.departName })]);
    const res = await upload(adminToken, 'admin.xlsx', file);
    expect(res.status).toBe(200);
    const [row] = await ctx.db.select().from(catalogues).where(eq(catalogues.catalogName, '管理员导入的目录'));
    expect(row.orgCode).toBe(other.orgCode);
  });

  it('checks the file and the permission', async () => {
    const file = await workbook([goodEntry('权限测试目录')]);
    expect((await upload(null, 'a.xlsx', file)).status).toBe(401);
    expect((await upload(reviewer, 'a.xlsx', file)).status).toBe(403);
    const notXlsx = await upload(officer, 'a.csv', Buffer.from('a,b\n1,2'));
    expect(notXlsx.status).toBe(400);
    expect(notXlsx.body.message).toBe('只支持导入 .xlsx 文件');
    const fake = await upload(officer, 'a.xlsx', Buffer.from('not a zip at all'));
    expect(fake.status).toBe(400);
    const big = await upload(officer, 'big.xlsx', Buffer.concat([file, Buffer.alloc(10 * 1024 * 1024 + 10)]));
    expect(big.status).toBe(413);
    const empty = await upload(officer, 'empty.xlsx', await workbook([]));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('文件中没有目录数据');
  });
});

describe('POST /api/cataLog/exportExcel', () => {
  it('exports the filtered rows of the caller’s scope with the chosen columns, formulas neutralised', async () => {
    await createCatalogue(ctx.db, { orgCode: depart.orgCode, catalogName: '导出测试一', openType: '2' });
    await createCatalogue(ctx.db, { orgCode: depart.orgCode, catalogName: '=导出测试公式', catalogStatus: 2 });
    await createCatalogue(ctx.db, { orgCode: other.orgCode, catalogName: '导出测试他部门' });
    const res = await download(officer, 'POST', '/api/cataLog/exportExcel', {
      catalogName: '导出测试',
      columns: ['catalogName', 'openType', 'catalogStatus', 'itemCount'],
      sort: 'catalogName',
      order: 'asc',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="catalogue.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('目录');
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows[0]).toEqual(['信息资源名称', '开放类型', '编目状态', '信息项数']);
    expect(rows.slice(1)).toEqual([
      ["'=导出测试公式", '无条件开放', '审核通过', 0],
      ['导出测试一', '有条件开放', '草稿', 0],
    ]);

    const all = await download(reviewer, 'POST', '/api/cataLog/exportExcel', { catalogName: '导出测试' });
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(all.rawPayload as unknown as ArrayBuffer);
    expect(wb2.getWorksheet('目录')?.rowCount).toBe(4);
  });

  it('refuses unknown columns and callers without catalog:export', async () => {
    const bad = await call(ctx, 'POST', '/api/cataLog/exportExcel', {
      token: officer,
      body: { columns: ['passwordHash'] },
    });
    expect(bad.status).toBe(400);
    const citizen = await signedIn(ctx, { roles: ['registered'] });
    expect((await call(ctx, 'POST', '/api/cataLog/exportExcel', { token: citizen.token, body: {} })).status).toBe(403);
  });
});

describe('服务事项 in the export and the import', () => {
  const MATTER_COLUMNS = [
    'relatedGovernment',
    'businessCode',
    'businessName',
    'eventType',
    'eventLevel',
    'directoryCode',
    'itemData',
    'implementationCode',
    'implementationName',
    'drivingLevel',
    'resultType',
    'applicationScenario',
    'applicationScenarioDescribe',
    'provideChannels',
    'electronicLicense',
  ];
  const IMPORTABLE = ['catalogName', 'informationSummary', 'keyAreasType', 'shareType', 'openType', 'updateFrequency'];

  async function exported(namePart: string): Promise<ExcelJS.Workbook> {
    const res = await download(officer, 'POST', '/api/cataLog/exportExcel', {
      catalogName: namePart,
      columns: [...IMPORTABLE, 'dataFormat', ...MATTER_COLUMNS],
      sort: 'catalogName',
      order: 'asc',
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return wb;
  }
  const bytes = async (wb: ExcelJS.Workbook) => Buffer.from(await wb.xlsx.writeBuffer());

  it('exports the 服务事项 as columns and imports them back into another department unchanged', async () => {
    const served = await createCatalogue(ctx.db, { orgCode: depart.orgCode, catalogName: '往返事项一' });
    await createCatalogue(ctx.db, { orgCode: depart.orgCode, catalogName: '往返事项二' });
    await writeServiceMatter(ctx.db, served.id, {
      relatedGovernment: '1',
      businessCode: '11330100MB1234567X4000117001',
      businessName: '道路运输经营许可（客运）',
      eventType: '1',
      eventLevel: '2',
      directoryCode: '000117001000',
      itemData: '道路运输经营许可',
      implementationCode: '11330100MB1234567X400011700101',
      implementationName: '道路旅客运输经营许可',
      drivingLevel: '3',
      resultType: '1',
      applicationScenario: '1',
      applicationScenarioDescribe: '2',
      provideChannels: ['1', '3'],
      electronicLicense: '1',
    });
    const original = await serviceMatterOf(ctx.db, served.id);

    const wb = await exported('往返事项');
    const sheet = wb.getWorksheet('目录');
    if (!sheet) throw new Error('no sheet');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(7)).toEqual([
      '关联政务服务',
      '业务办理项编码',
      '业务办理项名称',
      '事项类型',
      '事项分类',
      '事项目录编码',
      '事项目录名称',
      '实施清单编码',
      '实施清单名称',
      '行使层级',
      '办理结果类型',
      '应用场景',
      '场景用途',
      '提供渠道',
      '是否电子证照',
    ]);
    const first = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(first[0]).toBe('往返事项一');
    expect(first.slice(7, 10)).toEqual(['是', '11330100MB1234567X4000117001', '道路运输经营许可（客运）']);
    expect(first[10]).toBe('行政许可');
    expect(first[20]).toBe('政务服务网、小程序');
    expect(first[21]).toBe('是');
    expect((sheet.getRow(3).values as unknown[]).slice(8, 9)).toEqual(['否']);

    // Another department's officer imports the file as it was exported.
    const third = await createDepart(ctx.db);
    const importer = (await signedIn(ctx, { roles: ['dept_admin'], departs: [third] })).token;
    const res = await upload(importer, '往返.xlsx', await bytes(wb));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toEqual({ created: 2 });
    const copies = await ctx.db.select().from(catalogues).where(eq(catalogues.orgCode, third.orgCode));
    const copy = copies.find((c) => c.catalogName === '往返事项一');
    const plain = copies.find((c) => c.catalogName === '往返事项二');
    if (!copy || !plain) throw new Error('not imported');
    expect(await serviceMatterOf(ctx.db, copy.id)).toEqual(original);
    expect(await serviceMatterOf(ctx.db, plain.id)).toBeNull();
  });

  it('refuses a bad 服务事项 row with its row number and a Chinese reason, writing nothing', async () => {
    const served = await createCatalogue(ctx.db, { orgCode: depart.orgCode, catalogName: '坏行事项一' });
    await writeServiceMatter(ctx.db, served.id, {
      relatedGovernment: '1',
      businessCode: 'B-1',
      businessName: '业务一',
      eventType: '2',
      implementationCode: 'S-1',
      implementationName: '实施一',
      provideChannels: [],
      electronicLicense: '0',
    });
    await createCatalogue(ctx.db, { orgCode: depart.orgCode, catalogName: '坏行事项二' });
    const target = await createDepart(ctx.db);
    const importer = (await signedIn(ctx, { roles: ['dept_admin'], departs: [target] })).token;
    const before = await countEntries();
    const matters = (await ctx.db.select({ n: count() }).from(catalogueServiceMatters))[0].n;
    const cases: [number, string, unknown, string][] = [
      [2, '事项类型', '不存在的类型', '“不存在的类型”不是有效的事项类型'],
      [2, '业务办理项编码', '编码 有空格', '业务办理项编码只能包含字母、数字和连字符'],
      [2, '提供渠道', '政务服务网、信鸽', '“信鸽”不是有效的提供渠道'],
      [3, '关联政务服务', '也许', '关联政务服务请填写“是”或“否”'],
    ];
    // 是 without the item: each required field is named, the first in the message.
    const wb = await exported('坏行事项');
    const sheet = wb.getWorksheet('目录');
    if (!sheet) throw new Error('no sheet');
    const headers = (sheet.getRow(1).values as unknown[]).map((h) => String(h ?? ''));
    sheet.getRow(3).getCell(headers.indexOf('关联政务服务')).value = '是';
    const missing = await upload(importer, '坏行.xlsx', await bytes(wb));
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(
      '导入失败，共 5 处错误：目录第 3 行 业务办理项编码：关联政务服务时，请填写业务办理项编码',
    );
    expect((missing.body.result.errors as ImportRowError[]).map((e) => [e.row, e.field])).toEqual([
      [3, '业务办理项编码'],
      [3, '业务办理项名称'],
      [3, '实施清单编码'],
      [3, '实施清单名称'],
      [3, '事项类型'],
    ]);
    for (const [row, column, value, reason] of cases) {
      const wb = await exported('坏行事项');
      const sheet = wb.getWorksheet('目录');
      if (!sheet) throw new Error('no sheet');
      const headers = (sheet.getRow(1).values as unknown[]).map((h) => String(h ?? ''));
      sheet.getRow(row).getCell(headers.indexOf(column)).value = value as ExcelJS.CellValue;
      const res = await upload(importer, '坏行.xlsx', await bytes(wb));
      expect(res.status, `${column}=${value}`).toBe(400);
      expect(res.body.message).toBe(`导入失败，共 1 处错误：目录第 ${row} 行 ${column}：${reason}`);
      expect(res.body.result.errors).toEqual([{ sheet: '目录', row, field: column, message: reason }]);
    }
    expect(await countEntries()).toBe(before);
    expect((await ctx.db.select({ n: count() }).from(catalogueServiceMatters))[0].n).toBe(matters);
  });
});
