import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueFiles } from '../../db/schema/index.js';
import { createDepart, signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { storedRowsOfFile } from '../datastore/testing.js';
import { createMarketEntry } from '../market/testing.js';
import { checkFile } from './formats.js';
import { type FileLimits, fileLimitsFrom } from './limits.js';
import { deflatedEntry, hugeEntry, minimalDocx, minimalPdf, storedZip, xlsxParts } from './testing.js';
import { parseInWorker } from './worker.js';

let ctx: TestContext;
let dataDir: string;
let officer: string;
let orgCode: string;

beforeAll(async () => {
  // Its own data folder, so "nothing left behind" is checked on files no other test writes.
  dataDir = await mkdtemp(path.join(tmpdir(), 'odp-files-limits-'));
  ctx = await createTestApp({ dataDir });
  const depart = await createDepart(ctx.db);
  orgCode = depart.orgCode;
  officer = (await signedIn(ctx, { roles: ['dept_admin'], departs: [depart] })).token;
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

function upload(catalogId: string, fileName: string, bytes: Buffer, kind = 'data') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  return ctx.app.inject({
    method: 'POST',
    url: `${ctx.base}/api/file/upload`,
    query: { catalogId, kind },
    headers: { 'x-access-token': officer },
    payload: form,
  });
}

/** Every file under the data folder's file store (stored originals and temporary uploads). */
async function storedFiles(): Promise<string[]> {
  const root = path.join(dataDir, 'files');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Uploads a file that must be refused, and checks the answer, what is left, and that the server still answers. */
async function refused(fileName: string, bytes: Buffer, message: RegExp, kind = 'data') {
  const entry = await createMarketEntry(ctx.db, orgCode, { catalogStatus: 0, shelfStatus: 0 });
  const res = await upload(entry.id, fileName, bytes, kind);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().message).toMatch(message);
  const files = await ctx.db.select().from(catalogueFiles).where(eq(catalogueFiles.catalogId, entry.id));
  expect(files).toEqual([]);
  expect(await storedFiles()).toEqual([]);
  const health = await ctx.app.inject({ method: 'GET', url: `${ctx.base}/health` });
  expect(health.statusCode).toBe(200);
}

const sheetOf = (rows: string[][]) =>
  deflatedEntry(
    'xl/worksheets/sheet1.xml',
    `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows
      .map(
        (r, i) =>
          `<row r="${i + 1}">${r.map((v, j) => `<c r="${String.fromCharCode(65 + j)}${i + 1}" t="inlineStr"><is><t>${v}</t></is></c>`).join('')}</row>`,
      )
      .join('')}</sheetData></worksheet>`,
  );

describe('uploads beyond the limits', () => {
  it('parses a hand-made workbook, so the refusals below are about the limits', async () => {
    const entry = await createMarketEntry(ctx.db, orgCode, { catalogStatus: 0, shelfStatus: 0 });
    const res = await upload(
      entry.id,
      '小表.xlsx',
      xlsxParts(
        sheetOf([
          ['名称', '泊位'],
          ['湖滨', '12'],
        ]),
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ rowCount: 1, columns: ['名称', '泊位'] });
    const rows = await storedRowsOfFile(ctx.db, res.json().result.id);
    expect(rows).toEqual([['湖滨', '12']]);
    // Leave the folder empty for the checks that follow.
    await rm(path.join(dataDir, 'files'), { recursive: true, force: true });
  });

  it('refuses a zip bomb whose sheet inflates to far more than its header declares', async () => {
    const inflated = Buffer.alloc(64 * 1024 * 1024, 0x20);
    const sheet = { name: 'xl/worksheets/sheet1.xml', deflated: deflateRawSync(inflated), size: 1000, crc: 0 };
    const bytes = xlsxParts(sheet);
    expect(bytes.length).toBeLessThan(200 * 1024);
    await refused('炸弹.xlsx', bytes, /条目大小与声明不符/);
  });

  it('refuses a package whose entries declare more than the uncompressed limit', async () => {
    const limit = fileLimitsFrom({}).uncompressedBytes;
    const sheet = { ...sheetOf([['名称']]), size: limit + 1 };
    await refused('声明过大.xlsx', xlsxParts(sheet), /解压后的大小超过 1024 MB/);
  });

  it('refuses a spreadsheet holding one 400 MB cell without building it', async () => {
    const strings = await hugeEntry(
      'xl/sharedStrings.xml',
      '<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>',
      'a'.repeat(1024 * 1024),
      400,
      '</t></si></sst>',
    );
    const sheet = deflatedEntry(
      'xl/worksheets/sheet1.xml',
      '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>',
    );
    const bytes = xlsxParts(sheet, strings);
    expect(bytes.length).toBeLessThan(2 * 1024 * 1024);
    await refused('大单元格.xlsx', bytes, /单元格内容不能超过 32767 个字符/);
  });

  it('refuses a CSV with one huge cell', async () => {
    const csv = Buffer.from(`名称,说明\n湖滨,"${'长'.repeat(40_000)}"\n`, 'utf8');
    await refused('大单元格.csv', csv, /单元格内容不能超过 32767 个字符/);
  });

  it.each([
    ['truncated XLSX', '损坏.xlsx', () => xlsxParts(sheetOf([['名称']])).subarray(0, 300), /文件内容与扩展名不符/],
    [
      'XLSX whose sheet is not deflate data',
      '乱码.xlsx',
      () => xlsxParts({ name: 'xl/worksheets/sheet1.xml', deflated: Buffer.from('not deflate'), size: 11, crc: 0 }),
      /无法解析 XLSX/,
    ],
    ['JSON cut short', '损坏.json', () => Buffer.from('[{"名称":"湖滨",', 'utf8'), /JSON 文件须为/],
    [
      'CSV with an unterminated quote',
      '损坏.csv',
      () => Buffer.from('名称,说明\n湖滨,"未闭合\n', 'utf8'),
      /无法解析 CSV/,
    ],
    [
      'bytes in neither UTF-8 nor GB18030',
      '乱码.csv',
      () => Buffer.from([0x41, 0x2c, 0x42, 0x0a, 0xff, 0xff, 0x0a]),
      /编码无法识别/,
    ],
  ])('refuses a malformed file: %s', async (_what, name, bytes, message) => {
    await refused(name, bytes(), message);
  });
});

describe('columns named by the data items', () => {
  it('maps abbreviated JSON keys by field name (any case), then by Chinese name, and keeps the rest', async () => {
    const entry = await createMarketEntry(ctx.db, orgCode, {
      catalogStatus: 0,
      shelfStatus: 0,
      items: [
        { name: '站点名称', enName: 'ZDMC' },
        { name: '泊位数', enName: 'bws' },
        { name: '所属区县', enName: 'ssqx' },
      ],
    });
    const json = [
      { zdmc: '湖滨路口', bws: 12, 所属区县: '东湖区', bz: '备注' },
      { zdmc: '东湖公园', bws: 8, 所属区县: '西山区', bz: '' },
    ];
    const res = await upload(entry.id, '停车场.json', Buffer.from(JSON.stringify(json)));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.columns).toEqual(['站点名称', '泊位数', '所属区县', 'bz']);
    await rm(path.join(dataDir, 'files'), { recursive: true, force: true });
  });
});

describe('documents are checked by structure', () => {
  it('refuses a PDF with a header and %%EOF but no cross-reference or objects', async () => {
    await refused('假的.pdf', Buffer.from('%PDF-1.7\nhello\n%%EOF\n', 'latin1'), /不是有效的 PDF/, 'doc');
  });

  it('refuses a PDF whose startxref points nowhere', async () => {
    const pdf = minimalPdf()
      .toString('latin1')
      .replace(/startxref\n\d+/, 'startxref\n3');
    await refused('偏移.pdf', Buffer.from(pdf, 'latin1'), /不是有效的 PDF/, 'doc');
  });

  it('refuses a zip named .docx that holds no word document, and a workbook named .docx', async () => {
    const notWord = storedZip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' });
    await refused('假的.docx', notWord, /文件内容与扩展名不符/, 'doc');
    await refused('表格.docx', xlsxParts(sheetOf([['名称']])), /文件内容与扩展名不符/, 'doc');
  });

  it('accepts a well-formed PDF and DOCX', async () => {
    expect(await checkFile('说明.pdf', { bytes: minimalPdf() })).toMatchObject({ type: 'pdf' });
    expect(await checkFile('说明.docx', { bytes: minimalDocx() })).toMatchObject({ type: 'docx' });
  });
});

describe('parseInWorker', () => {
  const limits = (over: Partial<FileLimits>): FileLimits => ({ ...fileLimitsFrom({}), ...over });
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'odp-parse-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function parse(name: string, bytes: Buffer, over: Partial<FileLimits> = {}) {
    const file = path.join(dir, name);
    await writeFile(file, bytes);
    const checked = await checkFile(name, { path: file });
    const parsed = await parseInWorker({ path: file }, checked, limits(over), { batchSize: 2 });
    const rows: string[][] = [];
    for await (const batch of parsed.batches) rows.push(...batch);
    return { columns: parsed.columns, rows };
  }

  it('hands the rows over in batches, decoding GB18030 beyond GBK', async () => {
    // 地名 / 𠀀 (U+20000, four bytes in GB18030 and absent from GBK) / 湖滨 ×3
    const bytes = Buffer.concat([
      Buffer.from('b5d8c3fb0a', 'hex'),
      Buffer.from([0x95, 0x32, 0x82, 0x36, 0x0a]),
      Buffer.from('bafeb1f50abafeb1f50abafeb1f50a', 'hex'),
    ]);
    expect(await parse('gb.csv', bytes)).toEqual({
      columns: ['地名'],
      rows: [['𠀀'], ['湖滨'], ['湖滨'], ['湖滨']],
    });
  });

  it('turns GeoJSON features into rows: properties as columns, geometry kept as GeoJSON text', async () => {
    const geo = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { 名称: '湖滨公园', 面积: 12.5 },
          geometry: { type: 'Point', coordinates: [120.1, 30.2] },
        },
        { type: 'Feature', properties: { 名称: '东湖', 类型: '水域' }, geometry: null },
      ],
    };
    expect(await parse('公园.json', Buffer.from(JSON.stringify(geo)))).toEqual({
      columns: ['名称', '面积', '类型', 'geometry'],
      rows: [
        ['湖滨公园', '12.5', '', '{"type":"Point","coordinates":[120.1,30.2]}'],
        ['东湖', '', '水域', ''],
      ],
    });
    const broken = { type: 'FeatureCollection', features: [{ type: 'Polygon' }] };
    await expect(parse('坏.json', Buffer.from(JSON.stringify(broken)))).rejects.toThrow('GeoJSON');
  });

  it('names the limit a file goes beyond: columns, rows, cell', async () => {
    await expect(parse('wide.csv', Buffer.from('a,b,c\n1,2,3\n'), { columns: 2 })).rejects.toThrow(
      '数据文件的列数不能超过 2',
    );
    await expect(parse('long.csv', Buffer.from('a\n1\n2\n3\n'), { rows: 2 })).rejects.toThrow(
      '数据文件的行数不能超过 2',
    );
    await expect(parse('cell.json', Buffer.from('[{"a":"123456"}]'), { cellChars: 5 })).rejects.toThrow(
      '单元格内容不能超过 5 个字符',
    );
  });

  it('ends a parsing process that runs out of its heap or its time, with a 400 and not a crash', async () => {
    const big = Buffer.from(JSON.stringify(Array.from({ length: 400_000 }, (_, i) => ({ 编号: i, 名称: `站点${i}` }))));
    await expect(parse('heap.json', big, { heapMb: 32 })).rejects.toThrow('解析文件所需内存超过 32 MB 的限制');
    await expect(parse('slow.json', big, { timeoutMs: 5 })).rejects.toThrow('解析文件超过 0 秒的时间限制');
  });
});
