import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assetDomains,
  assetIndexes,
  catalogueDownloads,
  catalogues,
  indicatorRuns,
  indicatorValues,
  interactionTickets,
  openCallLogs,
} from '../../../db/schema/index.js';
import { createDepart, createUser } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { jobContextOf } from '../../../test/jobs.js';
import { findHandler } from '../../system/job/registry.js';
import { type CalcPeriod, calculationOf } from './calculations.js';
import { computeIndicators } from './compute.js';
import { latestValues } from './repository.js';
import { rerunFailed } from './service.js';

const uniq = () => randomBytes(4).toString('hex');
let ctx: TestContext;
let X: string;
let Y: string;
let Z: string;
let submitter: string;
const ids: Record<string, string> = {};

/** October 2026 in the city's calendar, computed in mid-November: the period is over. */
const OCT: CalcPeriod = {
  start: new Date('2026-09-30T16:00:00Z'),
  end: new Date('2026-10-31T16:00:00Z'),
  asOf: new Date('2026-10-31T16:00:00Z'),
};
const NOW = new Date('2026-11-15T02:00:00Z');
const at = (s: string) => new Date(s);

async function entry(key: string, orgCode: string, fields: Partial<typeof catalogues.$inferInsert>) {
  const [row] = await ctx.db
    .insert(catalogues)
    .values({
      catalogCode: `T-${uniq()}`,
      catalogName: `指标测试目录${key}`,
      orgCode,
      informationSummary: '用于指标计算测试的目录摘要，长度足够。',
      keyAreasType: '6',
      shareType: '10',
      openType: '1',
      updateFrequency: '3',
      catalogStatus: 2,
      shelfStatus: 2,
      releaseTime: at('2026-01-01T00:00:00Z'),
      ...fields,
    })
    .returning();
  ids[key] = row.id;
  return row;
}

async function ticket(key: string, fields: Partial<typeof interactionTickets.$inferInsert>) {
  const [row] = await ctx.db
    .insert(interactionTickets)
    .values({
      kind: 'consult',
      title: `互动测试${key}`,
      content: '指标计算测试用的问题内容，二十个字以上，足够长了。',
      submitterId: submitter,
      status: 1,
      orgCode: X,
      submittedAt: at('2026-10-10T02:00:00Z'),
      ...fields,
    })
    .returning();
  ids[key] = row.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  X = (await createDepart(ctx.db)).orgCode;
  Y = (await createDepart(ctx.db)).orgCode;
  Z = (await createDepart(ctx.db)).orgCode;
  submitter = (await createUser(ctx.db)).id;

  // — X's entries. On the shelf at October's end with a fixed frequency: E1, E2, E5, E7 —
  await entry('E1', X, { updateFrequency: '3', dataUpdateTime: at('2026-10-10T00:00:00Z') }); // monthly, due 11-10: on time
  await entry('E2', X, { updateFrequency: '1', openType: '2', dataUpdateTime: at('2026-10-20T00:00:00Z') }); // daily: overdue
  await entry('E3', X, { updateFrequency: '7', dataUpdateTime: at('2025-01-01T00:00:00Z') }); // 不定期: never late, not counted
  await entry('E4', X, { updateFrequency: '1', shelfStatus: 4, dataUpdateTime: at('2026-01-01T00:00:00Z') }); // off the shelf
  await entry('E5', X, { updateFrequency: '2', openType: '3', dataUpdateTime: at('2026-10-28T00:00:00Z') }); // weekly: on time; not open
  await entry('E6', X, { updateFrequency: '1', releaseTime: at('2026-11-05T00:00:00Z') }); // released after the period
  await entry('E7', X, { updateFrequency: '3', releaseTime: at('2026-09-01T00:00:00Z') }); // never updated: 待更新, not late
  await entry('EY', Y, { updateFrequency: '7' });

  // — tickets: X answers T1, T2 and T4 (routed to Y, replied by X); T3 and T7 wait —
  await ticket('T1', { firstRepliedAt: at('2026-10-11T00:00:00Z'), replyOnTime: true, replyOrgCode: X, status: 2 });
  await ticket('T2', { firstRepliedAt: at('2026-10-25T00:00:00Z'), replyOnTime: false, replyOrgCode: X, status: 2 });
  await ticket('T3', {});
  await ticket('T4', {
    orgCode: Y,
    replyOrgCode: X,
    firstRepliedAt: at('2026-10-12T00:00:00Z'),
    replyOnTime: true,
    status: 3,
  });
  await ticket('T5', { status: 9 }); // a draft
  await ticket('T6', { submittedAt: at('2026-09-30T15:59:00Z') }); // 23:59 on 30 September in the city
  await ticket('T7', { submittedAt: at('2026-10-31T15:59:00Z') }); // 23:59 on 31 October

  // — calls on X's E1: 3 answered, 2 failed in October; one failure in November; one on Y's entry —
  const call = (catalogId: string, when: string, status: number) => ({
    at: at(when),
    catalogId,
    kind: 'rows',
    status,
    latencyMs: 10,
  });
  await ctx.db
    .insert(openCallLogs)
    .values([
      call(ids.E1, '2026-10-02T00:00:00Z', 200),
      call(ids.E1, '2026-10-03T00:00:00Z', 200),
      call(ids.E1, '2026-10-04T00:00:00Z', 304),
      call(ids.E1, '2026-10-05T00:00:00Z', 500),
      call(ids.E1, '2026-10-06T00:00:00Z', 404),
      call(ids.E1, '2026-11-01T00:00:00Z', 500),
      call(ids.EY, '2026-10-06T00:00:00Z', 500),
    ]);
  // — downloads: two of X's in October, one in September; one of Y's —
  await ctx.db.insert(catalogueDownloads).values([
    { catalogId: ids.E1, format: 'csv', createdAt: at('2026-10-02T00:00:00Z') },
    { catalogId: ids.E2, format: 'xlsx', createdAt: at('2026-10-30T00:00:00Z') },
    { catalogId: ids.E1, format: 'csv', createdAt: at('2026-09-29T00:00:00Z') },
    { catalogId: ids.EY, format: 'csv', createdAt: at('2026-10-02T00:00:00Z') },
  ]);
});
afterAll(() => ctx.close());

async function valuesOf(name: string) {
  const calc = calculationOf(name);
  if (!calc) throw new Error(name);
  return calc.values(ctx.db, OCT);
}
async function drill(name: string, org: string) {
  return (await calculationOf(name)?.records(ctx.db, org, OCT))?.map((r) => r.id).sort();
}

describe('registered calculations', () => {
  it('目录按时更新率: on-shelf entries with a frequency not overdue at the period end (3 of 4)', async () => {
    const v = await valuesOf('catalogue.onTimeUpdateRate');
    expect(v.get(X)).toBe(75);
    expect(v.has(Y)).toBe(false); // only 不定期 entries: nothing to measure
    expect(await drill('catalogue.onTimeUpdateRate', X)).toEqual([ids.E2]);
  });

  it('开放数据集数: open on-shelf entries released before the period end', async () => {
    const v = await valuesOf('catalogue.openCount');
    expect(v.get(X)).toBe(4); // E1, E2, E3, E7
    expect(v.get(Y)).toBe(1);
    expect(calculationOf('catalogue.openCount')?.empty).toBe(0);
    expect(await drill('catalogue.openCount', X)).toEqual([ids.E1, ids.E2, ids.E3, ids.E7].sort());
  });

  it('互动回复率: of the 5 tickets submitted in the period for the department, 3 are answered', async () => {
    const v = await valuesOf('interaction.replyRate');
    expect(v.get(X)).toBe(60);
    expect(v.has(Y)).toBe(false); // T4 counts for X, which answered it
    expect(await drill('interaction.replyRate', X)).toEqual([ids.T3, ids.T7].sort());
  });

  it('互动按时回复率: of the 3 answered, 2 on time', async () => {
    const v = await valuesOf('interaction.onTimeReplyRate');
    expect(v.get(X)).toBe(66.67);
    expect(await drill('interaction.onTimeReplyRate', X)).toEqual([ids.T2]);
  });

  it('接口调用成功率: calls on the department’s entries answered below 400 (3 of 5)', async () => {
    const v = await valuesOf('openapi.successRate');
    expect(v.get(X)).toBe(60);
    expect(v.get(Y)).toBe(0);
    expect((await calculationOf('openapi.successRate')?.records(ctx.db, X, OCT))?.length).toBe(2);
  });

  it('数据下载次数: downloads of the department’s files in the period', async () => {
    const v = await valuesOf('download.count');
    expect(v.get(X)).toBe(2);
    expect(v.get(Y)).toBe(1);
    expect(v.has(Z)).toBe(false);
  });
});

describe('computing indicators', () => {
  let onTime: string;
  let reply: string;
  let composite: string;
  let ratio: string;

  beforeAll(async () => {
    const [domain] = await ctx.db
      .insert(assetDomains)
      .values({ domainName: `计算测试${uniq()}` })
      .returning();
    const add = async (name: string, fields: Partial<typeof assetIndexes.$inferInsert>) =>
      (
        await ctx.db
          .insert(assetIndexes)
          .values({
            indexName: name,
            indexType: '0',
            domainId: domain.id,
            unit: '%',
            frequency: 'month',
            bsFormula: '测试口径',
            enables: '1',
            ...fields,
          })
          .returning()
      )[0].id;
    onTime = await add('按时更新率', { calcName: 'catalogue.onTimeUpdateRate' });
    reply = await add('回复率', { calcName: 'interaction.replyRate' });
    const opens = await add('开放数', { calcName: 'catalogue.openCount', unit: '个' });
    const downloads = await add('下载数', { calcName: 'download.count', unit: '次' });
    composite = await add('综合', {
      indexType: '1',
      relIndexIds: [onTime, reply],
      formula: {
        op: 'wsum',
        terms: [
          { weight: 0.5, expr: { op: 'ref', index: onTime } },
          { weight: 0.5, expr: { op: 'ref', index: reply } },
        ],
      },
    });
    ratio = await add('每开放数据集下载', {
      indexType: '1',
      relIndexIds: [downloads, opens],
      formula: {
        op: 'div',
        args: [
          { op: 'ref', index: downloads },
          { op: 'ref', index: opens },
        ],
      },
    });
  });

  it('stores every department’s value with the run, composites from their sources', async () => {
    const run = await computeIndicators(ctx.db, {
      periodType: 'month',
      periodKey: '2026-10',
      indexIds: [composite, ratio],
      trigger: 'manual',
      operatorId: null,
      now: NOW,
    });
    expect(run.status).toBe('success');
    const values = await latestValues(ctx.db, 'month', '2026-10');
    const v = (index: string, org: string) => values.find((r) => r.index_id === index && r.org_code === org)?.value;
    expect(v(composite, X)).toBe(67.5); // 0.5 × 75 + 0.5 × 60
    expect(v(composite, Y)).toBeNull(); // its sources have no value
    expect(v(ratio, X)).toBe(0.5); // 2 downloads ÷ 4 open entries
    expect(v(ratio, Z)).toBeNull(); // 0 ÷ 0: no value, and the run succeeded
    expect(v(onTime, X)).toBe(75); // sources stored with the run
    const [stored] = await ctx.db.select().from(indicatorRuns).where(eq(indicatorRuns.id, run.id));
    expect(stored.status).toBe('success');
    expect(stored.finishedAt).not.toBeNull();
    expect(stored.message).toMatch(/计算 6 个指标/);
  });

  it('keeps a failed run with its reason, and a re-run computes it again', async () => {
    await ctx.db.update(assetIndexes).set({ calcName: 'gone.away' }).where(eq(assetIndexes.id, reply));
    const failed = await computeIndicators(ctx.db, {
      periodType: 'month',
      periodKey: '2026-10',
      trigger: 'manual',
      operatorId: null,
      now: NOW,
    });
    expect(failed.status).toBe('failed');
    const [row] = await ctx.db.select().from(indicatorRuns).where(eq(indicatorRuns.id, failed.id));
    expect(row.message).toContain('gone.away');
    expect(await ctx.db.select().from(indicatorValues).where(eq(indicatorValues.runId, failed.id))).toHaveLength(0);

    await ctx.db.update(assetIndexes).set({ calcName: 'interaction.replyRate' }).where(eq(assetIndexes.id, reply));
    const again = await rerunFailed(ctx.db, failed.id, null);
    expect(again.status).toBe('success');
    expect(again.retryOf).toBe(failed.id);
    expect(again.trigger).toBe('retry');
    await expect(rerunFailed(ctx.db, again.id, null)).rejects.toThrow('只能重新执行失败的计算');
  });

  it('runs as the scheduled job for the current and previous periods', async () => {
    const handler = findHandler('computeIndicators');
    if (!handler) throw new Error('computeIndicators is not registered');
    const message = await handler.run(jobContextOf(ctx, { now: NOW }), { periodTypes: ['month'] });
    expect(message).toBe('2 个周期计算成功');
    const runs = await ctx.db.select().from(indicatorRuns).where(eq(indicatorRuns.trigger, 'schedule'));
    expect(runs.map((r) => r.periodKey).sort()).toEqual(['2026-10', '2026-11']);
    expect(runs.every((r) => r.operatorId === null)).toBe(true);
  });
});
