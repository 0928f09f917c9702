import type { Dirent } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { catalogueFiles } from '../../../../db/schema/index.js';
import { defineHandler } from '../../../../platform/jobs/handler.js';
import { STORED_EXTS } from '../../../../platform/storage/storage.js';
import { removeLeftoverCopies } from '../../../datastore/leftovers.js';

const HOUR_MS = 3_600_000;
const BATCH = 500;
const SHARD = /^[0-9a-f]{2}$/;
/** The names platform/storage makes; anything else in the folder is not ours to remove. */
const STORED = new RegExp(
  `^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.(${STORED_EXTS.join('|')})$`,
);

async function entries(dir: string): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
}

/** Modified before `cutoff`; a file that vanished meanwhile (another instance) counts as not old. */
async function olderThan(file: string, cutoff: number): Promise<boolean> {
  try {
    return (await stat(file)).mtimeMs < cutoff;
  } catch {
    return false;
  }
}

/**
 * Uploads are streamed to `<files>/.tmp/*.part`, then moved in and recorded in data_catalog_file in
 * one transaction (modules/files). A crash mid-upload leaves the `.part` behind, and a transaction
 * that rolls back after the move leaves a stored file that no catalogue entry references. Both are
 * removed once older than `hours`, so that an upload in progress is never touched. Soft-deleted
 * attachments keep their rows and therefore their files. A crash mid-way through an Excel 数据上报
 * or a table sync leaves its staged copy in the datastore: those unchanged for `hours` go too
 * (`datastore/leftovers.ts`; never a copy an entry shows).
 */
export const cleanTemporaryUploads = defineHandler({
  name: 'cleanTemporaryUploads',
  title: '清理临时上传文件',
  description:
    '删除中断上传留下的临时文件、从未关联到任何目录的已存储文件，以及中断的数据上报或库表同步留下的暂存数据表（超过指定小时数的）。',
  parameterHelp: 'hours：文件或暂存数据表至少存在多少小时后才清理，1 至 720，默认 24',
  schema: z.strictObject({
    hours: z.number({ error: '须为整数' }).int('须为整数').min(1, '不能小于 1').max(720, '不能超过 720').default(24),
  }),
  async run(ctx, { hours }) {
    const cutoff = ctx.now.getTime() - hours * HOUR_MS;
    const root = ctx.storage.root;

    let parts = 0;
    const tmp = path.join(root, '.tmp');
    for (const entry of await entries(tmp)) {
      if (!entry.isFile() || !entry.name.endsWith('.part')) continue;
      const file = path.join(tmp, entry.name);
      if (await olderThan(file, cutoff)) {
        await rm(file, { force: true });
        parts += 1;
      }
    }

    const candidates: string[] = [];
    for (const shard of await entries(root)) {
      if (!shard.isDirectory() || !SHARD.test(shard.name)) continue;
      for (const entry of await entries(path.join(root, shard.name))) {
        if (!entry.isFile() || !STORED.test(entry.name)) continue;
        const name = `${shard.name}/${entry.name}`;
        if (await olderThan(path.join(root, name), cutoff)) candidates.push(name);
      }
    }

    let orphans = 0;
    for (let i = 0; i < candidates.length; i += BATCH) {
      if (ctx.signal.aborted) break;
      const batch = candidates.slice(i, i + BATCH);
      const referenced = await ctx.db
        .select({ storedName: catalogueFiles.storedName })
        .from(catalogueFiles)
        .where(inArray(catalogueFiles.storedName, batch));
      const kept = new Set(referenced.map((r) => r.storedName));
      for (const name of batch) {
        if (kept.has(name)) continue;
        await ctx.storage.remove(name);
        orphans += 1;
      }
    }
    const copies = ctx.signal.aborted ? 0 : await removeLeftoverCopies(ctx.db, new Date(cutoff));
    return `已清理 ${parts} 个中断上传的临时文件、${orphans} 个未关联目录的文件、${copies} 个中断上报或同步留下的暂存数据表`;
  },
});
