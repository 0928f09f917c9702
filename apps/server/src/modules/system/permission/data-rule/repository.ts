import { and, asc, eq, ilike, inArray } from 'drizzle-orm';
import type { Executor } from '../../../../db/client.js';
import { permissionDataRules, roleDataRules } from '../../../../db/schema/index.js';
import { containing } from '../../../../platform/resource/like.js';

export type DataRuleRow = typeof permissionDataRules.$inferSelect;

export async function rulesOfMenu(
  db: Executor,
  permissionId: string,
  search: { ruleName?: string; ruleColumn?: string } = {},
): Promise<DataRuleRow[]> {
  return db
    .select()
    .from(permissionDataRules)
    .where(
      and(
        eq(permissionDataRules.permissionId, permissionId),
        search.ruleName ? ilike(permissionDataRules.ruleName, containing(search.ruleName)) : undefined,
        search.ruleColumn ? ilike(permissionDataRules.ruleColumn, containing(search.ruleColumn)) : undefined,
      ),
    )
    .orderBy(asc(permissionDataRules.createdAt), asc(permissionDataRules.id));
}

export async function findRule(db: Executor, id: string): Promise<DataRuleRow | null> {
  const [row] = await db.select().from(permissionDataRules).where(eq(permissionDataRules.id, id)).limit(1);
  return row ?? null;
}

export async function insertRule(db: Executor, values: typeof permissionDataRules.$inferInsert) {
  const [row] = await db.insert(permissionDataRules).values(values).returning();
  return row;
}

export async function updateRule(db: Executor, id: string, values: Partial<typeof permissionDataRules.$inferInsert>) {
  const [row] = await db.update(permissionDataRules).set(values).where(eq(permissionDataRules.id, id)).returning();
  return row;
}

/** Role selections of the rule go with it (foreign key cascade). */
export async function deleteRuleRow(db: Executor, id: string) {
  await db.delete(permissionDataRules).where(eq(permissionDataRules.id, id));
}

/** The ids among `ruleIds` the role has selected. */
export async function selectedRuleIds(db: Executor, roleId: string, ruleIds: string[]): Promise<string[]> {
  if (ruleIds.length === 0) return [];
  const rows = await db
    .select({ ruleId: roleDataRules.ruleId })
    .from(roleDataRules)
    .where(and(eq(roleDataRules.roleId, roleId), inArray(roleDataRules.ruleId, ruleIds)));
  return rows.map((r) => r.ruleId);
}

/** Replaces the role's selection among `menuRuleIds` (the rules of one menu) with `selected`. */
export async function replaceRoleSelection(db: Executor, roleId: string, menuRuleIds: string[], selected: string[]) {
  if (menuRuleIds.length > 0) {
    await db
      .delete(roleDataRules)
      .where(and(eq(roleDataRules.roleId, roleId), inArray(roleDataRules.ruleId, menuRuleIds)));
  }
  if (selected.length > 0) await db.insert(roleDataRules).values(selected.map((ruleId) => ({ roleId, ruleId })));
}
