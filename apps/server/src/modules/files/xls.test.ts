import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { checkFile, FileMessages, parseData } from './formats.js';
import { type FileLimits, fileLimits, LimitMessages } from './limits.js';
import { minimalDocx } from './testing.js';
import { parseInWorker } from './worker.js';

/** A legacy workbook (BIFF8, as Excel 97-2003 saves it), written by SheetJS. */
function xlsOf(rows: (string | number)[][], merges: string[] = []): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  sheet['!merges'] = merges.map((m) => XLSX.utils.decode_range(m));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, '名录');
  return XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

const SCHOOLS = [
  ['滨江市中小学名录'],
  ['学校名称', '所在区', '学生数'],
  ['滨江市第一中学', '东湖区', 1200],
  ['滨江市实验小学', '西湖区', 860],
];

async function parsed(bytes: Buffer, limits: FileLimits = fileLimits(), headerRow?: number) {
  const source = { bytes };
  const data = await parseData(source, await checkFile('名录.xls', source), limits, { headerRow });
  const rows: string[][] = [];
  for await (const r of data.rows) rows.push(r);
  return { columns: data.columns, headerRow: data.headerRow, rows };
}

describe('legacy Excel (.xls)', () => {
  it('is accepted by structure: a compound file with a Workbook stream', async () => {
    const bytes = xlsOf(SCHOOLS);
    expect(bytes.length).toBeLessThan(20 * 1024);
    await expect(checkFile('名录.xls', { bytes })).resolves.toEqual({ type: 'xls', kind: 'data', encoding: null });
    // An OOXML package renamed .xls, and a compound file without a workbook (its stream renamed), are refused.
    await expect(checkFile('名录.xls', { bytes: minimalDocx() })).rejects.toMatchObject({
      status: 400,
      message: FileMessages.contentMismatch,
    });
    const renamed = Buffer.from(bytes);
    const at = renamed.indexOf(Buffer.from('Workbook', 'utf16le'));
    expect(at).toBeGreaterThan(0);
    renamed.write('Xorkbook', at, 'utf16le');
    await expect(checkFile('名录.xls', { bytes: renamed })).rejects.toMatchObject({
      status: 400,
      message: FileMessages.notXls,
    });
  });

  it('parses the first sheet from its detected header, merged title spread and skipped', async () => {
    const out = await parsed(xlsOf(SCHOOLS, ['A1:C1']));
    expect(out.headerRow).toBe(2);
    expect(out.columns).toEqual(['学校名称', '所在区', '学生数']);
    expect(out.rows).toEqual([
      ['滨江市第一中学', '东湖区', '1200'],
      ['滨江市实验小学', '西湖区', '860'],
    ]);
    expect((await parsed(xlsOf(SCHOOLS), fileLimits(), 3)).columns).toEqual(['滨江市第一中学', '东湖区', '1200']);
  });

  it('keeps to the row, column and cell limits', async () => {
    const limits = { ...fileLimits(), rows: 1, columns: 2, cellChars: 5 };
    await expect(parsed(xlsOf(SCHOOLS), { ...limits, columns: 10, cellChars: 100 })).rejects.toMatchObject({
      message: LimitMessages.rows({ ...limits }),
    });
    await expect(parsed(xlsOf(SCHOOLS), { ...limits, rows: 100, cellChars: 100 })).rejects.toMatchObject({
      message: LimitMessages.columns(limits),
    });
    await expect(parsed(xlsOf(SCHOOLS), { ...limits, rows: 100, columns: 10 })).rejects.toMatchObject({
      message: LimitMessages.cell(limits),
    });
  });

  it('is parsed in the limited child process, and a broken one is a Chinese 400', async () => {
    const bytes = xlsOf(SCHOOLS);
    const source = { bytes };
    const inWorker = await parseInWorker(source, await checkFile('名录.xls', source), fileLimits());
    const rows: string[][] = [];
    for await (const batch of inWorker.batches) rows.push(...batch);
    expect(inWorker.columns).toEqual(['学校名称', '所在区', '学生数']);
    expect(rows).toHaveLength(2);

    // The header and directory intact, the sectors after them scrambled.
    const broken = Buffer.concat([bytes.subarray(0, 1536), Buffer.alloc(bytes.length - 1536, 0xab)]);
    const checked = { type: 'xls' as const, kind: 'data' as const, encoding: null };
    await expect(
      (async () => {
        const p = await parseInWorker({ bytes: broken }, checked, fileLimits());
        for await (const _ of p.batches);
      })(),
    ).rejects.toMatchObject({ status: 400 });
  });
});
