import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { type CatalogueFile, CataloguePerm, isEditable } from '@odp/contracts';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { catalogueFiles, catalogueRows, catalogues } from '../../db/schema/index.js';
import { logOperation } from '../../platform/audit/log.js';
import type { Actor } from '../../platform/auth/actor.js';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import type { Storage } from '../../platform/storage/storage.js';
import { checkFile, FILE_TYPES, type FileKind, FileMessages, type FileSource, parseData } from './formats.js';

export type { Storage } from '../../platform/storage/storage.js';
export { createStorage } from '../../platform/storage/storage.js';

const ROW_BATCH = 1000;

type FileRow = typeof catalogueFiles.$inferSelect;

export function presentFile(f: FileRow): CatalogueFile {
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

/**
 * Stores one attachment of a catalogue entry: checks its type by content, keeps the original under a
 * server-chosen name, parses a data file into rows (first row = header), and updates the entry's row
 * total and data update time. Runs with the caller's executor so it commits with the caller's work.
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
    let size: number;
    let sha256: string;
    if ('bytes' in input.source) {
      size = input.source.bytes.length;
      sha256 = createHash('sha256').update(input.source.bytes).digest('hex');
      storedName = await storage.put(input.source.bytes, checked.type);
    } else {
      sha256 = input.sha256 ?? (await hashFile(input.source.path));
      storedName = await storage.adopt(input.source.path, checked.type);
      size = await storage.size(storedName);
    }
    // The stored copy is what we parse (the temporary path is gone after adopt).
    const parsed = checked.kind === 'data' ? await parseData({ path: storage.resolve(storedName) }, checked) : null;
    const [file] = await tx
      .insert(catalogueFiles)
      .values({
        catalogId: entry.id,
        kind: checked.kind,
        fileName,
        storedName,
        mimeType: FILE_TYPES[checked.type].mime,
        size,
        sha256,
        encoding: checked.encoding,
        columns: parsed?.columns ?? null,
        createdBy: input.userId ?? null,
      })
      .returning();
    if (!parsed) return presentFile(file);

    let rowNo = 0;
    let width = parsed.columns.length;
    let batch: string[][] = [];
    const flush = async () => {
      // One JSON parameter per batch: binding thousands of parameters is slow on PGlite.
      await tx.execute(sql`insert into ${catalogueRows} (file_id, row_no, data)
        select ${file.id}::uuid, ${rowNo - batch.length}::int + t.ord::int, t.value
        from jsonb_array_elements(${JSON.stringify(batch)}::jsonb) with ordinality as t(value, ord)`);
      batch = [];
    };
    for await (const cells of parsed.rows) {
      rowNo += 1;
      width = Math.max(width, cells.length);
      batch.push(cells);
      if (batch.length >= ROW_BATCH) await flush();
    }
    if (batch.length) await flush();
    const columns = [...parsed.columns];
    for (let i = columns.length; i < width; i++) columns.push(`列${i + 1}`);
    const [updated] = await tx
      .update(catalogueFiles)
      .set({ rowCount: rowNo, columns })
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

/** totalNum = rows of the entry's live data files; the data update time moves when data changed. */
export async function refreshRowTotal(tx: Executor, catalogId: string, dataChanged: boolean) {
  const total = sql`(select coalesce(sum(${catalogueFiles.rowCount}), 0) from ${catalogueFiles}
    where ${catalogueFiles.catalogId} = ${catalogId} and ${catalogueFiles.kind} = 'data' and ${catalogueFiles.deletedAt} is null)`;
  await tx
    .update(catalogues)
    .set(
      dataChanged
        ? { totalNum: total, dataUpdateTime: new Date(), updatedAt: new Date() }
        : { totalNum: total, updatedAt: new Date() },
    )
    .where(eq(catalogues.id, catalogId));
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

export async function uploadCatalogueFile(
  db: Db,
  storage: Storage,
  actor: Actor,
  input: { catalogId: string; kind: FileKind; fileName: string; tempPath: string; sha256: string },
): Promise<CatalogueFile> {
  try {
    return await db.transaction(async (tx) => {
      const entry = await entryInScope(tx, actor, input.catalogId);
      assertEditable(entry);
      const file = await storeCatalogueFile(
        tx,
        storage,
        {
          catalogId: entry.id,
          fileName: input.fileName,
          source: { path: input.tempPath },
          sha256: input.sha256,
          userId: actor.userId,
        },
        input.kind,
      );
      await logOperation(tx, actor, {
        content: `上传目录附件：${entry.catalogName} / ${file.fileName}（${file.rowCount} 行）`,
        operateType: 'catalogFileUpload',
        target: file.id,
      });
      return file;
    });
  } finally {
    await rm(input.tempPath, { force: true });
  }
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

export type FilePreview = { columns: string[]; rows: string[][]; total: number };

export async function previewForStaff(db: Db, actor: Actor, id: string, limit: number): Promise<FilePreview> {
  const { file } = await fileInScope(db, actor, id);
  if (file.kind !== 'data') throw badRequest('文档类附件不支持预览');
  return { columns: file.columns ?? [], rows: await firstRows(db, file.id, limit), total: file.rowCount };
}

export async function firstRows(db: Executor, fileId: string, limit: number): Promise<string[][]> {
  const rows = await db
    .select({ data: catalogueRows.data })
    .from(catalogueRows)
    .where(eq(catalogueRows.fileId, fileId))
    .orderBy(asc(catalogueRows.rowNo))
    .limit(limit);
  return rows.map((r) => r.data);
}
