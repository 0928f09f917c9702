import { and, count, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import {
  catalogues,
  departPermissions,
  departRolePermissions,
  departRoles,
  departs,
  userDeparts,
  users,
} from '../../../db/schema/index.js';

export type DepartRecord = typeof departs.$inferSelect;

export async function findLiveDepart(db: Executor, id: string): Promise<DepartRecord | null> {
  const [row] = await db
    .select()
    .from(departs)
    .where(and(eq(departs.id, id), isNull(departs.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Any department holding the code, deleted or not: the unique index covers both. */
export async function findDepartByOrgCode(db: Executor, orgCode: string, exceptId?: string) {
  const [row] = await db
    .select({ id: departs.id, departName: departs.departName, deletedAt: departs.deletedAt })
    .from(departs)
    .where(and(eq(departs.orgCode, orgCode), exceptId ? ne(departs.id, exceptId) : undefined))
    .limit(1);
  return row ?? null;
}

/** The parent links of every live department, to check an edit for cycles. */
export function selectParentLinks(db: Executor) {
  return db.select({ id: departs.id, parentId: departs.parentId }).from(departs).where(isNull(departs.deletedAt));
}

export async function insertDepart(db: Executor, values: typeof departs.$inferInsert) {
  const [row] = await db.insert(departs).values(values).returning();
  return row;
}

export async function updateDepart(db: Executor, id: string, values: Partial<typeof departs.$inferInsert>) {
  const [row] = await db.update(departs).set(values).where(eq(departs.id, id)).returning();
  return row;
}

export async function softDeleteDepart(db: Executor, id: string) {
  await db.update(departs).set({ deletedAt: new Date() }).where(eq(departs.id, id));
}

/** What still hangs on a department; any of it blocks deleting it. */
export async function departDependants(db: Executor, id: string, orgCode: string) {
  const [[members], [children], [records]] = await Promise.all([
    db
      .select({ n: count() })
      .from(userDeparts)
      .innerJoin(users, eq(users.id, userDeparts.userId))
      .where(and(eq(userDeparts.departId, id), isNull(users.deletedAt))),
    db
      .select({ n: count() })
      .from(departs)
      .where(and(eq(departs.parentId, id), isNull(departs.deletedAt))),
    db.select({ n: count() }).from(catalogues).where(eq(catalogues.orgCode, orgCode)),
  ]);
  return { members: members.n, children: children.n, records: records.n };
}

export async function catalogueCountOf(db: Executor, orgCode: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(catalogues).where(eq(catalogues.orgCode, orgCode));
  return row.n;
}

/** Users acting for a department follow it when its code changes. */
export async function renameUsersOrgCode(db: Executor, from: string, to: string) {
  await db.update(users).set({ orgCode: to }).where(eq(users.orgCode, from));
}

export async function permissionIdsOfDepart(db: Executor, departId: string): Promise<string[]> {
  const rows = await db
    .select({ id: departPermissions.permissionId })
    .from(departPermissions)
    .where(eq(departPermissions.departId, departId));
  return rows.map((r) => r.id);
}

export async function replaceDepartPermissions(db: Executor, departId: string, permissionIds: string[]) {
  await db.delete(departPermissions).where(eq(departPermissions.departId, departId));
  if (permissionIds.length) {
    await db.insert(departPermissions).values(permissionIds.map((permissionId) => ({ departId, permissionId })));
  }
}

/**
 * Withdraws from the department's roles the grants the department no longer holds, so that the
 * roles never show more than their ceiling. Answers how many grants were withdrawn.
 */
export async function pruneDepartRoleGrants(db: Executor, departId: string, removed: string[]): Promise<number> {
  if (removed.length === 0) return 0;
  const roleIds = db.select({ id: departRoles.id }).from(departRoles).where(eq(departRoles.departId, departId));
  const gone = await db
    .delete(departRolePermissions)
    .where(
      and(inArray(departRolePermissions.departRoleId, roleIds), inArray(departRolePermissions.permissionId, removed)),
    )
    .returning({ id: departRolePermissions.permissionId });
  return gone.length;
}
