/**
 * Reads the first worksheet of an .xlsx as a table of strings, in the browser and without a
 * spreadsheet library: an .xlsx is a zip of XML parts, and the browser inflates (DecompressionStream)
 * and parses XML (DOMParser) itself. Enough for a structure template; formulas show their cached value.
 */

type ZipEntry = { name: string; method: number; compressedSize: number; localOffset: number };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function zipEntries(view: DataView): ZipEntry[] {
  let eocd = -1;
  for (let i = view.byteLength - 22; i >= Math.max(0, view.byteLength - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('不是有效的 .xlsx 文件');
  const count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (view.getUint32(offset, true) !== CENTRAL) throw new Error('不是有效的 .xlsx 文件');
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    entries.push({
      method: view.getUint16(offset + 10, true),
      compressedSize: view.getUint32(offset + 20, true),
      localOffset: view.getUint32(offset + 42, true),
      name: decoder.decode(new Uint8Array(view.buffer, view.byteOffset + offset + 46, nameLength)),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function readEntry(view: DataView, entry: ZipEntry): Promise<string> {
  const at = entry.localOffset;
  if (view.getUint32(at, true) !== LOCAL) throw new Error('不是有效的 .xlsx 文件');
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const raw = new Uint8Array(view.buffer, view.byteOffset + start, entry.compressedSize);
  if (entry.method === 0) return new TextDecoder().decode(raw);
  if (entry.method === 8) return new TextDecoder().decode(await inflate(raw));
  throw new Error('不支持的 .xlsx 压缩方式');
}

const parseXml = (text: string) => new DOMParser().parseFromString(text, 'application/xml');
const byName = (node: Document | Element, name: string) => Array.from(node.getElementsByTagNameNS('*', name));

/** Text of a shared string or inline string: its runs joined, phonetic guides (rPh) left out. */
const textOf = (node: Element) =>
  byName(node, 't')
    .filter((t) => (t.parentNode as Element | null)?.localName !== 'rPh')
    .map((t) => t.textContent ?? '')
    .join('');

/** Zero-based column of a cell reference: `C7` → 2. */
export function columnIndex(ref: string): number {
  const letters = /^[A-Z]+/.exec(ref)?.[0] ?? '';
  let index = 0;
  for (const ch of letters) index = index * 26 + (ch.charCodeAt(0) - 64);
  return index - 1;
}

/** The rows of a worksheet part, cells as text, gaps filled with ''. */
export function sheetRows(sheetXml: string, sharedStrings: readonly string[]): string[][] {
  const rows: string[][] = [];
  for (const row of byName(parseXml(sheetXml), 'row')) {
    const line: string[] = [];
    byName(row, 'c').forEach((cell, position) => {
      const ref = cell.getAttribute('r');
      const index = ref ? columnIndex(ref) : position;
      const type = cell.getAttribute('t');
      const value = byName(cell, 'v')[0]?.textContent ?? '';
      let text: string;
      if (type === 's') text = sharedStrings[Number(value)] ?? '';
      else if (type === 'inlineStr') text = textOf(cell);
      else if (type === 'b') text = value === '1' ? 'TRUE' : 'FALSE';
      else text = value;
      while (line.length < index) line.push('');
      line[index] = text;
    });
    const number = Number(row.getAttribute('r'));
    const at = Number.isFinite(number) && number > 0 ? number - 1 : rows.length;
    while (rows.length < at) rows.push([]);
    rows[at] = line;
  }
  return rows;
}

/** The path of the workbook's first sheet, from workbook.xml and its relationships. */
function firstSheetPath(workbookXml: string | undefined, relsXml: string | undefined): string | undefined {
  if (!workbookXml || !relsXml) return undefined;
  const sheet = byName(parseXml(workbookXml), 'sheet')[0];
  const rid =
    sheet?.getAttributeNS('http://schemas.openxmlformats.org/officeDocument/2006/relationships', 'id') ??
    sheet?.getAttribute('r:id');
  const rel = byName(parseXml(relsXml), 'Relationship').find((r) => r.getAttribute('Id') === rid);
  const target = rel?.getAttribute('Target');
  if (!target) return undefined;
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

export async function readFirstSheet(data: ArrayBuffer): Promise<string[][]> {
  const view = new DataView(data);
  const entries = zipEntries(view);
  const read = async (name: string) => {
    const entry = entries.find((e) => e.name === name);
    return entry ? readEntry(view, entry) : undefined;
  };
  const sheetPath =
    firstSheetPath(await read('xl/workbook.xml'), await read('xl/_rels/workbook.xml.rels')) ??
    entries.map((e) => e.name).find((name) => /^xl\/worksheets\/[^/]+\.xml$/.test(name));
  const sheetXml = sheetPath ? await read(sheetPath) : undefined;
  if (!sheetXml) throw new Error('文件中没有工作表');
  const sharedXml = await read('xl/sharedStrings.xml');
  const shared = sharedXml ? byName(parseXml(sharedXml), 'si').map(textOf) : [];
  return sheetRows(sheetXml, shared);
}
