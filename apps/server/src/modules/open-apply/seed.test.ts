import { OPEN_APPLY_RULE_DICT, OpenApplyPerm, WORKFLOW_DUE_DICT } from '@odp/contracts';
import { and, eq, inArray, like, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictItems, dicts, permissions, rolePermissions, roles, scheduledJobs } from '../../db/schema/index.js';
import { markReferenceVersion, upgradeReference } from '../../db/seed/upgrade.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { seedOpenApplyDictionaries } from './seed.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function itemsOf(code: string) {
  const rows = await ctx.db
    .select({ value: dictItems.itemValue, text: dictItems.itemText })
    .from(dictItems)
    .innerJoin(dicts, eq(dicts.id, dictItems.dictId))
    .where(eq(dicts.dictCode, code));
  return Object.fromEntries(rows.map((r) => [r.value, r.text]));
}

async function codesOf(roleCode: string) {
  const rows = await ctx.db
    .select({ perms: permissions.perms })
    .from(rolePermissions)
    .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(roles.roleCode, roleCode));
  return rows.map((r) => r.perms);
}

describe('reference data of open applications', () => {
  it('is seeded with a fresh installation', async () => {
    expect(await itemsOf(OPEN_APPLY_RULE_DICT)).toEqual({
      bureau_review: '1',
      default_daily_quota: '1000',
      report_cycle: 'period',
    });
    expect(await itemsOf(WORKFLOW_DUE_DICT)).toMatchObject({ 'openApply.provider': '10', 'openApply.bureau': '10' });
    expect(await codesOf('registered')).toContain(OpenApplyPerm.apply);
    expect(await codesOf('dept_admin')).toEqual(
      expect.arrayContaining([OpenApplyPerm.list, OpenApplyPerm.providerReview, OpenApplyPerm.revoke]),
    );
    expect(await codesOf('dept_admin')).not.toContain(OpenApplyPerm.bureauReview);
    expect(await codesOf('reviewer')).toEqual(
      expect.arrayContaining([OpenApplyPerm.list, OpenApplyPerm.bureauReview, OpenApplyPerm.revoke]),
    );
    expect(await codesOf('registered')).not.toContain(OpenApplyPerm.list);
  });

  it('adds only what a shared dictionary lacks, keeping other modules’ items and changed values', async () => {
    const [due] = await ctx.db.select().from(dicts).where(eq(dicts.dictCode, WORKFLOW_DUE_DICT));
    await ctx.db.delete(dictItems).where(and(eq(dictItems.dictId, due.id), like(dictItems.itemValue, 'openApply.%')));
    await ctx.db.insert(dictItems).values({ dictId: due.id, itemValue: 'other.node', itemText: '3' });
    await ctx.db.delete(dicts).where(eq(dicts.dictCode, OPEN_APPLY_RULE_DICT));
    await seedOpenApplyDictionaries(ctx.db);
    await ctx.db
      .update(dictItems)
      .set({ itemText: '15' })
      .where(and(eq(dictItems.dictId, due.id), eq(dictItems.itemValue, 'openApply.bureau')));
    await seedOpenApplyDictionaries(ctx.db);
    expect(await itemsOf(WORKFLOW_DUE_DICT)).toMatchObject({
      'other.node': '3',
      'openApply.provider': '10',
      'openApply.bureau': '15',
    });
    expect(Object.keys(await itemsOf(OPEN_APPLY_RULE_DICT)).sort()).toEqual([
      'bureau_review',
      'default_daily_quota',
      'report_cycle',
    ]);
  });

  it('comes to a database of the previous release with reference step 11', async () => {
    await markReferenceVersion(ctx.db, 10);
    const mine = or(eq(permissions.path, '/openApply'), like(permissions.perms, 'openApply:%'));
    await ctx.db.delete(permissions).where(mine);
    await ctx.db.delete(dicts).where(eq(dicts.dictCode, OPEN_APPLY_RULE_DICT));
    await ctx.db.delete(scheduledJobs).where(inArray(scheduledJobs.handler, ['openApplyExpiry', 'openApplyReports']));
    const applied = await upgradeReference(ctx.db);
    expect(applied.some((s) => s.startsWith('开放申请'))).toBe(true);
    expect(await codesOf('registered')).toContain(OpenApplyPerm.apply);
    expect((await ctx.db.select().from(permissions).where(eq(permissions.path, '/openApply'))).length).toBe(1);
    expect(await itemsOf(OPEN_APPLY_RULE_DICT)).toMatchObject({ bureau_review: '1' });
    const jobs = await ctx.db
      .select({ handler: scheduledJobs.handler })
      .from(scheduledJobs)
      .where(inArray(scheduledJobs.handler, ['openApplyExpiry', 'openApplyReports']));
    expect(jobs).toHaveLength(2);
  });
});
