import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';

/** A zip archive with stored (uncompressed) entries: enough for DOCX fixtures. */
export function storedZip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text, 'utf8');
    const nameBuf = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, data);
    centrals.push(central, nameBuf);
    offset += 30 + nameBuf.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const CONTENT_TYPES = (part: string, type: string) =>
  `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  `<Override PartName="/${part}" ContentType="application/vnd.openxmlformats-officedocument.${type}.main+xml"/></Types>`;

export const minimalDocx = () =>
  storedZip({
    '[Content_Types].xml': CONTENT_TYPES('word/document.xml', 'wordprocessingml.document'),
    'word/document.xml': '<?xml version="1.0"?><w:document/>',
  });

/** A one-page PDF whose startxref points at its cross-reference table. */
export function minimalPdf(): Buffer {
  const body =
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n';
  const xref = `xref\n0 3\n0000000000 65535 f \n0000000009 00000 n \n0000000058 00000 n \ntrailer\n<< /Size 3 /Root 1 0 R >>\n`;
  return Buffer.from(`${body}${xref}startxref\n${body.length}\n%%EOF\n`, 'latin1');
}

export async function xlsxOf(rows: (string | number | Date)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Sheet1');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Reads the first sheet of an xlsx into rows of text. */
export async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const out: string[][] = [];
  wb.worksheets[0].eachRow((row) => {
    out.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return out;
}

/** One entry of a hand-made zip: its deflated bytes, and the size and CRC its headers declare. */
export type RawZipEntry = { name: string; deflated: Buffer; size: number; crc: number };

export function deflatedEntry(name: string, text: string): RawZipEntry {
  const data = Buffer.from(text, 'utf8');
  return { name, deflated: deflateRawSync(data), size: data.length, crc: crc32(data) };
}

/**
 * Deflates `repeat` copies of `chunk` as a stream, so a test can make an entry that inflates to
 * hundreds of MB while neither the test's memory nor the zip holds more than a few hundred KB.
 */
export async function hugeEntry(name: string, prefix: string, chunk: string, repeat: number, suffix: string) {
  const z = createDeflateRaw({ level: 1 });
  const out: Buffer[] = [];
  z.on('data', (b: Buffer) => out.push(b));
  const done = new Promise((resolve) => z.on('end', resolve));
  const piece = Buffer.from(chunk, 'utf8');
  let crc = 0;
  let size = 0;
  const write = async (b: Buffer) => {
    crc = crc32(b, crc);
    size += b.length;
    if (!z.write(b)) await new Promise((resolve) => z.once('drain', resolve));
  };
  await write(Buffer.from(prefix, 'utf8'));
  for (let i = 0; i < repeat; i++) await write(piece);
  await write(Buffer.from(suffix, 'utf8'));
  z.end();
  await done;
  return { name, deflated: Buffer.concat(out), size, crc } satisfies RawZipEntry;
}

/** A zip of deflated entries whose headers say whatever the entries declare (true or not). */
export function deflatedZip(entries: RawZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const nameBuf = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.deflated.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.deflated.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, e.deflated);
    centrals.push(central, nameBuf);
    offset += 30 + nameBuf.length + e.deflated.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** The parts of a one-sheet workbook around a given sheet and shared-strings part. */
export function xlsxParts(sheet: RawZipEntry, sharedStrings?: RawZipEntry): Buffer {
  const main = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
  return deflatedZip([
    deflatedEntry(
      '[Content_Types].xml',
      `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        `<Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="${main}.sheet.main+xml"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${main}.worksheet+xml"/>` +
        `<Override PartName="/xl/sharedStrings.xml" ContentType="${main}.sharedStrings+xml"/></Types>`,
    ),
    deflatedEntry(
      '_rels/.rels',
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    deflatedEntry(
      'xl/workbook.xml',
      `<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
        `<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    deflatedEntry(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    sheet,
    ...(sharedStrings ? [sharedStrings] : []),
  ]);
}
