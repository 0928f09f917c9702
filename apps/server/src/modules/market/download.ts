import { Readable } from 'node:stream';
import type { DownloadFormat, OpenDownloadQuery } from '@odp/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { catalogueDownloads, catalogues } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import type { Storage } from '../../platform/storage/storage.js';
import { allRows, hasFormulaCells, type Resource, resourceOfFile } from '../datastore/store.js';
import { neutraliseFormula } from '../files/cells.js';
import { FILE_TYPES, type FileType } from '../files/formats.js';
import { xlsxStream } from '../files/xlsx-stream.js';
import { maskedColumns, maskRow } from './mask.js';
import { maskedItemsOf, openDownloadTarget } from './service.js';

const csvCell = (v: string) => (/[",\r\n]|^\s|\s$/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export async function* csvOut(columns: string[], rows: AsyncIterable<string[]>): AsyncGenerator<string> {
  // The BOM makes Excel open UTF-8 CSV as UTF-8.
  yield `\uFEFF${columns.map((h) => csvCell(neutraliseFormula(h))).join(',')}\r\n`;
  let buf = '';
  for await (const row of rows) {
    buf += `${row.map((v) => csvCell(neutraliseFormula(v))).join(',')}\r\n`;
    if (buf.length > 64 * 1024) {
      yield buf;
      buf = '';
    }
  }
  if (buf) yield buf;
}

function uniqueKeys(columns: string[]): string[] {
  const seen = new Map<string, number>();
  return columns.map((c) => {
    const n = (seen.get(c) ?? 0) + 1;
    seen.set(c, n);
    return n === 1 ? c : `${c}_${n}`;
  });
}

async function* jsonOut(columns: string[], rows: AsyncIterable<string[]>): AsyncGenerator<string> {
  const keys = uniqueKeys(columns);
  yield '[';
  let first = true;
  let buf = '';
  for await (const row of rows) {
    const obj: Record<string, string> = {};
    keys.forEach((k, i) => {
      obj[k] = row[i] ?? '';
    });
    buf += `${first ? '\n' : ',\n'}${JSON.stringify(obj)}`;
    first = false;
    if (buf.length > 64 * 1024) {
      yield buf;
      buf = '';
    }
  }
  yield `${buf}\n]\n`;
}

const PLAIN_NUMBER = /^-?(0|[1-9]\d{0,14})(\.\d{1,10})?$/;

/** Streamed as it is read (first bytes at once, flat memory); see files/xlsx-stream.ts. */
function xlsxOut(columns: string[], rows: AsyncIterable<string[]>): Readable {
  return xlsxStream(
    columns.map(neutraliseFormula),
    (async function* () {
      // Plain numbers stay numbers; everything else is text with formulas neutralised.
      for await (const row of rows) yield row.map((v) => (PLAIN_NUMBER.test(v) ? Number(v) : neutraliseFormula(v)));
    })(),
  );
}

/** The size of a stored original; a file missing from disk is a 404, not a broken stream. */
async function storedSize(storage: Storage, storedName: string) {
  return storage.size(storedName).catch(() => {
    throw notFound('文件已丢失');
  });
}

export type Download = { fileName: string; mimeType: string; size?: number; body: Readable };

const baseName = (name: string) => name.replace(/\.[A-Za-z0-9]{1,8}$/, '');
const storedType = (storedName: string) => storedName.slice(storedName.lastIndexOf('.') + 1) as FileType;

/**
 * An open download of a public, unconditionally open entry's file or mounted table in the asked
 * format. The original file is sent as stored only when nothing in it must be masked or neutralised;
 * otherwise it is rebuilt from the stored rows in its own format. A table's original is CSV. Counted
 * (downloadNum and a download row) before sending.
 */
export async function openDownload(
  db: Db,
  storage: Storage,
  q: OpenDownloadQuery,
  actor: Actor | null,
  ip: string,
): Promise<Download> {
  const { entry, file, table } = await openDownloadTarget(db, q);
  let format: DownloadFormat = q.format;
  let asStored = false;
  let masked: number[] = [];
  let columns: string[];
  let resource: Resource | null;
  let name: string;
  if (table) {
    resource = table.resource;
    columns = table.resource.fields.map((f) => f.name);
    name = table.name;
    masked = maskedColumns(columns, await maskedItemsOf(db, entry.id));
    if (format === 'original') format = 'csv';
  } else if (file) {
    if (file.kind === 'doc' || q.format === 'original') await storedSize(storage, file.storedName);
    const type = storedType(file.storedName);
    columns = file.columns ?? [];
    name = baseName(file.fileName);
    resource = file.kind === 'data' ? await resourceOfFile(db, file.id) : null;
    if (file.kind === 'doc') {
      if (format !== 'original') throw badRequest('文档只能下载原文件');
      asStored = true;
    } else {
      masked = maskedColumns(columns, await maskedItemsOf(db, entry.id));
      if (format === 'original') {
        asStored = masked.length === 0 && (type === 'json' || !resource || !(await hasFormulaCells(db, resource)));
        format = type as DownloadFormat;
      }
    }
  } else {
    throw badRequest('请指定数据文件或数据表');
  }

  await db.transaction(async (tx) => {
    await tx
      .update(catalogues)
      .set({ downloadNum: sql`${catalogues.downloadNum} + 1` })
      .where(eq(catalogues.id, entry.id));
    await tx.insert(catalogueDownloads).values({
      catalogId: entry.id,
      fileId: file?.id ?? null,
      format: q.format,
      userId: actor?.userId ?? null,
      ip: ip.slice(0, 64),
    });
  });

  if (asStored && file) {
    return {
      fileName: file.fileName,
      mimeType: file.mimeType,
      size: await storedSize(storage, file.storedName),
      body: storage.read(file.storedName),
    };
  }
  const rows = (async function* () {
    if (resource) for await (const r of allRows(db, resource)) yield maskRow(r, masked);
  })();
  const ext = format as 'csv' | 'xlsx' | 'json';
  const fileName = `${name}.${ext}`;
  const body =
    ext === 'xlsx'
      ? xlsxOut(columns, rows)
      : Readable.from(ext === 'csv' ? csvOut(columns, rows) : jsonOut(columns, rows));
  return { fileName, mimeType: FILE_TYPES[ext].mime, body };
}
