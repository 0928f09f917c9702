import { Readable } from 'node:stream';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * A one-sheet XLSX written as it is read: the sheet's XML is deflated row batch by row batch into a zip
 * entry with a data descriptor (sizes and CRC after the data), so the first bytes leave at once,
 * memory stays flat whatever the row count, and a client that goes away stops the rows being read
 * (destroying the stream ends the generator, which ends the iteration over `rows`). Cells are inline
 * strings or numbers: no shared-strings table to hold in memory.
 */
export function xlsxStream(columns: string[], rows: AsyncIterable<(string | number)[]>, sheetName = '数据'): Readable {
  return Readable.from(xlsxParts(columns, rows, sheetName), { objectMode: false });
}

const MAIN = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

// biome-ignore lint/suspicious/noControlCharactersInRegex: characters XML 1.0 cannot hold are what is removed
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const escapeXml = (s: string) =>
  s.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A, B, …, Z, AA, …: readers (exceljs among them) want each cell's reference. */
function columnName(i: number): string {
  let name = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function cellXml(v: string | number, ref: string): string {
  if (v === '') return ''; // an empty cell is simply absent
  if (typeof v === 'number' && Number.isFinite(v)) return `<c r="${ref}"><v>${v}</v></c>`;
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(String(v))}</t></is></c>`;
}
const rowXml = (cells: (string | number)[], n: number) =>
  `<row r="${n}">${cells.map((v, i) => cellXml(v, `${columnName(i)}${n}`)).join('')}</row>`;

type Written = { name: Buffer; crc: number; compressed: number; size: number; offset: number; descriptor: boolean };

function localHeader(name: Buffer, e: { crc: number; compressed: number; size: number }, descriptor: boolean) {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(descriptor ? 0x0808 : 0x0800, 6); // bit 11: UTF-8 names; bit 3: sizes follow the data
  h.writeUInt16LE(8, 8);
  h.writeUInt32LE(e.crc >>> 0, 14);
  h.writeUInt32LE(e.compressed, 18);
  h.writeUInt32LE(e.size, 22);
  h.writeUInt16LE(name.length, 26);
  return Buffer.concat([h, name]);
}

async function* xlsxParts(
  columns: string[],
  rows: AsyncIterable<(string | number)[]>,
  sheetName: string,
): AsyncGenerator<Buffer> {
  const written: Written[] = [];
  let offset = 0;
  function* whole(name: string, text: string): Generator<Buffer> {
    const data = Buffer.from(text, 'utf8');
    const deflated = deflateRawSync(data);
    const e = { name: Buffer.from(name, 'utf8'), crc: crc32(data), compressed: deflated.length, size: data.length };
    const header = localHeader(e.name, e, false);
    written.push({ ...e, offset, descriptor: false });
    offset += header.length + deflated.length;
    yield header;
    yield deflated;
  }

  yield* whole(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${MAIN}.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${MAIN}.worksheet+xml"/></Types>`,
  );
  yield* whole(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  yield* whole(
    'xl/workbook.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  yield* whole(
    'xl/_rels/workbook.xml.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  );

  // The sheet: deflated as it is produced.
  const name = Buffer.from('xl/worksheets/sheet1.xml', 'utf8');
  const header = localHeader(name, { crc: 0, compressed: 0, size: 0 }, true);
  const sheetOffset = offset;
  yield header;
  const deflate = createDeflateRaw();
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  let crc = 0;
  let size = 0;
  let compressed = 0;
  const feed = async (text: string, end = false): Promise<Buffer[]> => {
    const data = Buffer.from(text, 'utf8');
    crc = crc32(data, crc);
    size += data.length;
    await new Promise<void>((resolve, reject) => {
      deflate.write(data, (e) => (e ? reject(e) : resolve()));
    });
    // The last compressed bytes come out after the writable side finishes: wait for the readable end.
    if (end) await new Promise<void>((resolve) => deflate.end().once('end', resolve));
    const ready = out.splice(0);
    for (const b of ready) compressed += b.length;
    return ready;
  };
  try {
    let xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rowXml(columns, 1)}`;
    let n = 1;
    for await (const row of rows) {
      xml += rowXml(row, ++n);
      if (xml.length >= 256 * 1024) {
        yield* await feed(xml);
        xml = '';
      }
    }
    yield* await feed(`${xml}</sheetData></worksheet>`, true);
  } finally {
    deflate.destroy();
  }
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(crc >>> 0, 4);
  descriptor.writeUInt32LE(compressed, 8);
  descriptor.writeUInt32LE(size, 12);
  yield descriptor;
  written.push({ name, crc, compressed, size, offset: sheetOffset, descriptor: true });
  offset += header.length + compressed + descriptor.length;

  const central: Buffer[] = [];
  for (const e of written) {
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(e.descriptor ? 0x0808 : 0x0800, 8);
    c.writeUInt16LE(8, 10);
    c.writeUInt32LE(e.crc >>> 0, 16);
    c.writeUInt32LE(e.compressed, 20);
    c.writeUInt32LE(e.size, 24);
    c.writeUInt16LE(e.name.length, 28);
    c.writeUInt32LE(e.offset, 42);
    central.push(c, e.name);
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(written.length, 8);
  end.writeUInt16LE(written.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  yield Buffer.concat([dir, end]);
}
