import { and, asc, count, eq, ilike, inArray, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import {
  departPermissions,
  departRolePermissions,
  departRoles,
  departRoleUsers,
  userDeparts,
  users,
} from '../../../db/schema/index.js';
import { containing } from '../../../platform/resource/like.js';

export type DepartRoleRow = typeof departRoles.$inferSelect;

export async function findDepartRole(db: Executor, id: string): Promise<DepartRoleRow | null> {
  const [row] = await db.select().from(departRoles).where(eq(departRoles.id, id)).limit(1);
  return row ?? null;
}

export async function findRoleByCode(db: Executor, departId: string, roleCode: string) {
  const [row] = await db
    .select({ id: departRoles.id, roleName: departRoles.roleName })
    .from(departRoles)
    .where(and(eq(departRoles.departId, departId), eq(departRoles.roleCode, roleCode)))
    .limit(1);
  return row ?? null;
}

export async function insertDepartRole(db: Executor, values: typeof departRoles.$inferInsert) {
  const [row] = await db.insert(departRoles).values(values).returning();
  return row;
}

export async function updateDepartRole(db: Executor, id: string, values: Partial<typeof departRoles.$inferInsert>) {
  const [row] = await db.update(departRoles).set(values).where(eq(departRoles.id, id)).returning();
  return row;
}

export async function deleteDepartRoleRow(db: Executor, id: string) {
  await db.delete(departRoles).where(eq(departRoles.id, id));
}

/** Members holding each role, for the list and the delete check. */
export async function memberCountsOf(db: Executor, roleIds: string[]): Promise<Map<string, number>> {
  if (roleIds.length === 0) return new Map();
  const rows = await db
    .select({ roleId: departRoleUsers.departRoleId, n: count() })
    .from(departRoleUsers)
    .where(inArray(departRoleUsers.departRoleId, roleIds))
    .groupBy(departRoleUsers.departRoleId);
  return new Map(rows.map((r) => [r.roleId, r.n]));
}

/** The ids among `roleIds` that are roles of the department. */
export async function rolesOfDepart(db: Executor, departId: string, roleIds: string[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .select({ id: departRoles.id })
    .from(departRoles)
    .where(and(eq(departRoles.departId, departId), inArray(departRoles.id, roleIds)));
  return rows.map((r) => r.id);
}

export async function isMember(db: Executor, userId: string, departId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(userDeparts)
    .innerJoin(users, eq(users.id, userDeparts.userId))
    .where(and(eq(userDeparts.userId, userId), eq(userDeparts.departId, departId), isNull(users.deletedAt)));
  return row.n > 0;
}

export async function findLiveUser(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, realname: users.realname })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The department roles a user holds in one department. */
export async function roleIdsOfMember(db: Executor, userId: string, departId: string): Promise<string[]> {
  const rows = await db
    .select({ id: departRoles.id })
    .from(departRoleUsers)
    .innerJoin(departRoles, eq(departRoles.id, departRoleUsers.departRoleId))
    .where(and(eq(departRoleUsers.userId, userId), eq(departRoles.departId, departId)))
    .orderBy(asc(departRoles.createdAt));
  return rows.map((r) => r.id);
}

export async function replaceMemberRoles(db: Executor, userId: string, departId: string, roleIds: string[]) {
  const ofDepart = db.select({ id: departRoles.id }).from(departRoles).where(eq(departRoles.departId, departId));
  await db
    .delete(departRoleUsers)
    .where(and(eq(departRoleUsers.userId, userId), inArray(departRoleUsers.departRoleId, ofDepart)));
  if (roleIds.length) {
    await db.insert(departRoleUsers).values(roleIds.map((departRoleId) => ({ departRoleId, userId })));
  }
}

function memberFilter(departId: string, username?: string) {
  return and(
    eq(userDeparts.departId, departId),
    isNull(users.deletedAt),
    username ? or(ilike(users.username, containing(username)), ilike(users.realname, containing(username))) : undefined,
  );
}

export function selectMembers(
  db: Executor,
  departId: string,
  username: string | undefined,
  limit: number,
  offset: number,
) {
  return db
    .select({ userId: users.id, username: users.username, realname: users.realname })
    .from(userDeparts)
    .innerJoin(users, eq(users.id, userDeparts.userId))
    .where(memberFilter(departId, username))
    .orderBy(asc(users.username))
    .limit(limit)
    .offset(offset);
}

export async function countMembers(db: Executor, departId: string, username: string | undefined) {
  const [row] = await db
    .select({ n: count() })
    .from(userDeparts)
    .innerJoin(users, eq(users.id, userDeparts.userId))
    .where(memberFilter(departId, username));
  return row.n;
}

/** Role ids per member of one department, for a page of members. */
export async function memberRoleIds(db: Executor, departId: string, userIds: string[]) {
  const out = new Map<string, string[]>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({ userId: departRoleUsers.userId, roleId: departRoles.id })
    .from(departRoleUsers)
    .innerJoin(departRoles, eq(departRoles.id, departRoleUsers.departRoleId))
    .where(and(eq(departRoles.departId, departId), inArray(departRoleUsers.userId, userIds)))
    .orderBy(asc(departRoles.createdAt));
  for (const r of rows) out.set(r.userId, [...(out.get(r.userId) ?? []), r.roleId]);
  return out;
}

export async function permissionIdsOfDepartRole(db: Executor, roleId: string): Promise<string[]> {
  const rows = await db
    .select({ id: departRolePermissions.permissionId })
    .from(departRolePermissions)
    .where(eq(departRolePermissions.departRoleId, roleId));
  return rows.map((r) => r.id);
}

export async function replaceDepartRolePermissions(db: Executor, roleId: string, permissionIds: string[]) {
  await db.delete(departRolePermissions).where(eq(departRolePermissions.departRoleId, roleId));
  if (permissionIds.length) {
    await db
      .insert(departRolePermissions)
      .values(permissionIds.map((permissionId) => ({ departRoleId: roleId, permissionId })));
  }
}

export async function departPermissionSet(db: Executor, departId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: departPermissions.permissionId })
    .from(departPermissions)
    .where(eq(departPermissions.departId, departId));
  return new Set(rows.map((r) => r.id));
}
