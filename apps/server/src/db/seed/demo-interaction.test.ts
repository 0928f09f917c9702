import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type InteractionStatistics, type Page, type PublicInteractionItem, TaskStatus } from '@odp/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { interactionTickets, users, workflowTasks } from '../schema/index.js';
import { seedDemoCatalogue } from './catalogue/index.js';
import { seedAccounts, seedDemoCity } from './demo.js';
import { DEMO_TICKETS, seedDemoInteraction } from './demo-interaction.js';

let ctx: TestContext;
let dataDir: string;
let made: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'odp-demo-interaction-'));
  ctx = await createTestApp({ dataDir });
  const config = { ...loadConfig({}), dataDir };
  await seedDemoCity(ctx.db);
  await seedAccounts(ctx.db, true);
  await ctx.db.transaction((tx) => seedDemoCatalogue(tx, config));
  made = await ctx.db.transaction((tx) => seedDemoInteraction(tx));
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the demo interaction desk', () => {
  it('has tickets of every kind in every state, routed to real departments, some overdue, rated or private', async () => {
    expect(made).toBe(DEMO_TICKETS.length);
    const rows = await ctx.db.select().from(interactionTickets);
    expect(new Set(rows.map((r) => r.kind))).toEqual(
      new Set(['consult', 'dataApplication', 'dataCorrection', 'rightsProtection']),
    );
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set([0, 1, 2, 3]));
    expect(rows.filter((r) => r.score !== null).length).toBeGreaterThanOrEqual(5);
    expect(rows.some((r) => !r.isPublic)).toBe(true);
    expect(rows.some((r) => r.reopenedAt !== null)).toBe(true);
    expect(rows.some((r) => r.replyOnTime === false)).toBe(true);
    expect(rows.some((r) => r.orgCode === null)).toBe(true);
    for (const code of ['BJ003', 'BJ005']) expect(rows.some((r) => r.replyOrgCode === code)).toBe(true);
    const open = await ctx.db
      .select()
      .from(workflowTasks)
      .where(and(eq(workflowTasks.subjectType, 'dataCorrection'), eq(workflowTasks.status, TaskStatus.open)));
    expect(open.some((t) => t.dueAt && t.dueAt.getTime() < Date.now())).toBe(true);
    // Submitted by the demo citizens, none of whom a public list names.
    const [citizen] = await ctx.db.select().from(users).where(eq(users.username, 'citizen'));
    expect(rows.filter((r) => r.submitterId === citizen.id).length).toBeGreaterThan(3);
    const pub = await call<Page<PublicInteractionItem>>(ctx, 'GET', '/api/workinteraction/public', {
      query: { kind: 'dataCorrection' },
    });
    expect(pub.body.result.total).toBeGreaterThan(0);
    expect(JSON.stringify(pub.body.result)).not.toContain(citizen.realname);
    const stats = await call<InteractionStatistics>(ctx, 'GET', '/api/workinteraction/publicStatistics');
    expect(stats.body.result.total.received).toBe(rows.length);
    expect(stats.body.result.total.satisfaction).toBeGreaterThan(3);
  });
});
