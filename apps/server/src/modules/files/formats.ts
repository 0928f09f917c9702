import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { parse as parseCsv } from 'csv-parse';
import ExcelJS from 'exceljs';
import { badRequest } from '../../platform/http/errors.js';
import { type FileLimits, LimitMessages } from './limits.js';
import { inspectZip, readZipText, type ZipEntry, zipEntries, zipEntryStream } from './zip.js';

/** The allowlisted attachment types; anything else is refused. */
export const FILE_TYPES = {
  csv: { kind: 'data', mime: 'text/csv; charset=utf-8', label: 'CSV' },
  xlsx: { kind: 'data', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', label: 'XLSX' },
  xls: { kind: 'data', mime: 'application/vnd.ms-excel', label: 'XLS' },
  json: { kind: 'data', mime: 'application/json; charset=utf-8', label: 'JSON' },
  pdf: { kind: 'doc', mime: 'application/pdf', label: 'PDF' },
  docx: { kind: 'doc', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', label: 'DOCX' },
} as const;
export type FileType = keyof typeof FILE_TYPES;
export type FileKind = 'data' | 'doc';

export const MAX_FILE_BYTES = 100 * 1024 * 1024;

export const FileMessages = {
  typeNotAllowed: '仅支持上传 CSV、XLSX、XLS、JSON 数据文件和 PDF、DOCX 文档',
  contentMismatch: '文件内容与扩展名不符',
  empty: '数据文件为空，至少需要一行表头',
  encoding: 'CSV 文件编码无法识别，请使用 UTF-8 或 GBK（GB18030）编码',
  tooLarge: '文件不能超过 100 MB',
  badJson: 'JSON 文件须为对象数组、二维数组或 GeoJSON 要素集合（FeatureCollection）',
  badXlsx: '无法解析 XLSX 文件，请确认文件未损坏',
  badXls: '无法解析 XLS 文件，请确认文件未损坏，或另存为 XLSX 后上传',
  notXls: '文件不是有效的 XLS 工作簿（缺少复合文档结构或 Workbook 数据流）',
  badCsv: '无法解析 CSV 文件',
  badPdf: '文件不是有效的 PDF 文档（缺少文件头、交叉引用或对象结构）',
  badOoxml: (label: string) => `文件不是有效的 ${label} 文档（缺少对应的 Office Open XML 主体部分）`,
  kindMismatch: (kind: FileKind) =>
    kind === 'data' ? '请上传 CSV、XLSX、XLS 或 JSON 数据文件' : '请上传 PDF 或 DOCX 文档',
} as const;

/** Where the bytes are: in memory (seed, tests) or in a temporary file (streamed uploads). */
export type FileSource = { bytes: Buffer } | { path: string };

export function typeOfName(fileName: string): FileType | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return ext && ext in FILE_TYPES ? (ext as FileType) : null;
}

async function head(source: FileSource, n: number): Promise<Buffer> {
  if ('bytes' in source) return source.bytes.subarray(0, n);
  const fh = await open(source.path, 'r');
  try {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await fh.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

async function tail(source: FileSource, n: number): Promise<Buffer> {
  if ('bytes' in source) return source.bytes.subarray(Math.max(0, source.bytes.length - n));
  const fh = await open(source.path, 'r');
  try {
    const { size } = await fh.stat();
    const len = Math.min(n, size);
    const buf = Buffer.alloc(len);
    await fh.read(buf, 0, len, size - len);
    return buf;
  } finally {
    await fh.close();
  }
}

function chunks(source: FileSource): AsyncIterable<Buffer> {
  return 'bytes' in source ? Readable.from([source.bytes]) : createReadStream(source.path, { highWaterMark: 1 << 20 });
}

const ZIP = Buffer.from('PK\u0003\u0004', 'latin1');
const PDF = Buffer.from('%PDF-', 'latin1');
/** Magic numbers of binary formats that must never pass as text. */
const BINARY_MAGIC = [
  ZIP,
  PDF,
  Buffer.from([0x89, 0x50, 0x4e, 0x47]), // PNG
  Buffer.from([0xff, 0xd8, 0xff]), // JPEG
  Buffer.from('GIF8', 'latin1'),
  Buffer.from([0x1f, 0x8b]), // gzip
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), // OLE (xls, doc)
  Buffer.from('MZ', 'latin1'),
  Buffer.from([0x7f, 0x45, 0x4c, 0x46]), // ELF
  Buffer.from('Rar!', 'latin1'),
  Buffer.from('7z', 'latin1'),
];

/**
 * The text encoding of a CSV or JSON file: UTF-8 (with or without BOM) if it decodes strictly, else
 * GB18030 (the national standard, a superset of GBK; files saved as "ANSI" on a Chinese Windows are GBK).
 * 'gbk' is what older rows stored; it decodes the same way.
 */
export type TextEncoding = 'utf-8' | 'utf-8-bom' | 'gb18030' | 'gbk';

async function decodesStrictly(source: FileSource, label: string): Promise<boolean> {
  const decoder = new TextDecoder(label, { fatal: true });
  try {
    for await (const chunk of chunks(source)) decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

async function detectEncoding(source: FileSource): Promise<TextEncoding | null> {
  const start = await head(source, 4);
  const bom = start.length >= 3 && start[0] === 0xef && start[1] === 0xbb && start[2] === 0xbf;
  // A GB18030 BOM (84 31 95 33) says so outright; otherwise strict UTF-8 wins, then GB18030.
  if (start.length === 4 && start.readUInt32BE(0) === 0x84319533) return 'gb18030';
  if (await decodesStrictly(source, 'utf-8')) return bom ? 'utf-8-bom' : 'utf-8';
  if (!bom && (await decodesStrictly(source, 'gb18030'))) return 'gb18030';
  return null;
}

const PDF_EOF = Buffer.from('%%EOF', 'latin1');
/** Structure of a PDF: header, an indirect object, and a cross-reference (startxref offset, trailer or stream). */
async function isPdf(source: FileSource): Promise<boolean> {
  const start = await head(source, 64 * 1024);
  // Readers accept the header within the first 1024 bytes.
  const at = start.subarray(0, 1024).indexOf(PDF);
  if (at < 0 || !/^%PDF-\d\.\d/.test(start.toString('latin1', at, at + 8))) return false;
  if (!/\d+\s+\d+\s+obj\b[\s\S]*?\bendobj\b/.test(start.toString('latin1'))) return false;
  const end = (await tail(source, 4096)).toString('latin1');
  if (!end.includes(PDF_EOF.toString('latin1'))) return false;
  const xref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(end);
  if (!xref) return false;
  // The offset must point into the file at a cross-reference table or stream object.
  const offset = Number(xref[1]);
  const target = (await readAround(source, offset, 32)).toString('latin1');
  return /^(xref\b|\d+\s+\d+\s+obj\b)/.test(target);
}

async function readAround(source: FileSource, position: number, n: number): Promise<Buffer> {
  if ('bytes' in source) return source.bytes.subarray(position, position + n);
  const fh = await open(source.path, 'r');
  try {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await fh.read(buf, 0, n, position);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** The content type of each OOXML document's main part, as named in [Content_Types].xml. */
const OOXML_MAIN = {
  docx: {
    part: 'word/document.xml',
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
  },
  xlsx: { part: 'xl/workbook.xml', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml' },
} as const;

/** An OOXML package of the right kind: [Content_Types].xml declares the main part, and that part exists. */
async function isOoxml(source: FileSource, type: keyof typeof OOXML_MAIN): Promise<boolean> {
  const entries = await zipEntries(source);
  if (!entries) return false;
  const main = OOXML_MAIN[type];
  let types: string | null;
  try {
    types = await readZipText(source, entries, '[Content_Types].xml');
  } catch {
    return false;
  }
  if (!types?.includes(main.type)) return false;
  // The override names the part (usually the standard path); it must be in the package.
  const named = new RegExp(`PartName="/([^"]+)"[^>]*ContentType="${main.type.replace(/[.+]/g, '\\$&')}"`).exec(
    types,
  )?.[1];
  return entries.some((e) => e.name === (named ?? main.part));
}

const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const END_OF_CHAIN = 0xfffffffe;
const WORKBOOK = Buffer.from('Workbook', 'utf16le');

/**
 * Structure of a legacy Excel workbook (BIFF8): an OLE2 compound file (CFB) whose directory holds a
 * stream named Workbook. The directory's sectors are followed through the FAT sectors the header
 * lists (the first 109: files up to ~7 MB with 512-byte sectors, any upload with 4096-byte ones).
 * A directory past those is left to the parser, which refuses a file without a workbook all the same.
 */
async function isXls(source: FileSource): Promise<boolean> {
  const header = await readAround(source, 0, 512);
  if (header.length < 512 || !header.subarray(0, 8).equals(OLE)) return false;
  const shift = header.readUInt16LE(0x1e);
  if (shift !== 9 && shift !== 12) return false;
  const sectorSize = 1 << shift;
  const perFat = sectorSize / 4;
  const fat = Array.from({ length: 109 }, (_, i) => header.readUInt32LE(0x4c + i * 4));
  const at = (sector: number) => (sector + 1) * sectorSize;
  let sector = header.readUInt32LE(0x30);
  for (let visited = 0; sector < END_OF_CHAIN && visited < 256; visited++) {
    const dir = await readAround(source, at(sector), sectorSize);
    if (dir.length < sectorSize) return false;
    for (let p = 0; p + 128 <= dir.length; p += 128) {
      const nameLength = dir.readUInt16LE(p + 0x40);
      const isStream = dir[p + 0x42] === 2;
      const name = dir.subarray(p, p + Math.max(0, nameLength - 2));
      if (isStream && name.equals(WORKBOOK) && dir.readUInt32LE(p + 0x78) > 0) return true;
    }
    const fatSector = fat[Math.floor(sector / perFat)];
    if (fatSector === undefined) return true;
    if (fatSector >= END_OF_CHAIN) return false;
    const entry = await readAround(source, at(fatSector) + (sector % perFat) * 4, 4);
    if (entry.length < 4) return false;
    sector = entry.readUInt32LE(0);
  }
  return false;
}

export type Checked = { type: FileType; kind: FileKind; encoding: TextEncoding | null };

/**
 * Checks a file by its extension and its content: the extension must be allowlisted and the bytes
 * must really be that format (a PNG renamed .csv is refused). Throws a 400 with a Chinese reason.
 */
export async function checkFile(fileName: string, source: FileSource): Promise<Checked> {
  const type = typeOfName(fileName);
  if (!type) throw badRequest(FileMessages.typeNotAllowed);
  const start = await head(source, 64 * 1024);
  const kind = FILE_TYPES[type].kind;
  switch (type) {
    case 'pdf':
      if (!start.subarray(0, 1024).includes(PDF)) throw badRequest(FileMessages.contentMismatch);
      if (!(await isPdf(source))) throw badRequest(FileMessages.badPdf);
      return { type, kind, encoding: null };
    case 'docx':
    case 'xlsx': {
      if (!start.subarray(0, 4).equals(ZIP)) throw badRequest(FileMessages.contentMismatch);
      if (!(await isOoxml(source, type))) throw badRequest(FileMessages.contentMismatch);
      return { type, kind, encoding: null };
    }
    case 'xls':
      if (!start.subarray(0, 8).equals(OLE)) throw badRequest(FileMessages.contentMismatch);
      if (!(await isXls(source))) throw badRequest(FileMessages.notXls);
      return { type, kind, encoding: null };
    case 'csv':
    case 'json': {
      if (start.length === 0) throw badRequest(FileMessages.empty);
      if (BINARY_MAGIC.some((m) => start.subarray(0, m.length).equals(m)) || start.includes(0)) {
        throw badRequest(FileMessages.contentMismatch);
      }
      const encoding = await detectEncoding(source);
      if (!encoding) throw badRequest(FileMessages.encoding);
      if (type === 'json' && encoding === 'gb18030') throw badRequest(FileMessages.badJson);
      return { type, kind, encoding };
    }
  }
}

/** A parsed data file: its header, the row (1-based) it was read from, and its rows (as strings) in order. */
export type ParsedData = { columns: string[]; headerRow: number; rows: AsyncIterable<string[]> };

/** A row as the parser read it: its number in the file (1-based; a sheet's own row number) and its cells. */
type NumberedRow = { no: number; cells: string[] };

const headerOf = (cells: string[]) => cells.map((c, i) => c.replace(/^\uFEFF/, '').trim() || `列${i + 1}`);

/** Rows read before the header is chosen; the header is looked for among the first of them. */
const HEADER_LOOKAHEAD = 30;
const HEADER_CANDIDATES = 10;
const NUMBER_OR_DATE = /^[+-]?(\d[\d,]*(\.\d*)?|\.\d+)([eE][+-]?\d+)?%?$|^\d{4}[-/.]\d{1,2}[-/.]\d{1,2}/;

/**
 * The index (in `rows`) of the header: the first row whose filled cells cover most (4/5) of the
 * columns the rows below it fill, and are mostly (3/5) text rather than numbers or dates. Only title
 * rows are passed over on the way (one value, merged or not, or cells for less than half the columns:
 * a title, a unit, a note); any other row that is no header means the table has its header first, as
 * before detection existed (e.g. a header with fewer columns than its rows).
 */
export function detectHeaderRow(rows: string[][]): number {
  const filled = (r: string[]) => r.filter((c) => c.trim() !== '');
  for (let i = 0; i < Math.min(rows.length - 1, HEADER_CANDIDATES); i++) {
    const cells = filled(rows[i]);
    const width = Math.max(...rows.slice(i + 1, i + 11).map((r) => filled(r).length));
    const title = width >= 2 && (new Set(cells.map((c) => c.trim())).size < 2 || cells.length < 0.5 * width);
    if (title) continue;
    const text = cells.filter((c) => !NUMBER_OR_DATE.test(c.trim())).length;
    if (cells.length >= 0.8 * width && text >= 0.6 * cells.length) return i;
    return 0;
  }
  return 0;
}

export const HeaderMessages = {
  beyond: (rows: number) => `表头所在行超出了文件的行数（共 ${rows} 行）`,
  emptyRow: (row: number) => `第 ${row} 行为空，不能作为表头`,
  notTabular: '仅 CSV、XLSX、XLS 文件可以指定表头所在行',
} as const;

/**
 * Parses a checked data file under the limits (columns, characters per cell, rows). CSV and XLSX
 * files often carry a title and notes above the table: the header row is detected (see
 * `detectHeaderRow`) unless `headerRow` names it, and the rows above it are left out. The header is
 * read eagerly so that an empty file, or a header row past its end, fails early. Runs inside the
 * parsing worker (see worker.ts).
 */
export async function parseData(
  source: FileSource,
  checked: Checked,
  limits: FileLimits,
  opts: { headerRow?: number } = {},
): Promise<ParsedData> {
  const tabular = checked.type === 'csv' || checked.type === 'xlsx' || checked.type === 'xls';
  if (!tabular && opts.headerRow !== undefined && opts.headerRow !== 1) throw badRequest(HeaderMessages.notTabular);
  const all =
    checked.type === 'csv'
      ? csvRows(source, checked.encoding ?? 'utf-8', limits)
      : checked.type === 'xlsx'
        ? xlsxRows(source, limits)
        : checked.type === 'xls'
          ? xlsRows(source, limits)
          : numbered(jsonRows(source));
  const iterator = all[Symbol.asyncIterator]();
  const checkRow = (cells: string[]) => {
    if (cells.length > limits.columns) throw badRequest(LimitMessages.columns(limits));
    if (cells.some((c) => c.length > limits.cellChars)) throw badRequest(LimitMessages.cell(limits));
  };
  const isEmpty = (cells: string[]) => cells.every((c) => c === '');
  const read = async (): Promise<NumberedRow | null> => {
    for (;;) {
      const next = await iterator.next();
      if (next.done) return null;
      checkRow(next.value.cells);
      if (!isEmpty(next.value.cells)) return next.value;
    }
  };

  // The rows up to and including the header, kept to choose it; the ones after it are data.
  const ahead: NumberedRow[] = [];
  let header: NumberedRow;
  try {
    if (opts.headerRow !== undefined) {
      const wanted = opts.headerRow;
      let last = 0;
      for (;;) {
        const row = await read();
        if (!row) throw badRequest(last ? HeaderMessages.beyond(last) : FileMessages.empty);
        last = row.no;
        if (row.no > wanted) throw badRequest(HeaderMessages.emptyRow(wanted));
        if (row.no === wanted) {
          header = row;
          break;
        }
      }
    } else {
      for (let i = 0; i < (tabular ? HEADER_LOOKAHEAD : 1); i++) {
        const row = await read();
        if (!row) break;
        ahead.push(row);
      }
      if (ahead.length === 0) throw badRequest(FileMessages.empty);
      const at = tabular ? detectHeaderRow(ahead.map((r) => r.cells)) : 0;
      header = ahead[at];
      ahead.splice(0, at + 1);
    }
  } catch (e) {
    throw asParseError(e, checked.type);
  }
  const columns = headerOf(header.cells);
  async function* rest(): AsyncIterable<string[]> {
    let count = 0;
    const counted = (cells: string[]) => {
      if (++count > limits.rows) throw badRequest(LimitMessages.rows(limits));
      return cells;
    };
    try {
      for (const row of ahead) yield counted(row.cells);
      for (;;) {
        const row = await read();
        if (!row) return;
        yield counted(row.cells);
      }
    } catch (e) {
      throw asParseError(e, checked.type);
    }
  }
  return { columns, headerRow: header.no, rows: rest() };
}

async function* numbered(rows: AsyncIterable<string[]>): AsyncIterable<NumberedRow> {
  let no = 0;
  for await (const cells of rows) yield { no: ++no, cells };
}

/** The Chinese reason a data file of this type could not be parsed. */
export const parseFailure = (type: FileType): string =>
  ({ csv: FileMessages.badCsv, xlsx: FileMessages.badXlsx, xls: FileMessages.badXls })[type as string] ??
  FileMessages.badJson;

function asParseError(e: unknown, type: FileType) {
  if (e instanceof Error && 'status' in e) return e;
  return badRequest(parseFailure(type));
}

/** Decodes a byte stream with TextDecoder (streaming), so GBK works as well as UTF-8. */
function decoding(encoding: TextEncoding) {
  const decoder = new TextDecoder(encoding === 'gbk' || encoding === 'gb18030' ? 'gb18030' : 'utf-8', {
    ignoreBOM: false,
  });
  return new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _enc, done) {
      done(null, decoder.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, decoder.decode());
    },
  });
}

async function* csvRows(source: FileSource, encoding: TextEncoding, limits: FileLimits): AsyncIterable<NumberedRow> {
  const input = 'bytes' in source ? Readable.from([source.bytes]) : createReadStream(source.path);
  const parser = input.pipe(decoding(encoding)).pipe(
    parseCsv({
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      // The record's first line, so that a header row is named as an editor shows it.
      info: true,
      // Bounds the parser's field buffer, so one huge (or unterminated quoted) cell fails fast.
      max_record_size: limits.cellChars + 1,
    }),
  );
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      // info.lines is the line the record ends on; a multi-line quoted cell counts its own lines.
      const breaks = record.reduce((n, c) => n + (c?.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
      yield { no: info.lines - breaks, cells: record.map((c) => c ?? '') };
    }
  } catch (e) {
    if ((e as { code?: string }).code === 'CSV_MAX_RECORD_SIZE') throw badRequest(LimitMessages.cell(limits));
    throw e;
  } finally {
    input.destroy();
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell of exceljs as the text a person sees. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const d = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    const t = `${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`;
    return t === '00:00:00' ? d : `${d} ${t}`;
  }
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText)) return v.richText.map((r: { text?: string }) => r.text ?? '').join('');
    if ('result' in v) return cellText(v.result);
    if ('formula' in v || 'sharedFormula' in v) return '';
    if (typeof v.text === 'string') return v.text;
    if ('error' in v) return String(v.error);
    return JSON.stringify(value);
  }
  return String(value);
}

/** A merged range of a sheet, 1-based and inclusive. */
type Merge = { top: number; left: number; bottom: number; right: number };

const columnNumber = (letters: string) => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
/** Merges beyond this many are left as they are (a sheet may declare thousands; titles and headers need few). */
const MAX_MERGES = 10_000;

/**
 * The merged ranges of the sheet that is parsed. exceljs's streaming reader skips them (and they
 * follow the rows in the sheet's XML), so the sheet is read once for its `<mergeCell ref="A1:C2"/>`
 * elements before the rows are; the package was inspected first, so this inflates no bomb.
 */
async function sheetMerges(source: FileSource, entries: ZipEntry[], limits: FileLimits): Promise<Merge[]> {
  const sheet = entries.find((e) => /^xl\/worksheets\/[^/]+\.xml$/.test(e.name));
  if (!sheet) return [];
  const merges: Merge[] = [];
  const ref = /<(?:\w+:)?mergeCell\b[^>]*?\bref="\$?([A-Z]{1,3})\$?(\d{1,7}):\$?([A-Z]{1,3})\$?(\d{1,7})"/g;
  let carry = '';
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of await zipEntryStream(source, sheet)) {
    const text = carry + decoder.decode(chunk as Buffer, { stream: true });
    ref.lastIndex = 0;
    let end = 0;
    for (let m = ref.exec(text); m; m = ref.exec(text)) {
      end = ref.lastIndex;
      const [top, bottom] = [Number(m[2]), Number(m[4])];
      const [left, right] = [columnNumber(m[1]), Math.min(columnNumber(m[3]), limits.columns)];
      if (merges.length < MAX_MERGES && top <= bottom && left <= right) merges.push({ top, left, bottom, right });
    }
    // An element cut by the chunk's end is read again with the next chunk.
    carry = text.slice(Math.max(end, text.length - 200));
  }
  return merges;
}

async function* xlsxRows(source: FileSource, limits: FileLimits): AsyncIterable<NumberedRow> {
  // Sizes and text runs are checked on the raw package first: exceljs would inflate a bomb whole.
  const entries = await inspectZip(source, limits, FileMessages.badXlsx);
  const merges = await sheetMerges(source, entries, limits);
  // A merged cell's value stands in each cell it spans: a title over the table, a header over two columns.
  // Rows come in order: merges start by their top row and end after their bottom one, so each row
  // looks only at the merges it is in.
  merges.sort((a, b) => a.top - b.top);
  let next = 0;
  let active: { merge: Merge; value: string }[] = [];
  const input = 'bytes' in source ? Readable.from([source.bytes]) : createReadStream(source.path);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
  });
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const values = row.values as unknown[];
      const cells: string[] = [];
      for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
      active = active.filter((a) => a.merge.bottom >= row.number);
      for (; next < merges.length && merges[next].top <= row.number; next++) {
        const merge = merges[next];
        // A merge whose top row is empty (not emitted) has no value to spread.
        if (merge.bottom >= row.number) {
          active.push({ merge, value: merge.top === row.number ? (cells[merge.left - 1] ?? '') : '' });
        }
      }
      for (const { merge, value } of active) {
        for (let c = merge.left; c <= merge.right; c++) {
          while (cells.length < c) cells.push('');
          cells[c - 1] = value;
        }
      }
      yield { no: row.number, cells };
    }
    return; // the first sheet only
  }
}

/**
 * A legacy .xls, read with SheetJS (the `@e965/xlsx` build of SheetJS 0.20.3: the `xlsx` package on
 * npm stops at 0.18.5, open to prototype pollution (CVE-2023-30533) and ReDoS (CVE-2024-22363), both
 * fixed by 0.20.2; no maintained BIFF8 reader without SheetJS exists on npm). It still runs only here,
 * in the limited parsing process, on the bytes alone: no formulas, styles, number formats or HTML are
 * built, only the first sheet, and no more rows than the limit allows. BIFF8 cannot be streamed, so
 * the sheet's size is checked from its declared range before its rows are walked.
 */
async function* xlsRows(source: FileSource, limits: FileLimits): AsyncIterable<NumberedRow> {
  const XLSX = await import('@e965/xlsx');
  const bytes = 'bytes' in source ? source.bytes : await readFile(source.path);
  const book = XLSX.read(bytes, {
    type: 'buffer',
    sheets: 0,
    dense: true,
    cellFormula: false,
    cellHTML: false,
    cellNF: false,
    cellStyles: false,
    cellText: false,
    cellDates: true,
    bookVBA: false,
    // One more than the rows that may follow a header found among the first rows.
    sheetRows: limits.rows + HEADER_LOOKAHEAD + 1,
  });
  const sheet = book.Sheets[book.SheetNames[0]];
  if (!sheet) throw badRequest(FileMessages.empty);
  const range = XLSX.utils.decode_range(sheet['!fullref'] ?? sheet['!ref'] ?? 'A1:A1');
  if (range.e.c + 1 > limits.columns) throw badRequest(LimitMessages.columns(limits));
  if (range.e.r + 1 > limits.rows + HEADER_LOOKAHEAD + 1) throw badRequest(LimitMessages.rows(limits));
  const data = (sheet['!data'] ?? []) as ({ v?: unknown; w?: string } | undefined)[][];
  // As in an XLSX: a merged cell's value stands in each cell it spans; each row looks only at the
  // merges it is in (sorted by their top row).
  const merges = (sheet['!merges'] ?? []).slice(0, MAX_MERGES).sort((a, b) => a.s.r - b.s.r);
  let next = 0;
  let active: typeof merges = [];
  for (let r = 0; r < data.length; r++) {
    const row = data[r];
    if (!row) continue;
    const cells: string[] = [];
    for (let c = 0; c < row.length; c++) cells.push(cellText(row[c]?.v));
    active = active.filter((m) => m.e.r >= r);
    for (; next < merges.length && merges[next].s.r <= r; next++) if (merges[next].e.r >= r) active.push(merges[next]);
    for (const m of active) {
      const value = cellText(data[m.s.r]?.[m.s.c]?.v);
      for (let c = m.s.c; c <= Math.min(m.e.c, limits.columns - 1); c++) {
        while (cells.length <= c) cells.push('');
        cells[c] = value;
      }
    }
    yield { no: r + 1, cells };
  }
}

function jsonCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

type Feature = { type: 'Feature'; properties?: Record<string, unknown> | null; geometry?: unknown };
const isFeatureCollection = (d: unknown): d is { type: 'FeatureCollection'; features: Feature[] } =>
  d !== null &&
  typeof d === 'object' &&
  (d as { type?: unknown }).type === 'FeatureCollection' &&
  Array.isArray((d as { features?: unknown }).features);

/** GeoJSON: one row per feature, its properties as columns and its geometry kept as GeoJSON text. */
function* geoJsonRows(data: { features: Feature[] }): Iterable<string[]> {
  if (data.features.length === 0) throw badRequest(FileMessages.badJson);
  const keys: string[] = [];
  const seen = new Set<string>();
  for (const f of data.features) {
    if (f === null || typeof f !== 'object' || f.type !== 'Feature') throw badRequest(FileMessages.badJson);
    for (const k of Object.keys(f.properties ?? {})) {
      if (!seen.has(k) && k !== 'geometry') {
        seen.add(k);
        keys.push(k);
      }
    }
  }
  yield [...keys, 'geometry'];
  for (const f of data.features) {
    const props = f.properties ?? {};
    yield [...keys.map((k) => jsonCell(props[k])), f.geometry == null ? '' : JSON.stringify(f.geometry)];
  }
}

async function* jsonRows(source: FileSource): AsyncIterable<string[]> {
  const text = ('bytes' in source ? source.bytes : await readFile(source.path)).toString('utf8').replace(/^\uFEFF/, '');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw badRequest(FileMessages.badJson);
  }
  if (isFeatureCollection(data)) {
    yield* geoJsonRows(data);
    return;
  }
  if (!Array.isArray(data) || data.length === 0) throw badRequest(FileMessages.badJson);
  if (data.every((r) => Array.isArray(r))) {
    for (const r of data as unknown[][]) yield r.map(jsonCell);
    return;
  }
  if (!data.every((r) => r !== null && typeof r === 'object' && !Array.isArray(r)))
    throw badRequest(FileMessages.badJson);
  const keys: string[] = [];
  const seen = new Set<string>();
  for (const r of data as Record<string, unknown>[]) {
    for (const k of Object.keys(r)) {
      if (!seen.has(k)) {
        seen.add(k);
        keys.push(k);
      }
    }
  }
  yield keys;
  for (const r of data as Record<string, unknown>[]) yield keys.map((k) => jsonCell(r[k]));
}
