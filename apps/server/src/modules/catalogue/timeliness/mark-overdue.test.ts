import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessMessages, catalogues, users } from '../../../db/schema/index.js';
import type { JobContext } from '../../../platform/jobs/handler.js';
import { createDepart, createUser } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { jobContextOf } from '../../../test/jobs.js';
import { findHandler } from '../../system/job/registry.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const uniq = () => randomBytes(4).toString('hex');

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

function jobContext(now = new Date()): JobContext {
  return jobContextOf(ctx, { now, config: { sessionIdleMs: 2 * HOUR } });
}

/** Through the job registry, as the scheduler runs it: the catalogue's manifest must have declared it. */
async function run(name: string, params: unknown, now?: Date) {
  const handler = findHandler(name);
  if (!handler) throw new Error(`no handler ${name}`);
  return handler.run(jobContext(now), params);
}

async function createCatalogue(overrides: Partial<typeof catalogues.$inferInsert>) {
  const [row] = await ctx.db
    .insert(catalogues)
    .values({
      catalogCode: `1-01-001-${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}${uniq()}`,
      catalogName: `测试目录${uniq()}`,
      orgCode: 'NONE',
      informationSummary: '用于定时任务测试的目录摘要，长度足够二十个字符以上。',
      keyAreasType: '1',
      shareType: '10',
      openType: '1',
      updateFrequency: '1',
      catalogStatus: 2,
      shelfStatus: 2,
      ...overrides,
    })
    .returning();
  return row;
}

describe('markOverdueCatalogues', () => {
  it('notifies each active user of the owning department once per overdue entry', async () => {
    const depart = await createDepart(ctx.db);
    const otherDepart = await createDepart(ctx.db);
    const alice = await createUser(ctx.db, { departs: [depart] });
    const bob = await createUser(ctx.db, { departs: [depart] });
    const frozen = await createUser(ctx.db, { departs: [depart], status: 2 });
    const outsider = await createUser(ctx.db, { departs: [otherDepart] });
    const now = new Date();
    const daily = await createCatalogue({
      orgCode: depart.orgCode,
      updateFrequency: '1',
      dataUpdateTime: new Date(now.getTime() - 2 * DAY),
    });
    // Monthly, updated 10 days ago: not overdue.
    await createCatalogue({
      orgCode: depart.orgCode,
      updateFrequency: '3',
      dataUpdateTime: new Date(now.getTime() - 10 * DAY),
    });
    // 不定期: never overdue.
    await createCatalogue({
      orgCode: depart.orgCode,
      updateFrequency: '7',
      dataUpdateTime: new Date(now.getTime() - 900 * DAY),
    });
    // Not on the shelf: not checked.
    await createCatalogue({
      orgCode: depart.orgCode,
      updateFrequency: '1',
      shelfStatus: 4,
      dataUpdateTime: new Date(now.getTime() - 9 * DAY),
    });
    // Weekly, updated 9 days ago: past its week and the day of grace after it.
    const weekly = await createCatalogue({
      orgCode: depart.orgCode,
      updateFrequency: '2',
      dataUpdateTime: new Date(now.getTime() - 9 * DAY),
    });
    // Never updated: 待更新, not overdue (the lists' rule), so no reminder.
    await createCatalogue({
      orgCode: depart.orgCode,
      updateFrequency: '2',
      releaseTime: new Date(now.getTime() - 30 * DAY),
    });

    const first = await run('markOverdueCatalogues', {}, now);
    expect(first).toBe('2 个目录逾期未更新，已向 2 位用户发送 4 条提醒');
    const messages = await ctx.db
      .select()
      .from(businessMessages)
      .where(
        and(
          eq(businessMessages.messageType, 'catalogue_overdue'),
          inArray(businessMessages.userId, [alice.id, bob.id, frozen.id, outsider.id]),
        ),
      );
    expect(messages).toHaveLength(4);
    expect(new Set(messages.map((m) => `${m.userId}:${m.busId}`)).size).toBe(4);
    expect(new Set(messages.map((m) => m.busId))).toEqual(new Set([daily.id, weekly.id]));
    expect(new Set(messages.map((m) => m.userId))).toEqual(new Set([alice.id, bob.id]));
    const dailyMessage = messages.find((m) => m.busId === daily.id);
    expect(dailyMessage?.title).toBe(`目录「${daily.catalogName}」已超过更新周期`);
    expect(dailyMessage?.content).toContain('更新频率为每日');

    // Later the same day, and days later while still not updated: once per entry, nothing new.
    expect(await run('markOverdueCatalogues', {}, new Date(now.getTime() + HOUR))).toBe('没有新的逾期目录需要提醒');
    expect(await run('markOverdueCatalogues', {}, new Date(now.getTime() + 3 * DAY))).toBe('没有新的逾期目录需要提醒');
    // Updating the data ends the spell; overdue again later, the department is told again.
    await ctx.db
      .update(catalogues)
      .set({ dataUpdateTime: new Date(now.getTime() + 4 * DAY) })
      .where(eq(catalogues.id, daily.id));
    const later = await run('markOverdueCatalogues', {}, new Date(now.getTime() + 4 * DAY + 2 * HOUR));
    expect(later).toBe('没有新的逾期目录需要提醒');
    expect(await run('markOverdueCatalogues', {}, new Date(now.getTime() + 7 * DAY))).toBe(
      '1 个目录逾期未更新，已向 2 位用户发送 2 条提醒',
    );
    // An inactive user never got any.
    expect((await ctx.db.select().from(users).where(eq(users.id, frozen.id)))[0].status).toBe(2);
  });

  it('a grace period delays the reminder', async () => {
    const depart = await createDepart(ctx.db);
    await createUser(ctx.db, { departs: [depart] });
    const now = new Date();
    await createCatalogue({
      orgCode: depart.orgCode,
      updateFrequency: '1',
      dataUpdateTime: new Date(now.getTime() - 2 * DAY),
    });
    const before = await ctx.db.select().from(businessMessages);
    await run('markOverdueCatalogues', { graceDays: 3 }, now);
    const after = await ctx.db.select().from(businessMessages);
    expect(after.length).toBe(before.length);
  });
});
