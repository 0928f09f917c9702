import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduledJobs } from '../../../db/schema/index.js';
import { JOB_SEEDS, seedJobs } from '../../../db/seed/jobs.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { parseCron } from './cron.js';
import { findHandler } from './registry.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('seedJobs', () => {
  it('ships every useful handler, enabled, with a valid expression and parameter', () => {
    for (const seed of JOB_SEEDS) {
      const handler = findHandler(seed.handler);
      expect(handler, seed.handler).toBeDefined();
      expect(handler?.parse(seed.parameter)).toEqual({ ok: true, value: seed.parameter });
      expect(parseCron(seed.cronExpression).ok, seed.cronExpression).toBe(true);
    }
    expect(JOB_SEEDS.map((s) => s.handler).sort()).toEqual(
      [
        'achievementLinkCheck',
        'bigScreenRefresh',
        'cleanTemporaryUploads',
        'computeIndicators',
        'markOverdueCatalogues',
        'openApiHousekeeping',
        'openApplyExpiry',
        'openApplyReports',
        'publishScheduledContent',
        'purgeExpiredCaptchas',
        'purgeExpiredSessions',
        'purgeOldLogs',
        'releaseExpiredShares',
        'runExchangeTasks',
        'syncMountedTables',
        'workflowDeadlines',
      ].sort(),
    );
    // Log retention runs daily and keeps at least 180 days.
    const logs = JOB_SEEDS.find((s) => s.handler === 'purgeOldLogs');
    expect(logs?.parameter).toEqual({ days: 180 });
  });

  it('is idempotent and leaves existing jobs as the administrator changed them', async () => {
    await seedJobs(ctx.db);
    await seedJobs(ctx.db);
    const rows = await ctx.db.select().from(scheduledJobs);
    expect(rows).toHaveLength(JOB_SEEDS.length);
    expect(rows.every((r) => r.status === 0)).toBe(true);

    await ctx.db.update(scheduledJobs).set({ status: -1 }).where(eq(scheduledJobs.handler, 'purgeOldLogs'));
    await ctx.db.delete(scheduledJobs).where(eq(scheduledJobs.handler, 'purgeExpiredCaptchas'));
    await seedJobs(ctx.db);
    const [{ n }] = await ctx.db.select({ n: count() }).from(scheduledJobs);
    expect(n).toBe(JOB_SEEDS.length);
    const [logs] = await ctx.db.select().from(scheduledJobs).where(eq(scheduledJobs.handler, 'purgeOldLogs'));
    expect(logs.status).toBe(-1);
  });
});
