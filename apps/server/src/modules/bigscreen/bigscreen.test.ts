import {
  BIG_SCREEN_FEED_TOPIC,
  BIG_SCREEN_PATH,
  type BigScreenSnapshot,
  PUSH_PROTOCOL,
  PUSH_PUBLIC_PATH,
} from '@odp/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { catalogueDownloads, datastoreSyncLogs, openCallDaily, scheduledJobs } from '../../db/schema/index.js';
import type { JobContext } from '../../platform/jobs/handler.js';
import { applyTransition } from '../../platform/workflow/apply.js';
import { actorFor, createDepart, createUser } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { recordPushes } from '../../test/push-recorder.js';
import { catalogueSubject } from '../catalogue/lifecycle/subject.js';
import { createMarketEntry } from '../market/testing.js';
import { bigScreenRefresh } from './job.js';
import { bigScreenModule } from './manifest.js';
import { readSnapshot, refreshSnapshot } from './snapshot.js';

let ctx: TestContext;
const NOW = new Date('2026-11-15T04:00:00Z'); // 12:00 in the city
const DAY = 86_400_000;
const NOV = new Date('2026-11-10T02:00:00Z');

const read = async () => (await call<BigScreenSnapshot>(ctx, 'GET', BIG_SCREEN_PATH)).body.result;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('the big screen snapshot', () => {
  it('counts known rows, and not off-shelf, deleted, pending or unopened ones', async () => {
    const before = await refreshSnapshot(ctx.db, NOW);
    const district = await createDepart(ctx.db, { departName: '大屏测试区', orgType: '2' });
    const a = await createDepart(ctx.db, { departName: '大屏测试局' });
    const b = await createDepart(ctx.db, { departName: '大屏测试区教育局', parentId: district.id });
    const recent = new Date(NOW.getTime() - 2 * DAY);
    const stale = new Date(NOW.getTime() - 40 * DAY);
    // A: three public entries (one on conditions, one an API), plus four that must not count as public.
    const p1 = await createMarketEntry(ctx.db, a.orgCode, {
      totalNum: 100,
      downloadNum: 5,
      viewNum: 7,
      updateFrequency: '2',
      dataUpdateTime: recent,
      releaseTime: new Date('2026-10-10T02:00:00Z'),
    });
    await createMarketEntry(ctx.db, a.orgCode, {
      openType: '2',
      keyAreasType: '3',
      updateFrequency: '3',
      dataUpdateTime: stale,
      releaseTime: new Date('2026-11-01T01:00:00Z'),
    });
    const api = await createMarketEntry(ctx.db, a.orgCode, {
      dataFormat: 'api',
      callNum: 40,
      updateFrequency: '2',
      dataUpdateTime: recent,
      releaseTime: new Date('2026-11-02T01:00:00Z'),
    });
    await createMarketEntry(ctx.db, a.orgCode, { shelfStatus: 4, totalNum: 1000 }); // off shelf
    await createMarketEntry(ctx.db, a.orgCode, { shelfStatus: 9, totalNum: 1000 }); // deleted
    await createMarketEntry(ctx.db, a.orgCode, { catalogStatus: 1, shelfStatus: 0, releaseTime: null }); // pending
    await createMarketEntry(ctx.db, a.orgCode, { openType: '3', updateFrequency: '7', releaseTime: NOV }); // shared only, on shelf
    // B, a district's bureau: one public entry, one waiting for its off-shelf review (no longer public).
    await createMarketEntry(ctx.db, b.orgCode, { totalNum: 20, releaseTime: NOV });
    await createMarketEntry(ctx.db, b.orgCode, { totalNum: 30, shelfStatus: 3 });
    // Activity: a successful update, a failed one, downloads and calls in this month.
    await ctx.db.insert(datastoreSyncLogs).values([
      {
        catalogId: p1.id,
        mode: 'full',
        outcome: 'ok',
        operatorName: '测试',
        finishedAt: new Date('2026-11-03T00:00:00Z'),
      },
      {
        catalogId: p1.id,
        mode: 'full',
        outcome: 'failed',
        operatorName: '测试',
        finishedAt: new Date('2026-11-03T00:00:00Z'),
      },
    ]);
    await ctx.db.insert(catalogueDownloads).values([
      { catalogId: p1.id, format: 'csv', createdAt: new Date('2026-11-05T00:00:00Z') },
      { catalogId: p1.id, format: 'csv', createdAt: new Date('2026-10-31T17:00:00Z') }, // Nov 1st in the city
    ]);
    await ctx.db.insert(openCallDaily).values({ catalogId: api.id, day: '2026-11-04', calls: 40, rows: 400 });
    await createUser(ctx.db, { roles: ['registered'] });
    await createUser(ctx.db, { roles: ['registered'], status: 2 }); // frozen: not counted

    const after = await refreshSnapshot(ctx.db, NOW);
    const d = (k: keyof BigScreenSnapshot['counters']) => after.counters[k] - before.counters[k];
    expect(d('openDatasets')).toBe(4); // A's three, B's one
    expect(d('catalogues')).toBe(7); // approved and not deleted: A's five, B's two
    expect(d('rows')).toBe(120);
    expect(d('apis')).toBe(1);
    expect(d('downloads')).toBe(5);
    expect(d('calls')).toBe(40);
    expect(d('departments')).toBe(3); // the district and its two departments, as the home's 部门 counts
    expect(d('users')).toBe(1);

    const month = (m: string) => ({
      after: after.months.find((x) => x.month === m),
      before: before.months.find((x) => x.month === m),
    });
    expect(after.months).toHaveLength(12);
    expect(after.months.at(-1)?.month).toBe('2026-11');
    const nov = month('2026-11');
    // Entries on shelf first released in November (the home page's rule): A's two dated ones, the
    // shared-only one and B's public one; not the off-shelf one.
    expect((nov.after?.releases ?? 0) - (nov.before?.releases ?? 0)).toBe(4);
    expect((nov.after?.updates ?? 0) - (nov.before?.updates ?? 0)).toBe(1);
    expect((nov.after?.downloads ?? 0) - (nov.before?.downloads ?? 0)).toBe(2);
    expect((nov.after?.calls ?? 0) - (nov.before?.calls ?? 0)).toBe(40);

    expect(after.departmentsByOpen.find((r) => r.key === a.orgCode)?.value).toBe(3);
    // A publishes four entries (the shared-only one too): two updated within their frequency.
    const rate = after.departmentsByOnTime.find((r) => r.key === a.orgCode);
    expect(rate).toMatchObject({ published: 4, onTime: 2, rate: 50 });
    const row = after.business.find((r) => r.orgCode === a.orgCode);
    expect(row?.catalog).toEqual({ draft: 0, pending: 1, approved: 5, rejected: 0 });
    expect(row?.shelf).toEqual({ none: 0, upPending: 0, on: 4, offPending: 0, off: 1 });
    expect(row?.collection.updated).toBe(2);
    expect((row?.collection.updated ?? 0) + (row?.collection.due ?? 0) + (row?.collection.overdue ?? 0)).toBe(4);
    expect(after.districts.find((x) => x.key === district.orgCode)?.value).toBe(1);
    expect(after.districts.find((x) => x.key === '')?.value).toBe(
      (before.districts.find((x) => x.key === '')?.value ?? 0) + 3,
    );
    const conditional = (s: BigScreenSnapshot) => s.openTypes.find((x) => x.key === '2')?.value ?? 0;
    expect(conditional(after) - conditional(before)).toBe(1);
    expect(after.hotApis[0]).toMatchObject({ id: api.id, value: 40 });
  });

  it('is answered from the kept row: a change shows only after the next refresh', async () => {
    const kept = await refreshSnapshot(ctx.db, NOW);
    const dept = await createDepart(ctx.db);
    await createMarketEntry(ctx.db, dept.orgCode);
    const answered = await read();
    expect(answered.refreshedAt).toBe(kept.refreshedAt);
    expect(answered.counters).toEqual(kept.counters);
    const later = new Date(NOW.getTime() + 60_000);
    const message = await bigScreenRefresh.run({ db: ctx.db, now: later } as JobContext, {});
    expect(message).toContain('大屏统计已刷新');
    const refreshed = await read();
    expect(refreshed.refreshedAt).toBe(later.toISOString());
    expect(refreshed.counters.openDatasets).toBe(kept.counters.openDatasets + 1);
  });

  it('is refreshed at start when missing, and its job is seeded every 5 minutes', async () => {
    expect(await readSnapshot(ctx.db)).not.toBeNull();
    await ctx.db.delete(scheduledJobs).where(eq(scheduledJobs.handler, 'bigScreenRefresh'));
    await bigScreenModule.referenceSteps?.[0].apply(ctx.db, { addMissingMenus: async () => 0 });
    const [job] = await ctx.db.select().from(scheduledJobs).where(eq(scheduledJobs.handler, 'bigScreenRefresh'));
    expect(job.cronExpression).toBe('0 */5 * * * *');
    await ctx.db.execute(sql`delete from big_screen_snapshot`);
    const answered = await read();
    expect(answered.counters.openDatasets).toBeGreaterThan(0);
    expect(await readSnapshot(ctx.db)).not.toBeNull();
  });

  it('pushes an entry put on the shelf to the public feed, with its name only when public', async () => {
    const recorder = await recordPushes(ctx.database);
    try {
      const dept = await createDepart(ctx.db, { departName: '动态测试局' });
      const reviewer = await createUser(ctx.db);
      const actor = actorFor(reviewer, null, ['catalog:review']);
      const open = await createMarketEntry(ctx.db, dept.orgCode, { shelfStatus: 1, catalogName: '公开上架目录' });
      const shared = await createMarketEntry(ctx.db, dept.orgCode, {
        shelfStatus: 1,
        openType: '3',
        catalogName: '内部目录',
      });
      await applyTransition(ctx.db, actor, catalogueSubject, open.id, 'upShelfApprove');
      await applyTransition(ctx.db, actor, catalogueSubject, shared.id, 'upShelfApprove');
      await recorder.settled();
      const lines = recorder.publics.filter((p) => p.topic === BIG_SCREEN_FEED_TOPIC).map((p) => p.data);
      expect(lines).toEqual([
        expect.objectContaining({ kind: 'release', title: '公开上架目录', departName: '动态测试局' }),
        expect.objectContaining({ kind: 'release', title: '部门间共享数据', departName: '动态测试局' }),
      ]);
    } finally {
      await recorder.stop();
    }
  });

  it('reaches a visitor without a session on the public socket, and nobody on the signed-in one', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as { port: number };
    const base = `ws://127.0.0.1:${port}${ctx.base}`;
    const ws = new WebSocket(`${base}${PUSH_PUBLIC_PATH}`, [PUSH_PROTOCOL]);
    const messages: unknown[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(String(data))));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    // The signed-in path still refuses a socket without a token.
    const refused = new WebSocket(`${base}/websocket`, [PUSH_PROTOCOL]);
    await expect(
      new Promise((resolve, reject) => {
        refused.once('open', () => reject(new Error('opened')));
        refused.once('unexpected-response', (_req, res) => resolve(res.statusCode));
        refused.once('error', () => resolve('refused'));
      }),
    ).resolves.toBeTruthy();
    try {
      const dept = await createDepart(ctx.db, { departName: '推送测试局' });
      const entry = await createMarketEntry(ctx.db, dept.orgCode, { shelfStatus: 1, catalogName: '推送上架目录' });
      const reviewer = await createUser(ctx.db);
      await applyTransition(
        ctx.db,
        actorFor(reviewer, null, ['catalog:review']),
        catalogueSubject,
        entry.id,
        'upShelfApprove',
      );
      await expect.poll(() => messages.length, { timeout: 3000 }).toBe(1);
      expect(messages[0]).toMatchObject({
        cmd: 'public',
        topic: BIG_SCREEN_FEED_TOPIC,
        data: { kind: 'release', title: '推送上架目录', departName: '推送测试局' },
      });
    } finally {
      ws.close();
    }
  });
});
