import type { CatalogueFile, FilePreview } from '@odp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueFiles, catalogues, logs } from '../../db/schema/index.js';
import { createDepart, signedIn } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { storedRowsOfFile } from '../datastore/testing.js';
import { createMarketEntry } from '../market/testing.js';
import { createStorage, saveCatalogueFile } from './service.js';
import { minimalDocx, minimalPdf, xlsxOf } from './testing.js';

let ctx: TestContext;
const storage = createStorage('/tmp/odp-test-unused');
let depart: Awaited<ReturnType<typeof createDepart>>;
let other: Awaited<ReturnType<typeof createDepart>>;
let officer: string;
let otherOfficer: string;
let reviewer: string;
let citizen: string;

/** 学校名称,地址,电话 / 滨江市第一中学,东湖区湖滨路18号,0571-88001234 in GBK. */
const GBK_CSV = Buffer.from(
  'd1a7d0a3c3fbb3c62cb5d8d6b72cb5e7bbb00d0ab1f5bdadcad0b5dad2bbd6d0d1a72cb6abbafec7f8bafeb1f5c2b73138bac52c303537312d38383030313233340d0a',
  'hex',
);
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d60fb70000000049454e44ae426082',
  'hex',
);

beforeAll(async () => {
  ctx = await createTestApp();
  depart = await createDepart(ctx.db);
  other = await createDepart(ctx.db);
  officer = (await signedIn(ctx, { roles: ['dept_admin'], departs: [depart] })).token;
  otherOfficer = (await signedIn(ctx, { roles: ['dept_admin'], departs: [other] })).token;
  reviewer = (await signedIn(ctx, { roles: ['reviewer'], departs: [other] })).token;
  citizen = (await signedIn(ctx, { roles: ['registered'] })).token;
});
afterAll(() => ctx.close());

const draft = () => createMarketEntry(ctx.db, depart.orgCode, { catalogStatus: 0, shelfStatus: 0 });

const rowsOf = (fileId: string) => storedRowsOfFile(ctx.db, fileId);

function upload(catalogId: string, fileName: string, bytes: Buffer, opts: { token?: string; kind?: string } = {}) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  return ctx.app.inject({
    method: 'POST',
    url: `${ctx.base}/api/file/upload`,
    query: { catalogId, kind: opts.kind ?? 'data' },
    headers: opts.token ? { 'x-access-token': opts.token } : {},
    payload: form,
  });
}

describe('saveCatalogueFile', () => {
  it('parses a UTF-8 CSV, stores the rows and updates the entry total', async () => {
    const entry = await draft();
    const csv = Buffer.from('站点名称,线路\n湖滨路口,"1路,2路"\n东湖公园,K3\n\n', 'utf8');
    const file = await saveCatalogueFile(ctx.db, storage, {
      catalogId: entry.id,
      fileName: '公交站点.csv',
      bytes: csv,
    });
    expect(file).toMatchObject({ kind: 'data', fileName: '公交站点.csv', rowCount: 2, columns: ['站点名称', '线路'] });
    expect(await rowsOf(file.id)).toEqual([
      ['湖滨路口', '1路,2路'],
      ['东湖公园', 'K3'],
    ]);
    const [after] = await ctx.db.select().from(catalogues).where(eq(catalogues.id, entry.id));
    expect(after.totalNum).toBe(2);
    expect(after.dataUpdateTime).not.toBeNull();
    const [stored] = await ctx.db.select().from(catalogueFiles).where(eq(catalogueFiles.id, file.id));
    expect(stored.encoding).toBe('utf-8');
    expect(stored.storedName).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}\.csv$/);
    expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/);

    await saveCatalogueFile(ctx.db, storage, {
      catalogId: entry.id,
      fileName: '第二批.json',
      bytes: Buffer.from(JSON.stringify([{ 站点名称: '南湖站', 线路: '5路' }])),
    });
    const [again] = await ctx.db.select().from(catalogues).where(eq(catalogues.id, entry.id));
    expect(again.totalNum).toBe(3);
  });

  it('strips a UTF-8 BOM from the header', async () => {
    const entry = await draft();
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('名称,数量\n甲,1\n')]);
    const file = await saveCatalogueFile(ctx.db, storage, { catalogId: entry.id, fileName: 'a.csv', bytes });
    expect(file.columns).toEqual(['名称', '数量']);
    const [stored] = await ctx.db.select().from(catalogueFiles).where(eq(catalogueFiles.id, file.id));
    expect(stored.encoding).toBe('utf-8-bom');
  });

  it('detects GBK and decodes it to the right Chinese text', async () => {
    const entry = await draft();
    const file = await saveCatalogueFile(ctx.db, storage, {
      catalogId: entry.id,
      fileName: '学校.csv',
      bytes: GBK_CSV,
    });
    expect(file.columns).toEqual(['学校名称', '地址', '电话']);
    expect(await rowsOf(file.id)).toEqual([['滨江市第一中学', '东湖区湖滨路18号', '0571-88001234']]);
    const [stored] = await ctx.db.select().from(catalogueFiles).where(eq(catalogueFiles.id, file.id));
    expect(stored.encoding).toBe('gb18030');
  });

  it('parses the first sheet of an XLSX, dates and numbers as text', async () => {
    const entry = await draft();
    const bytes = await xlsxOf([
      ['日期', '站点', 'AQI'],
      [new Date(Date.UTC(2025, 0, 2)), '东湖', 42],
      [new Date(Date.UTC(2025, 0, 3)), '西城', 57.5],
    ]);
    const file = await saveCatalogueFile(ctx.db, storage, { catalogId: entry.id, fileName: '空气.xlsx', bytes });
    expect(file.columns).toEqual(['日期', '站点', 'AQI']);
    expect(await rowsOf(file.id)).toEqual([
      ['2025-01-02', '东湖', '42'],
      ['2025-01-03', '西城', '57.5'],
    ]);
  });

  it('parses JSON arrays of arrays and of objects', async () => {
    const entry = await draft();
    const arrays = await saveCatalogueFile(ctx.db, storage, {
      catalogId: entry.id,
      fileName: 'a.json',
      bytes: Buffer.from(
        JSON.stringify([
          ['名称', '数量'],
          ['甲', 1],
          ['乙', null],
        ]),
      ),
    });
    expect(arrays.columns).toEqual(['名称', '数量']);
    expect(await rowsOf(arrays.id)).toEqual([
      ['甲', '1'],
      ['乙', ''],
    ]);
    const objects = await saveCatalogueFile(ctx.db, storage, {
      catalogId: entry.id,
      fileName: 'b.json',
      bytes: Buffer.from(JSON.stringify([{ 名称: '甲' }, { 名称: '乙', 备注: '新' }])),
    });
    expect(objects.columns).toEqual(['名称', '备注']);
    expect(await rowsOf(objects.id)).toEqual([
      ['甲', ''],
      ['乙', '新'],
    ]);
  });

  it('keeps PDF and DOCX documents without parsing them and without touching the total', async () => {
    const entry = await draft();
    const pdf = await saveCatalogueFile(ctx.db, storage, {
      catalogId: entry.id,
      fileName: '数据字典.pdf',
      bytes: minimalPdf(),
    });
    const docx = await saveCatalogueFile(ctx.db, storage, {
      catalogId: entry.id,
      fileName: '说明.docx',
      bytes: minimalDocx(),
    });
    expect(pdf).toMatchObject({ kind: 'doc', rowCount: 0, columns: null, mimeType: 'application/pdf' });
    expect(docx.kind).toBe('doc');
    const [after] = await ctx.db.select().from(catalogues).where(eq(catalogues.id, entry.id));
    expect(after.totalNum).toBe(0);
  });

  it('refuses types by content and extension, and writes nothing', async () => {
    const entry = await draft();
    const cases: [string, Buffer, RegExp][] = [
      ['图片.csv', PNG, /内容与扩展名不符/],
      ['图片.png', PNG, /仅支持/],
      ['假的.pdf', Buffer.from('hello'), /内容与扩展名不符/],
      ['假的.xlsx', minimalDocx(), /内容与扩展名不符/],
      ['假的.docx', Buffer.from('PK\u0003\u0004 nothing', 'latin1'), /内容与扩展名不符/],
      ['坏的.json', Buffer.from('{"a":1}'), /JSON/],
      ['空的.csv', Buffer.from(''), /为空/],
    ];
    for (const [fileName, bytes, message] of cases) {
      await expect(
        saveCatalogueFile(ctx.db, storage, { catalogId: entry.id, fileName, bytes }),
        fileName,
      ).rejects.toThrow(message);
    }
    expect(await ctx.db.select().from(catalogueFiles).where(eq(catalogueFiles.catalogId, entry.id))).toEqual([]);
  });
});

describe('POST /api/file/upload', () => {
  it('needs a token and catalog:edit, and the department of the entry', async () => {
    const entry = await draft();
    const csv = Buffer.from('名称\n甲\n');
    expect((await upload(entry.id, 'a.csv', csv)).statusCode).toBe(401);
    expect((await upload(entry.id, 'a.csv', csv, { token: citizen })).statusCode).toBe(403);
    expect((await upload(entry.id, 'a.csv', csv, { token: otherOfficer })).statusCode).toBe(403);
    expect(await ctx.db.select().from(catalogueFiles).where(eq(catalogueFiles.catalogId, entry.id))).toEqual([]);
  });

  it('streams the file in, parses it and logs the upload', async () => {
    const entry = await draft();
    const res = await upload(entry.id, '停车场.csv', Buffer.from('名称,泊位\n湖滨停车场,120\n'), { token: officer });
    expect(res.statusCode).toBe(200);
    const file = res.json().result as CatalogueFile;
    expect(file).toMatchObject({ fileName: '停车场.csv', rowCount: 1, columns: ['名称', '泊位'] });
    const [logRow] = await ctx.db.select().from(logs).where(eq(logs.target, file.id));
    expect(logRow.operateType).toBe('catalogFileUpload');
  });

  it('refuses a PNG named .csv with a 400, and a document sent as data', async () => {
    const entry = await draft();
    const png = await upload(entry.id, '表.csv', PNG, { token: officer });
    expect(png.statusCode).toBe(400);
    expect(png.json().message).toBe('文件内容与扩展名不符');
    const doc = await upload(entry.id, '说明.pdf', minimalPdf(), { token: officer, kind: 'data' });
    expect(doc.statusCode).toBe(400);
    const ok = await upload(entry.id, '说明.pdf', minimalPdf(), { token: officer, kind: 'doc' });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses while the entry is under review', async () => {
    const entry = await createMarketEntry(ctx.db, depart.orgCode, { catalogStatus: 1, shelfStatus: 0 });
    const res = await upload(entry.id, 'a.csv', Buffer.from('名称\n甲\n'), { token: officer });
    expect(res.statusCode).toBe(400);
  });
});

describe('file list, preview, download and delete', () => {
  it('lets the department and reviewers read, others not; deleting lowers the total', async () => {
    const entry = await draft();
    const file = await saveCatalogueFile(ctx.db, storage, {
      catalogId: entry.id,
      fileName: '医疗机构名录.csv',
      bytes: Buffer.from('机构名称,电话\n滨江市人民医院,0571-1\n东湖社区卫生服务中心,0571-2\n'),
    });
    const list = await call<CatalogueFile[]>(ctx, 'GET', '/api/file/list', {
      token: officer,
      query: { catalogId: entry.id },
    });
    expect(list.body.result.map((f) => f.id)).toEqual([file.id]);
    expect(list.body.result[0]).not.toHaveProperty('storedName');
    expect((await call(ctx, 'GET', '/api/file/list', { query: { catalogId: entry.id } })).status).toBe(401);
    expect(
      (await call(ctx, 'GET', '/api/file/list', { token: otherOfficer, query: { catalogId: entry.id } })).status,
    ).toBe(403);
    expect((await call(ctx, 'GET', '/api/file/list', { token: reviewer, query: { catalogId: entry.id } })).status).toBe(
      200,
    );

    const preview = await call<FilePreview>(ctx, 'GET', '/api/file/preview', {
      token: officer,
      query: { id: file.id, limit: '1' },
    });
    expect(preview.body.result).toEqual({
      columns: ['机构名称', '电话'],
      rows: [['滨江市人民医院', '0571-1']],
      total: 2,
      headerRow: 1,
    });
    expect(
      (await call(ctx, 'GET', '/api/file/preview', { token: officer, query: { id: file.id, limit: '51' } })).status,
    ).toBe(400);

    const download = await ctx.app.inject({
      method: 'GET',
      url: `${ctx.base}/api/file/download`,
      query: { id: file.id },
      headers: { 'x-access-token': reviewer },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''%E5%8C%BB");
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.body).toContain('滨江市人民医院');
    const refused = await ctx.app.inject({
      method: 'GET',
      url: `${ctx.base}/api/file/download`,
      query: { id: file.id },
      headers: { 'x-access-token': otherOfficer },
    });
    expect(refused.statusCode).toBe(403);

    expect((await call(ctx, 'POST', '/api/file/delete', { token: citizen, body: { id: file.id } })).status).toBe(403);
    expect((await call(ctx, 'POST', '/api/file/delete', { token: otherOfficer, body: { id: file.id } })).status).toBe(
      403,
    );
    expect((await call(ctx, 'POST', '/api/file/delete', { token: officer, body: { id: file.id } })).status).toBe(200);
    const [after] = await ctx.db.select().from(catalogues).where(eq(catalogues.id, entry.id));
    expect(after.totalNum).toBe(0);
    const [stored] = await ctx.db.select().from(catalogueFiles).where(eq(catalogueFiles.id, file.id));
    expect(stored.deletedAt).not.toBeNull();
    const gone = await call<CatalogueFile[]>(ctx, 'GET', '/api/file/list', {
      token: officer,
      query: { catalogId: entry.id },
    });
    expect(gone.body.result).toEqual([]);
  });
});
