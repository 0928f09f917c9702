import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowTasks } from '../../db/schema/index.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { setOpenQuota } from '../openapi/testing.js';
import { applyForm, decide, ShareStatus, shareEntry, shareWorld, submitted } from './testing.js';

let ctx: TestContext;
let world: Awaited<ReturnType<typeof shareWorld>>;
const dataDir = mkdtempSync(path.join(tmpdir(), 'odp-share-designer-'));

beforeAll(async () => {
  ctx = await createTestApp({ dataDir });
  await setOpenQuota(ctx.db, 'granted.second', '1000');
  world = await shareWorld(ctx);
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const taskTypes = async (id: string) =>
  (
    await ctx.db.select().from(workflowTasks).where(eq(workflowTasks.subjectId, id)).orderBy(workflowTasks.submitTime)
  ).map((t) => t.taskType);

describe('数据共享 under the workflow designer’s configuration', () => {
  it('skips the bureau’s review for the 共享类型 the saved version lists, for applications submitted after it', async () => {
    const conditional = await shareEntry(ctx.db, world.sourceDept.orgCode, { shareType: '20' });
    const free = await shareEntry(ctx.db, world.sourceDept.orgCode, { shareType: '10' });
    const before = await submitted(ctx, world.applicant.token, applyForm(conditional.id));

    const saved = await call<{ version: number }>(ctx, 'POST', '/api/workflowDesign/save', {
      token: world.admin.token,
      body: { subject: 'share', steps: { bureau: { skipClasses: ['20'] } }, comment: '有条件共享由数源部门直接开通' },
    });
    expect(saved.status, saved.body.message).toBe(200);

    const after = await submitted(ctx, world.applicant.token, applyForm(conditional.id));
    const unlisted = await submitted(ctx, world.applicant.token, applyForm(free.id));
    const status = async (id: string) =>
      (await decide(ctx, world.sourceOfficer.token, id, 'approve')).body.result.status;

    // Listed class, run begun under the version: the data department's approval opens the data.
    expect(await status(after)).toBe(ShareStatus.inUse);
    expect(await taskTypes(after)).toEqual(['source']);
    // 无条件共享 is not listed (and share_auto_grant is off): the bureau reviews.
    expect(await status(unlisted)).toBe(ShareStatus.bureau);
    // Submitted before the save: the run keeps the code's flow, the bureau reviews.
    expect(await status(before)).toBe(ShareStatus.bureau);
    expect(await taskTypes(before)).toEqual(['source', 'bureau']);
  });
});
