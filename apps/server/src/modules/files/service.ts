import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { type CatalogueFile, CataloguePerm, isEditable } from '@odp/contracts';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { catalogueFiles, catalogueItems, catalogues, type DatastoreType } from '../../db/schema/index.js';
import { logOperation } from '../../platform/audit/log.js';
import type { Actor } from '../../platform/auth/actor.js';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import type { Storage } from '../../platform/storage/storage.js';
import { indexFilterable } from '../datastore/indexes.js';
import {
  appendRows,
  createResource,
  firstRows as firstResourceRows,
  type Resource,
  resourceOfFile,
  setRowCount,
} from '../datastore/store.js';
import { refreshRowTotal } from '../datastore/totals.js';
import { typeOfItem } from '../datastore/types.js';
import {
  type Checked,
  checkFile,
  FILE_TYPES,
  type FileKind,
  FileMessages,
  type FileSource,
  type FileType,
  HeaderMessages,
  parseData,
  type TextEncoding,
  typeOfName,
} from './formats.js';
import { fileLimits } from './limits.js';
import { parseInWorker } from './worker.js';

export type { Storage } from '../../platform/storage/storage.js';
export { createStorage } from '../../platform/storage/storage.js';

const ROW_BATCH = 1000;

type FileRow = typeof catalogueFiles.$inferSelect;
/** What a file shows of itself (never where it is stored). */
export type ShownFileFields = Pick<
  FileRow,
  'id' | 'kind' | 'fileName' | 'mimeType' | 'size' | 'rowCount' | 'columns' | 'createdAt'
>;

export function presentFile(f: ShownFileFields): CatalogueFile {
  return {
    id: f.id,
    kind: f.kind === 'doc' ? 'doc' : 'data',
    fileName: f.fileName,
    mimeType: f.mimeType,
    size: f.size,
    rowCount: f.rowCount,
    columns: f.columns ?? null,
    createTime: f.createdAt.toISOString(),
  };
}

/** A file name as shown and offered for download: no path, no control characters, at most 200 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '').trim();
  if (!clean) throw badRequest('文件名不能为空');
  if (clean.length <= 200) return clean;
  const ext = /\.[A-Za-z0-9]{1,8}$/.exec(clean)?.[0] ?? '';
  return clean.slice(0, 200 - ext.length) + ext;
}

/** Lets other requests run between batches: a big file must not hold the event loop. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Header and rows of a data file, in batches. */
type Parsed = { columns: string[]; batches: AsyncIterable<string[][]> };

/** Server-generated files (seed, exports) are trusted and small: parsed in-process. */
async function parseTrusted(source: FileSource, checked: Checked): Promise<Parsed> {
  const parsed = await parseData(source, checked, fileLimits());
  return {
    columns: parsed.columns,
    batches: (async function* () {
      let batch: string[][] = [];
      for await (const row of parsed.rows) {
        batch.push(row);
        if (batch.length >= ROW_BATCH) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length) yield batch;
    })(),
  };
}

/**
 * Header names as the entry's data items (信息项) name them: a column named by an item's field name
 * (often an abbreviation, e.g. `zdmc` for 站点名称; any case) or by its Chinese name becomes that
 * item's name, so previews, masking and downloads speak the catalogue's language. Other columns stay.
 */
export async function namedByItems(ex: Executor, catalogId: string, columns: string[]): Promise<string[]> {
  const items = await ex
    .select({ name: catalogueItems.name, enName: catalogueItems.enName })
    .from(catalogueItems)
    .where(eq(catalogueItems.catalogId, catalogId));
  return nameColumnsByItems(items, columns);
}

/** `namedByItems` on items already read (a list that names the columns of many entries). */
export function nameColumnsByItems(items: { name: string; enName: string | null }[], columns: string[]): string[] {
  if (items.length === 0) return columns;
  const byField = new Map(items.filter((i) => i.enName).map((i) => [i.enName?.trim().toLowerCase(), i.name]));
  const byName = new Set(items.map((i) => i.name));
  const used = new Set<string>();
  return columns.map((c) => {
    const key = c.trim();
    const name = byName.has(key) ? key : byField.get(key.toLowerCase());
    // Two columns for one item: the second keeps its own header rather than repeat the name.
    if (!name || used.has(name)) return c;
    used.add(name);
    return name;
  });
}

/** The datastore column types the entry's data items ask for, by column name (text where none does). */
export async function typesByItems(ex: Executor, catalogId: string, columns: string[]): Promise<DatastoreType[]> {
  const items = await ex
    .select({ name: catalogueItems.name, dataType: catalogueItems.dataType })
    .from(catalogueItems)
    .where(eq(catalogueItems.catalogId, catalogId));
  const byName = new Map(items.map((i) => [i.name, i.dataType]));
  return columns.map((c) => typeOfItem(byName.get(c)));
}

/**
 * Writes a parsed file's rows into a datastore table of its own and returns their count and the
 * columns (a row wider than the header adds columns named 列N).
 */
async function writeRows(
  ex: Executor,
  file: { id: string; catalogId: string },
  parsed: Parsed,
): Promise<{ rowCount: number; columns: string[]; resource: Resource }> {
  const resource = await createResource(ex, {
    catalogId: file.catalogId,
    fileId: file.id,
    kind: 'file',
    names: parsed.columns,
    types: await typesByItems(ex, file.catalogId, parsed.columns),
  });
  let rowNo = 0;
  for await (const batch of parsed.batches) {
    await appendRows(ex, resource, rowNo, batch);
    rowNo += batch.length;
    await yieldToOthers();
  }
  await setRowCount(ex, resource, rowNo);
  return { rowCount: rowNo, columns: resource.fields.map((f) => f.name), resource };
}

/** Keeps the original under a server-chosen name; returns its name, size and hash. */
async function keepOriginal(storage: Storage, source: FileSource, type: FileType, sha256?: string) {
  if ('bytes' in source) {
    return {
      storedName: await storage.put(source.bytes, type),
      size: source.bytes.length,
      sha256: createHash('sha256').update(source.bytes).digest('hex'),
    };
  }
  const hash = sha256 ?? (await hashFile(source.path));
  const storedName = await storage.adopt(source.path, type);
  return { storedName, size: await storage.size(storedName), sha256: hash };
}

/** The file row of a kept original, the same whichever way the file arrived. */
function fileRow(
  catalogId: string,
  fileName: string,
  checked: Checked,
  original: Awaited<ReturnType<typeof keepOriginal>>,
  columns: string[] | null,
  createdBy: string | null,
) {
  const { kind, type, encoding } = checked;
  return { catalogId, kind, fileName, ...original, mimeType: FILE_TYPES[type].mime, encoding, columns, createdBy };
}

/**
 * Stores one attachment of a catalogue entry: checks its type by content, keeps the original under a
 * server-chosen name, parses a data file into rows (first row = header), and updates the entry's row
 * total and data update time. Runs with the caller's executor so it commits with the caller's work:
 * for server-generated files (seed, other capabilities). Uploads go through `uploadCatalogueFile`.
 * The stored original is removed again if anything fails.
 */
export async function storeCatalogueFile(
  tx: Executor,
  storage: Storage,
  input: { catalogId: string; fileName: string; source: FileSource; sha256?: string; userId?: string | null },
  expectKind?: FileKind,
): Promise<CatalogueFile> {
  const fileName = cleanFileName(input.fileName);
  const [entry] = await tx.select({ id: catalogues.id }).from(catalogues).where(eq(catalogues.id, input.catalogId));
  if (!entry) throw notFound('目录不存在');
  const checked = await checkFile(fileName, input.source);
  if (expectKind && checked.kind !== expectKind) throw badRequest(FileMessages.kindMismatch(expectKind));

  let storedName: string | null = null;
  try {
    const original = await keepOriginal(storage, input.source, checked.type, input.sha256);
    storedName = original.storedName;
    // The stored copy is what we parse (a temporary path is gone after adopt).
    const parsed = checked.kind === 'data' ? await parseTrusted({ path: storage.resolve(storedName) }, checked) : null;
    if (parsed) parsed.columns = await namedByItems(tx, entry.id, parsed.columns);
    const [file] = await tx
      .insert(catalogueFiles)
      .values(fileRow(entry.id, fileName, checked, original, parsed?.columns ?? null, input.userId ?? null))
      .returning();
    if (!parsed) return presentFile(file);
    const written = await writeRows(tx, file, parsed);
    const [updated] = await tx
      .update(catalogueFiles)
      .set({ rowCount: written.rowCount, columns: written.columns })
      .where(eq(catalogueFiles.id, file.id))
      .returning();
    await refreshRowTotal(tx, entry.id, true);
    return presentFile(updated);
  } catch (e) {
    if (storedName) await storage.remove(storedName).catch(() => undefined);
    throw e;
  }
}

/**
 * The call the demo seed and other capabilities use to attach a generated file to an entry.
 * Same checks and parsing as an upload.
 */
export async function saveCatalogueFile(
  tx: Executor,
  storage: Storage,
  input: { catalogId: string; fileName: string; bytes: Buffer; userId?: string | null },
): Promise<CatalogueFile> {
  return storeCatalogueFile(tx, storage, {
    catalogId: input.catalogId,
    fileName: input.fileName,
    source: { bytes: input.bytes },
    userId: input.userId,
  });
}

async function hashFile(filePath: string): Promise<string> {
  const { createReadStream } = await import('node:fs');
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(filePath)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

// --- back office ---------------------------------------------------------------------------

type EntryScope = { id: string; orgCode: string; catalogName: string; catalogStatus: number; shelfStatus: number };

const isReviewer = (actor: Actor) => actor.perms.has(CataloguePerm.review);

/** The entry, if the caller may see its files: same department, or a reviewer (who sees every department). */
async function entryInScope(db: Executor, actor: Actor, catalogId: string): Promise<EntryScope> {
  const [entry] = await db
    .select({
      id: catalogues.id,
      orgCode: catalogues.orgCode,
      catalogName: catalogues.catalogName,
      catalogStatus: catalogues.catalogStatus,
      shelfStatus: catalogues.shelfStatus,
    })
    .from(catalogues)
    .where(eq(catalogues.id, catalogId));
  if (!entry) throw notFound('目录不存在');
  if (!isReviewer(actor) && entry.orgCode !== actor.orgCode) throw forbidden('只能操作本部门的目录');
  return entry;
}

function assertEditable(entry: EntryScope) {
  if (!isEditable(entry)) throw badRequest('目录正在审核中或已删除，暂不能修改附件');
}

/** Checked before an upload is read, so that a refused caller does not send 100 MB for nothing. */
export async function assertCanAttach(db: Db, actor: Actor, catalogId: string) {
  assertEditable(await entryInScope(db, actor, catalogId));
}

async function fileInScope(db: Executor, actor: Actor, id: string) {
  const [file] = await db
    .select()
    .from(catalogueFiles)
    .where(and(eq(catalogueFiles.id, id), isNull(catalogueFiles.deletedAt)));
  if (!file) throw notFound('文件不存在或已删除');
  const entry = await entryInScope(db, actor, file.catalogId);
  return { file, entry };
}

/**
 * An officer's upload. The file is checked and parsed in a limited worker (see worker.ts), and its
 * rows are written in short statements outside any long transaction: on PGlite every query shares
 * one connection, so a transaction held for a million rows would stall every other request. Until
 * the rows are all in, the file row is hidden (deletedAt set); one short transaction then shows it,
 * updates the entry's total and logs the upload. A file that fails, or whose client went away,
 * leaves nothing: no rows, no file row, no stored original, no temporary file.
 */
export async function uploadCatalogueFile(
  db: Db,
  storage: Storage,
  actor: Actor,
  input: {
    catalogId: string;
    kind: FileKind;
    fileName: string;
    tempPath: string;
    sha256: string;
    signal?: AbortSignal;
    /** The header row the officer chose; detected when absent. */
    headerRow?: number;
  },
): Promise<CatalogueFile> {
  let storedName: string | null = null;
  let fileId: string | null = null;
  try {
    const fileName = cleanFileName(input.fileName);
    const entry = await entryInScope(db, actor, input.catalogId);
    assertEditable(entry);
    const checked = await checkFile(fileName, { path: input.tempPath });
    if (checked.kind !== input.kind) throw badRequest(FileMessages.kindMismatch(input.kind));
    const parsed =
      checked.kind === 'data'
        ? await parseInWorker({ path: input.tempPath }, checked, fileLimits(), {
            batchSize: ROW_BATCH,
            signal: input.signal,
            headerRow: input.headerRow,
          })
        : null;
    if (parsed) parsed.columns = await namedByItems(db, entry.id, parsed.columns);
    const original = await keepOriginal(storage, { path: input.tempPath }, checked.type, input.sha256);
    storedName = original.storedName;
    const [staged] = await db
      .insert(catalogueFiles)
      .values({
        ...fileRow(entry.id, fileName, checked, original, parsed?.columns ?? null, actor.userId),
        deletedAt: new Date(),
      })
      .returning({ id: catalogueFiles.id });
    fileId = staged.id;
    const written = parsed ? await writeRows(db, { id: staged.id, catalogId: entry.id }, parsed) : null;
    // Outside any transaction, as VACUUM needs; before the file shows, like its rows.
    if (written) await indexFilterable(db, written.resource);
    if (input.signal?.aborted) throw badRequest('上传已取消');
    const file = await db.transaction(async (tx) => {
      // The entry may have gone to review while the rows were written.
      assertEditable(await entryInScope(tx, actor, entry.id));
      const [shown] = await tx
        .update(catalogueFiles)
        .set({ ...(written ? { rowCount: written.rowCount, columns: written.columns } : {}), deletedAt: null })
        .where(eq(catalogueFiles.id, staged.id))
        .returning();
      if (written) await refreshRowTotal(tx, entry.id, true);
      const presented = presentFile(shown);
      await logOperation(tx, actor, {
        content: `上传目录附件：${entry.catalogName} / ${presented.fileName}（${presented.rowCount} 行）`,
        operateType: 'catalogFileUpload',
        target: presented.id,
      });
      return presented;
    });
    fileId = null;
    storedName = null;
    return tabular(checked.type) && parsed ? { ...file, headerRow: parsed.headerRow } : file;
  } finally {
    if (fileId) await discardStaged(db, fileId);
    if (storedName) await storage.remove(storedName).catch(() => undefined);
    await rm(input.tempPath, { force: true });
  }
}

/** Removes a staged upload: its datastore resource and table go with the file row (cascade and trigger). */
async function discardStaged(db: Db, fileId: string) {
  await db.delete(catalogueFiles).where(eq(catalogueFiles.id, fileId));
}

export async function listCatalogueFiles(db: Db, actor: Actor, catalogId: string): Promise<CatalogueFile[]> {
  await entryInScope(db, actor, catalogId);
  const rows = await db
    .select()
    .from(catalogueFiles)
    .where(and(eq(catalogueFiles.catalogId, catalogId), isNull(catalogueFiles.deletedAt)))
    .orderBy(asc(catalogueFiles.kind), desc(catalogueFiles.createdAt));
  return rows.map(presentFile);
}

/** Soft delete: the original and its rows stay, the entry's row total drops. */
export async function deleteCatalogueFile(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const { file, entry } = await fileInScope(tx, actor, id);
    assertEditable(entry);
    await tx.update(catalogueFiles).set({ deletedAt: new Date() }).where(eq(catalogueFiles.id, id));
    if (file.kind === 'data') await refreshRowTotal(tx, entry.id, true);
    await logOperation(tx, actor, {
      content: `删除目录附件：${entry.catalogName} / ${file.fileName}`,
      operateType: 'catalogFileDelete',
      target: id,
    });
  });
}

/** The original file for the department that owns it or a reviewer. */
export async function originalForStaff(db: Db, actor: Actor, id: string) {
  const { file } = await fileInScope(db, actor, id);
  return file;
}

export type FilePreview = { columns: string[]; rows: string[][]; total: number; headerRow?: number };

/** Types whose header may sit below title rows (see `parseData`). */
const tabular = (type: FileType | null): type is 'csv' | 'xlsx' | 'xls' =>
  type === 'csv' || type === 'xlsx' || type === 'xls';

/**
 * The first rows of a data file. A CSV or XLSX is read again from its original, in the limited
 * parsing process, so that the answer names the header row, and so that the officer can see the file
 * with another row as its header (`headerRow`) before uploading it again with that row; the stored
 * rows are not changed. The total with another header row is counted through the whole file.
 */
export async function previewForStaff(
  db: Db,
  storage: Storage,
  actor: Actor,
  id: string,
  limit: number,
  headerRow?: number,
): Promise<FilePreview> {
  const { file } = await fileInScope(db, actor, id);
  if (file.kind !== 'data') throw badRequest('文档类附件不支持预览');
  const type = typeOfName(file.fileName);
  if (!tabular(type)) {
    if (headerRow !== undefined && headerRow !== 1) throw badRequest(HeaderMessages.notTabular);
    return { columns: file.columns ?? [], rows: await firstRows(db, file.id, limit), total: file.rowCount };
  }
  const checked: Checked = { type, kind: 'data', encoding: (file.encoding as TextEncoding | null) ?? null };
  const parsed = await parseInWorker({ path: storage.resolve(file.storedName) }, checked, fileLimits(), {
    batchSize: limit,
    headerRow,
  });
  const rows: string[][] = [];
  let total = 0;
  for await (const batch of parsed.batches) {
    if (rows.length < limit) rows.push(...batch.slice(0, limit - rows.length));
    total += batch.length;
    // Without a chosen row the header is the one the stored rows were read with: their count stands.
    if (headerRow === undefined && rows.length >= limit) break;
  }
  const columns = await namedByItems(db, file.catalogId, parsed.columns);
  return { columns, rows, total: headerRow === undefined ? file.rowCount : total, headerRow: parsed.headerRow };
}

/** The first rows of a data file as stored (empty when the file has no rows). */
export async function firstRows(db: Executor, fileId: string, limit: number): Promise<string[][]> {
  const resource = await resourceOfFile(db, fileId);
  return resource ? firstResourceRows(db, resource, limit) : [];
}
