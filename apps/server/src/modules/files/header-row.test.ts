import type { CatalogueFile, FilePreview } from '@odp/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueFiles } from '../../db/schema/index.js';
import { createDepart, signedIn } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { storedRowsOfFile } from '../datastore/testing.js';
import { createMarketEntry } from '../market/testing.js';
import { checkFile, detectHeaderRow, parseData } from './formats.js';
import { fileLimits } from './limits.js';

/**
 * A workbook as departments publish them: a title merged across the table, a unit line, then a
 * header whose 联系方式 spans two columns over a second header row, then the data.
 */
async function reportWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('学校名录');
  sheet.addRow(['滨江市2026年中小学名录']);
  sheet.mergeCells('A1:D1');
  sheet.addRow(['单位：所', '', '', '']);
  sheet.addRow(['学校名称', '所在区', '联系方式']);
  sheet.mergeCells('C3:D3');
  sheet.addRow(['', '', '电话', '邮箱']);
  sheet.addRow(['滨江市第一中学', '东湖区', '0571-88001234', 'yz@bj.edu.cn']);
  sheet.addRow(['滨江市实验小学', '西湖区', '0571-88005678', 'sx@bj.edu.cn']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function parsed(fileName: string, bytes: Buffer, headerRow?: number) {
  const source = { bytes };
  const data = await parseData(source, await checkFile(fileName, source), fileLimits(), { headerRow });
  const rows: string[][] = [];
  for await (const r of data.rows) rows.push(r);
  return { columns: data.columns, headerRow: data.headerRow, rows };
}

describe('detectHeaderRow', () => {
  it('passes over title and note rows to the first row that names most columns in text', () => {
    const rows = [
      ['滨江市公交线路表'],
      ['数据截至 2026 年 6 月', ''],
      ['线路', '起点', '终点'],
      ['1路', '火车站', '东湖公园'],
      ['2路', '西湖区政府', '滨江大学'],
    ];
    expect(detectHeaderRow(rows)).toBe(2);
    // A title merged across the table repeats one value in every cell: still a title.
    expect(detectHeaderRow([['年报', '年报', '年报'], ...rows.slice(2)])).toBe(1);
  });

  it('keeps the first row when it is the header or when the table does not start with titles', () => {
    expect(
      detectHeaderRow([
        ['线路', '起点', '终点'],
        ['1路', '火车站', '东湖公园'],
      ]),
    ).toBe(0);
    // A row of numbers is data, not a header: the file is read as it was before detection.
    expect(
      detectHeaderRow([
        ['2024', '2025', '2026'],
        ['12', '15', '18'],
      ]),
    ).toBe(0);
    // A header naming fewer columns than its rows fill stays the header.
    expect(
      detectHeaderRow([
        ['站点', '地址'],
        ['东湖站', '湖滨路1号', '备用'],
        ['西湖站', '西溪路2号', '备用'],
      ]),
    ).toBe(0);
  });
});

describe('parseData with title rows', () => {
  it('reads an XLSX from its detected header, a merged header cell naming each column it spans', async () => {
    const out = await parsed('学校名录.xlsx', await reportWorkbook());
    expect(out.headerRow).toBe(3);
    expect(out.columns).toEqual(['学校名称', '所在区', '联系方式', '联系方式']);
    expect(out.rows).toEqual([
      ['', '', '电话', '邮箱'],
      ['滨江市第一中学', '东湖区', '0571-88001234', 'yz@bj.edu.cn'],
      ['滨江市实验小学', '西湖区', '0571-88005678', 'sx@bj.edu.cn'],
    ]);
  });

  it('reads from the row the officer names, counted as the sheet numbers it', async () => {
    const out = await parsed('学校名录.xlsx', await reportWorkbook(), 4);
    expect(out.headerRow).toBe(4);
    expect(out.columns).toEqual(['列1', '列2', '电话', '邮箱']);
    expect(out.rows.map((r) => r[0])).toEqual(['滨江市第一中学', '滨江市实验小学']);
  });

  it('detects the header of a CSV under a title line and numbers CSV rows by line', async () => {
    const csv = Buffer.from('滨江市公交线路表,,\n\n线路,起点,终点\n1路,火车站,东湖公园\n2路,西湖区政府,滨江大学\n');
    const out = await parsed('线路.csv', csv);
    expect(out.headerRow).toBe(3);
    expect(out.columns).toEqual(['线路', '起点', '终点']);
    expect(out.rows).toHaveLength(2);
    expect((await parsed('线路.csv', csv, 1)).columns).toEqual(['滨江市公交线路表', '列2', '列3']);
  });

  it('refuses a header row past the end or on an empty line, and one for JSON, in Chinese', async () => {
    const csv = Buffer.from('线路,起点\n1路,火车站\n\n2路,东湖\n');
    await expect(parsed('线路.csv', csv, 9)).rejects.toMatchObject({
      status: 400,
      message: '表头所在行超出了文件的行数（共 4 行）',
    });
    await expect(parsed('线路.csv', csv, 3)).rejects.toMatchObject({
      status: 400,
      message: '第 3 行为空，不能作为表头',
    });
    await expect(parsed('线路.json', Buffer.from('[{"a":1}]'), 2)).rejects.toMatchObject({
      status: 400,
      message: '仅 CSV、XLSX、XLS 文件可以指定表头所在行',
    });
  });
});

describe('header row over HTTP', () => {
  let ctx: TestContext;
  let officer: string;
  let orgCode: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const depart = await createDepart(ctx.db);
    orgCode = depart.orgCode;
    officer = (await signedIn(ctx, { roles: ['dept_admin'], departs: [depart] })).token;
  });
  afterAll(() => ctx.close());

  const upload = (catalogId: string, bytes: Buffer, headerRow?: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), '学校名录.xlsx');
    return ctx.app.inject({
      method: 'POST',
      url: `${ctx.base}/api/file/upload`,
      query: { catalogId, kind: 'data', ...(headerRow === undefined ? {} : { headerRow }) },
      headers: { 'x-access-token': officer },
      payload: form,
    });
  };
  const filesOf = (catalogId: string) =>
    ctx.db.select().from(catalogueFiles).where(eq(catalogueFiles.catalogId, catalogId));

  it('answers the detected row, stores the rows below it, and previews with another row', async () => {
    const entry = await createMarketEntry(ctx.db, orgCode, { catalogStatus: 0, shelfStatus: 0 });
    const res = await upload(entry.id, await reportWorkbook());
    expect(res.statusCode).toBe(200);
    const file = res.json().result as CatalogueFile;
    expect(file).toMatchObject({ headerRow: 3, rowCount: 3, columns: ['学校名称', '所在区', '联系方式', '联系方式'] });
    const stored = await storedRowsOfFile(ctx.db, file.id);
    expect(stored.map((r) => r[0]).sort()).toEqual(['', '滨江市实验小学', '滨江市第一中学']);

    const preview = await call<FilePreview>(ctx, 'GET', '/api/file/preview', {
      token: officer,
      query: { id: file.id, limit: '2' },
    });
    expect(preview.body.result).toMatchObject({ headerRow: 3, total: 3, columns: file.columns });
    expect(preview.body.result.rows).toHaveLength(2);

    const other = await call<FilePreview>(ctx, 'GET', '/api/file/preview', {
      token: officer,
      query: { id: file.id, headerRow: '4' },
    });
    expect(other.body.result).toMatchObject({ headerRow: 4, total: 2, columns: ['列1', '列2', '电话', '邮箱'] });
    const beyond = await call(ctx, 'GET', '/api/file/preview', {
      token: officer,
      query: { id: file.id, headerRow: '40' },
    });
    expect(beyond.status).toBe(400);
    expect(beyond.body.message).toBe('表头所在行超出了文件的行数（共 6 行）');
  });

  it('uploads from the row the officer names, and refuses a bad one with nothing written', async () => {
    const entry = await createMarketEntry(ctx.db, orgCode, { catalogStatus: 0, shelfStatus: 0 });
    const chosen = await upload(entry.id, await reportWorkbook(), '4');
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().result).toMatchObject({ headerRow: 4, rowCount: 2, columns: ['列1', '列2', '电话', '邮箱'] });

    const before = (await filesOf(entry.id)).length;
    for (const [value, message] of [
      ['0', '表头所在行必须大于 0'],
      ['2.5', '表头所在行必须是整数'],
      ['abc', '表头所在行必须是数字'],
      ['7', '表头所在行超出了文件的行数（共 6 行）'],
    ]) {
      const res = await upload(entry.id, await reportWorkbook(), value);
      expect(res.statusCode, value).toBe(400);
      expect(res.json().message, value).toContain(message);
    }
    expect((await filesOf(entry.id)).length).toBe(before);
  });
});
