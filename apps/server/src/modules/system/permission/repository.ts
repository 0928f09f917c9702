import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { permissions, rolePermissions } from '../../../db/schema/index.js';

export type PermissionRow = typeof permissions.$inferSelect;

export async function allPermissions(db: Executor): Promise<PermissionRow[]> {
  return db.select().from(permissions).orderBy(asc(permissions.sortNo), asc(permissions.createdAt));
}

export async function findPermission(db: Executor, id: string): Promise<PermissionRow | null> {
  const [row] = await db.select().from(permissions).where(eq(permissions.id, id)).limit(1);
  return row ?? null;
}

export async function findByPerms(db: Executor, perms: string): Promise<PermissionRow | null> {
  const [row] = await db.select().from(permissions).where(eq(permissions.perms, perms)).limit(1);
  return row ?? null;
}

export async function childCount(db: Executor, id: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(permissions).where(eq(permissions.parentId, id));
  return row.n;
}

export async function insertPermission(db: Executor, values: typeof permissions.$inferInsert) {
  const [row] = await db.insert(permissions).values(values).returning();
  return row;
}

export async function updatePermission(db: Executor, id: string, values: Partial<typeof permissions.$inferInsert>) {
  const [row] = await db.update(permissions).set(values).where(eq(permissions.id, id)).returning();
  return row;
}

export async function deletePermissionRow(db: Executor, id: string) {
  await db.delete(permissions).where(eq(permissions.id, id));
}

export async function existingPermissionIds(db: Executor, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.id, ids));
  return rows.map((r) => r.id);
}

export async function permissionIdsOfRole(db: Executor, roleId: string): Promise<string[]> {
  const rows = await db
    .select({ id: rolePermissions.permissionId })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, roleId));
  return rows.map((r) => r.id);
}

/** Replaces every grant of a role. */
export async function replaceRolePermissions(db: Executor, roleId: string, permissionIds: string[]) {
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (permissionIds.length) {
    await db.insert(rolePermissions).values(permissionIds.map((permissionId) => ({ roleId, permissionId })));
  }
}
