import { rm } from 'node:fs/promises';
import { CONFLICT_POLICY_LABEL, type ReportImportQuery, type ReportImportResult } from '@odp/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { catalogues, datastoreSyncLogs } from '../../db/schema/index.js';
import { logOperation } from '../../platform/audit/log.js';
import type { Actor } from '../../platform/auth/actor.js';
import { badRequest } from '../../platform/http/errors.js';
import { departNameOf } from '../catalogue/labels.js';
import { emptyKeyRow, type KeyClash, type KeyPolicy, mergeByKey, repeatedKeys } from '../datastore/merge.js';
import {
  appendRows,
  claimStaged,
  createResource,
  dropResource,
  type Resource,
  setRowCount,
} from '../datastore/store.js';
import { refreshRowTotal } from '../datastore/totals.js';
import { checkFile } from '../files/formats.js';
import { fileLimits } from '../files/limits.js';
import { cleanFileName, namedByItems, typesByItems } from '../files/service.js';
import { parseInWorker } from '../files/worker.js';
import { checkSheet, type ReportTarget, reportTarget } from './report-entry.js';
import type { TableMount } from './table-mount.js';

const POLICY: Record<ReportImportQuery['conflictPolicy'], KeyPolicy> = { '1': 'replace', '2': 'skip', '3': 'refuse' };
const ROW_BATCH = 1000;
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A sheet row's number as the officer sees it in Excel: the header's row plus the data row. */
function clashMessage(clash: KeyClash, headerRow: number): string {
  const at = `第 ${headerRow + clash.row} 行`;
  const key = clash.key.replaceAll('\u001f', '、');
  return clash.where === 'load'
    ? `上报文件${at}的主键“${key}”与前面的行重复，按“报错并终止”策略未写入任何数据`
    : `上报文件${at}的主键“${key}”已存在，按“报错并终止”策略未写入任何数据`;
}

/**
 * Writes the sheet's rows into a staging resource of the entry, in short statements outside a
 * transaction (as an upload does: PGlite has one connection), after checking its columns and key.
 */
async function stage(db: Db, target: ReportTarget, input: Upload, signal?: AbortSignal) {
  const fileName = cleanFileName(input.fileName);
  const checked = await checkFile(fileName, { path: input.tempPath });
  if (checked.type !== 'xlsx' && checked.type !== 'xls') throw badRequest('请上传 Excel 文件（.xlsx 或 .xls）');
  const parsed = await parseInWorker({ path: input.tempPath }, checked, fileLimits(), {
    batchSize: ROW_BATCH,
    signal,
    headerRow: input.headerRow,
  });
  const columns = await namedByItems(db, target.id, parsed.columns);
  let keys: string[];
  try {
    keys = checkSheet(target, columns, input.keyColumn);
  } catch (e) {
    await endParsing(parsed.batches);
    throw e;
  }
  const staged = await createResource(db, {
    catalogId: target.id,
    kind: 'table',
    names: columns,
    types: await typesByItems(db, target.id, columns),
  });
  return { fileName, headerRow: parsed.headerRow, keys, staged, batches: parsed.batches };
}

/** Ends a parse the caller no longer wants: the child process stops when its batches are left. */
async function endParsing(batches: AsyncIterable<string[][]>) {
  for await (const batch of batches) if (batch) break;
}

type Upload = Pick<ReportImportQuery, 'keyColumn' | 'headerRow'> & { fileName: string; tempPath: string };

/**
 * 数据上报: an officer's Excel sheet into the entry's current copy, by key under the chosen policy. The
 * sheet is staged first; one transaction then merges it (or makes it the first copy), moves the
 * entry's total and 最近更新时间, and writes the 更新记录 and the operation log. A refused sheet
 * writes nothing; the staging table goes whatever happens.
 */
export async function importExcel(
  db: Db,
  actor: Actor,
  input: ReportImportQuery & Upload & { signal?: AbortSignal },
): Promise<ReportImportResult> {
  let staged: Resource | null = null;
  let adopted = false;
  try {
    const target = await reportTarget(db, actor, input.catalogId);
    const sheet = await stage(db, target, input, input.signal);
    staged = sheet.staged;
    let rows = 0;
    for await (const batch of sheet.batches) {
      await appendRows(db, staged, rows, batch);
      rows += batch.length;
      await yieldToOthers();
    }
    if (rows === 0) throw badRequest('上报文件没有数据行');
    await setRowCount(db, staged, rows);
    if (input.signal?.aborted) throw badRequest('上传已取消');
    const policy = POLICY[input.conflictPolicy];
    const emptyAt = await emptyKeyRow(db, staged, sheet.keys);
    if (emptyAt !== null) {
      throw badRequest(`上报文件第 ${sheet.headerRow + emptyAt} 行的主键（${sheet.keys.join('、')}）为空`);
    }
    const repeats = await repeatedKeys(db, staged, sheet.keys, policy === 'replace');
    if (repeats.first && policy === 'refuse') throw badRequest(clashMessage(repeats.first, sheet.headerRow));
    const load = staged;
    const result = await db.transaction(async (tx) => {
      // The entry is locked so that a sync or another report cannot swap its copy meanwhile.
      await tx.execute(sql`select 1 from ${catalogues} where ${catalogues.id} = ${target.id} for update`);
      await claimStaged(tx, load);
      const now = await reportTarget(tx, actor, target.id);
      checkSheet(
        now,
        sheet.staged.fields.map((f) => f.name),
        input.keyColumn,
      );
      let counts: { inserted: number; replaced: number; skipped: number };
      if (now.copy) {
        const merged = await mergeByKey(tx, now.copy, load, sheet.keys, policy);
        if ('clash' in merged) throw badRequest(clashMessage(merged.clash, sheet.headerRow));
        counts = merged;
        await dropResource(tx, load);
      } else {
        counts = { inserted: rows - repeats.removed, replaced: 0, skipped: 0 };
        await setRowCount(tx, load, counts.inserted);
        const mount: TableMount = { ...(now.mount ?? {}), resourceId: load.id };
        await tx.update(catalogues).set({ mount }).where(eq(catalogues.id, target.id));
        adopted = true;
      }
      counts.skipped += repeats.removed;
      // A report is the period's update even when every row was already held.
      await refreshRowTotal(tx, target.id, true);
      const message = `${sheet.fileName}：新增 ${counts.inserted} 行，覆盖 ${counts.replaced} 行，跳过 ${counts.skipped} 行（${CONFLICT_POLICY_LABEL[input.conflictPolicy]}）`;
      await tx.insert(datastoreSyncLogs).values({
        catalogId: target.id,
        mode: 'excel',
        outcome: 'ok',
        rows: counts.inserted + counts.replaced,
        message: message.slice(0, 500),
        operatorId: actor.userId,
        operatorName: actor.realname,
        departName: await departNameOf(tx, actor.orgCode),
        finishedAt: new Date(),
      });
      await logOperation(tx, actor, {
        content: `Excel 数据上报：${target.catalogName} / ${message}`,
        operateType: 'excelReport',
        target: target.id,
      });
      const [{ totalNum }] = await tx
        .select({ totalNum: catalogues.totalNum })
        .from(catalogues)
        .where(eq(catalogues.id, target.id));
      return { ...counts, totalNum: Number(totalNum) };
    });
    return { catalogId: target.id, fileName: sheet.fileName, headerRow: sheet.headerRow, ...result };
  } catch (e) {
    adopted = false;
    throw e;
  } finally {
    if (staged && !adopted) {
      await dropResource(db, staged).catch(() => undefined);
    }
    await rm(input.tempPath, { force: true });
  }
}
