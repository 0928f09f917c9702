import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../../db/client.js';
import {
  captchas,
  catalogueFiles,
  catalogues,
  datastoreResources,
  logs,
  sessions,
} from '../../../../db/schema/index.js';
import type { JobContext } from '../../../../platform/jobs/handler.js';
import { createStorage, type Storage } from '../../../../platform/storage/storage.js';
import { createCatalogue } from '../../../../test/catalogue.js';
import { createUser } from '../../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../../test/harness.js';
import { jobContextOf } from '../../../../test/jobs.js';
import { appendRows, claimStaged, createResource, type Resource, setRowCount } from '../../../datastore/store.js';
import { findHandler } from '../registry.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const uniq = () => randomBytes(4).toString('hex');

let ctx: TestContext;
let dataDir: string;
let storage: Storage;

beforeAll(async () => {
  ctx = await createTestApp();
  dataDir = await mkdtemp(path.join(tmpdir(), 'odp-jobs-'));
  storage = createStorage(dataDir);
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

function jobContext(now = new Date()): JobContext {
  return jobContextOf(ctx, { now, storage, config: { sessionIdleMs: 2 * HOUR } });
}

async function run(name: string, params: unknown, now?: Date) {
  const handler = findHandler(name);
  if (!handler) throw new Error(`no handler ${name}`);
  return handler.run(jobContext(now), params);
}

describe('purgeOldLogs', () => {
  it('deletes logs older than the retention and keeps younger ones', async () => {
    const [old, young] = await ctx.db
      .insert(logs)
      .values([
        { logType: 2, logContent: '200 天前', createdAt: new Date(Date.now() - 200 * DAY) },
        { logType: 2, logContent: '10 天前', createdAt: new Date(Date.now() - 10 * DAY) },
      ])
      .returning({ id: logs.id });
    const message = await run('purgeOldLogs', { days: 180 });
    expect(message).toMatch(/^已删除 [1-9]\d* 条 180 天前的日志$/);
    const left = await ctx.db
      .select({ id: logs.id })
      .from(logs)
      .where(inArray(logs.id, [old.id, young.id]));
    expect(left.map((l) => l.id)).toEqual([young.id]);
  });

  it('keeps a 190-day-old log when the retention is 200 days, and never goes below 180', async () => {
    const [row] = await ctx.db
      .insert(logs)
      .values({ logType: 1, logContent: '190 天前', createdAt: new Date(Date.now() - 190 * DAY) })
      .returning({ id: logs.id });
    await run('purgeOldLogs', { days: 200 });
    expect(await ctx.db.select().from(logs).where(eq(logs.id, row.id))).toHaveLength(1);
    await expect(run('purgeOldLogs', { days: 90 })).rejects.toThrow('不能小于 180');
    expect(await ctx.db.select().from(logs).where(eq(logs.id, row.id))).toHaveLength(1);
  });
});

describe('purgeExpiredSessions', () => {
  it('deletes long-revoked and long-idle sessions and keeps live or recent ones', async () => {
    const user = await createUser(ctx.db);
    const now = Date.now();
    const session = (name: string, lastSeenAgo: number, revokedAgo: number | null) => ({
      tokenHash: `${name}-${uniq()}`.padEnd(64, '0'),
      userId: user.id,
      lastSeenAt: new Date(now - lastSeenAgo),
      revokedAt: revokedAgo === null ? null : new Date(now - revokedAgo),
      revokeReason: revokedAgo === null ? null : 'logout',
    });
    const rows = await ctx.db
      .insert(sessions)
      .values([
        session('live', 5 * 60_000, null),
        session('revokedlong', 10 * DAY, 10 * DAY),
        session('revokedrecent', 2 * DAY, 2 * DAY),
        session('idlelong', 9 * DAY, null),
        session('idlerecent', 3 * DAY, null),
      ])
      .returning({ id: sessions.id, tokenHash: sessions.tokenHash });
    const message = await run('purgeExpiredSessions', { days: 7 });
    expect(message).toMatch(/^已删除 \d+ 条失效会话$/);
    const left = await ctx.db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(
        inArray(
          sessions.id,
          rows.map((r) => r.id),
        ),
      );
    expect(left.map((r) => r.tokenHash.replace(/-.*$/, '')).sort()).toEqual(
      ['idlerecent', 'live', 'revokedrecent'].sort(),
    );
  });
});

describe('purgeExpiredCaptchas', () => {
  it('deletes expired captchas only', async () => {
    const expired = `old${uniq()}`;
    const valid = `new${uniq()}`;
    await ctx.db.insert(captchas).values([
      { checkKey: expired, answer: 'ab12', expiresAt: new Date(Date.now() - 60_000) },
      { checkKey: valid, answer: 'cd34', expiresAt: new Date(Date.now() + 60_000) },
    ]);
    expect(await run('purgeExpiredCaptchas', {})).toMatch(/^已删除 [1-9]\d* 条过期验证码$/);
    const left = await ctx.db
      .select({ key: captchas.checkKey })
      .from(captchas)
      .where(inArray(captchas.checkKey, [expired, valid]));
    expect(left.map((c) => c.key)).toEqual([valid]);
  });
});

describe('cleanTemporaryUploads', () => {
  it('removes old abandoned uploads and unreferenced stored files, keeps recent and referenced ones', async () => {
    const old = new Date(Date.now() - 30 * HOUR);
    const tmp = path.join(storage.root, '.tmp');
    await mkdir(tmp, { recursive: true });
    const oldPart = path.join(tmp, 'a.part');
    const newPart = path.join(tmp, 'b.part');
    await writeFile(oldPart, 'x');
    await writeFile(newPart, 'x');
    await utimes(oldPart, old, old);

    const orphan = await storage.put(Buffer.from('orphan'), 'csv');
    const referenced = await storage.put(Buffer.from('kept'), 'csv');
    const deletedButKept = await storage.put(Buffer.from('soft'), 'pdf');
    const recentOrphan = await storage.put(Buffer.from('recent'), 'json');
    for (const name of [orphan, referenced, deletedButKept]) await utimes(storage.resolve(name), old, old);
    const foreign = path.join(storage.root, orphan.slice(0, 2), 'README.txt');
    await writeFile(foreign, 'not ours');
    await utimes(foreign, old, old);

    const entry = await createCatalogue(ctx.db, { orgCode: 'NONE', shelfStatus: 0 });
    const file = (storedName: string, deletedAt: Date | null) => ({
      catalogId: entry.id,
      kind: 'data',
      fileName: 'a.csv',
      storedName,
      mimeType: 'text/csv',
      size: 4,
      sha256: '0'.repeat(64),
      deletedAt,
    });
    await ctx.db.insert(catalogueFiles).values([file(referenced, null), file(deletedButKept, new Date())]);

    const message = await run('cleanTemporaryUploads', { hours: 24 });
    expect(message).toBe('已清理 1 个中断上传的临时文件、1 个未关联目录的文件、0 个中断上报或同步留下的暂存数据表');
    expect(await readdir(tmp)).toEqual(['b.part']);
    const exists = async (name: string) =>
      (await readdir(path.dirname(storage.resolve(name)))).includes(path.basename(name));
    expect(await exists(orphan)).toBe(false);
    expect(await exists(referenced)).toBe(true);
    expect(await exists(deletedButKept)).toBe(true);
    expect(await exists(recentOrphan)).toBe(true);
    expect((await readdir(path.dirname(foreign))).includes('README.txt')).toBe(true);
  });

  it('does nothing when there is no files folder yet', async () => {
    const empty = createStorage(await mkdtemp(path.join(tmpdir(), 'odp-jobs-empty-')));
    const handler = findHandler('cleanTemporaryUploads');
    const message = await handler?.run({ ...jobContext(), storage: empty }, {});
    expect(message).toBe('已清理 0 个中断上传的临时文件、0 个未关联目录的文件、0 个中断上报或同步留下的暂存数据表');
  });

  it('removes the staged copy a crashed 数据上报 or sync left in the datastore, never a copy in use', async () => {
    const entry = await createCatalogue(ctx.db, { orgCode: 'NONE' });
    const table = async (kind: 'table' | 'file' = 'table') => {
      const r = await createResource(ctx.db, { catalogId: entry.id, kind, names: ['编号'] });
      await appendRows(ctx.db, r, 0, [['1'], ['2']]);
      return r;
    };
    // The entry's current copy, as a sync or a first report leaves it.
    const live = await table();
    await setRowCount(ctx.db, live, 2);
    await ctx.db
      .update(catalogues)
      .set({ mount: { resourceId: live.id } })
      .where(eq(catalogues.id, entry.id));
    // What importExcel had staged when the process died: rows in, never merged nor dropped.
    const leftover = await table();
    // Staged by a report still loading, and one being made current right now.
    const loading = await table();
    const adopting = await table();
    const fileRows = await table('file');
    const old = new Date(Date.now() - 30 * HOUR);
    await ctx.db
      .update(datastoreResources)
      .set({ createdAt: old, updatedAt: old })
      .where(inArray(datastoreResources.id, [live.id, leftover.id, adopting.id, fileRows.id]));
    await claimStaged(ctx.db, adopting);

    const message = await run('cleanTemporaryUploads', { hours: 24 });
    expect(message).toBe('已清理 0 个中断上传的临时文件、0 个未关联目录的文件、1 个中断上报或同步留下的暂存数据表');
    const kept = await ctx.db
      .select({ id: datastoreResources.id })
      .from(datastoreResources)
      .where(eq(datastoreResources.catalogId, entry.id));
    expect(kept.map((r) => r.id).sort()).toEqual([live.id, loading.id, adopting.id, fileRows.id].sort());
    const exists = async (r: Resource) =>
      (await rowsOf<{ t: string | null }>(ctx.db, sql`select to_regclass(${`datastore.${r.tableName}`}) as t`))[0].t !==
      null;
    expect(await exists(leftover)).toBe(false);
    expect(await exists(live)).toBe(true);
    // The report that staged it finds it gone and refuses instead of pointing the entry at nothing.
    await expect(claimStaged(ctx.db, leftover)).rejects.toThrow('暂存的数据已超时被清理');
    await ctx.db.delete(catalogues).where(eq(catalogues.id, entry.id));
  });
});
