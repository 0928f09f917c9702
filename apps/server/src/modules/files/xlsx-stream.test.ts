import { describe, expect, it } from 'vitest';
import { readXlsx } from './testing.js';
import { xlsxStream } from './xlsx-stream.js';

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

describe('xlsxStream', () => {
  it('writes a workbook that exceljs reads back: text, numbers, escaped and stripped characters', async () => {
    const rows = (async function* () {
      yield ['湖滨路口', 12];
      yield ['A & <B> "C"', 3.5];
      yield ['控制\u0001字符', ''];
    })();
    const bytes = await collect(xlsxStream(['站点名称', '泊位'], rows));
    expect(await readXlsx(bytes)).toEqual([
      ['站点名称', '泊位'],
      ['湖滨路口', '12'],
      ['A & <B> "C"', '3.5'],
      ['控制字符'],
    ]);
  });

  it('sends its first bytes before the rows are read, and stops reading rows when destroyed', async () => {
    let pulled = 0;
    const rows = (async function* () {
      for (let i = 0; i < 1_000_000; i++) {
        pulled++;
        yield [`第${i}行`, i];
      }
    })();
    const stream = xlsxStream(['名称', '序号'], rows);
    const iterator = stream[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect((first.value as Buffer).subarray(0, 4)).toEqual(Buffer.from('PK\u0003\u0004', 'latin1'));
    expect(pulled).toBe(0);
    // Read until sheet data flows, then let the client "go away".
    for (let i = 0; i < 20; i++) await iterator.next();
    stream.destroy();
    await new Promise((r) => setImmediate(r));
    const seen = pulled;
    expect(seen).toBeLessThan(1_000_000);
    await new Promise((r) => setTimeout(r, 50));
    expect(pulled).toBe(seen);
  });
});
