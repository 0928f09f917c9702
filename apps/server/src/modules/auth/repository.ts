import type { Depart, UserInfo } from '@odp/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { permissions, rolePermissions, userRoles, users } from '../../db/schema/index.js';
import { departRolePermissionRows } from '../../platform/auth/depart-grants.js';

export type UserRow = typeof users.$inferSelect;

export async function findActiveUserByName(db: Executor, username: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.username, username), isNull(users.deletedAt)));
  return row ?? null;
}

export function toUserInfo(user: UserRow, userDepartList: Depart[]): UserInfo {
  const current = userDepartList.find((d) => d.orgCode === user.orgCode);
  return {
    id: user.id,
    username: user.username,
    realname: user.realname,
    nickname: user.nickname,
    avatar: user.avatar,
    phone: user.phone,
    email: user.email,
    orgCode: current ? current.orgCode : null,
    departName: current ? current.departName : null,
    relTenantIds: user.relTenantIds,
    status: user.status,
  };
}

/** Permission rows granted to the user through their roles and their current department's roles. */
export async function grantedPermissionRows(db: Executor, userId: string) {
  const rows = await db
    .selectDistinct({ p: permissions })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(userRoles.userId, userId));
  const byId = new Map(rows.map((r) => [r.p.id, r.p]));
  for (const p of await departRolePermissionRows(db, userId)) byId.set(p.id, p);
  return [...byId.values()];
}

export async function allPermissionRows(db: Executor) {
  return db.select().from(permissions).orderBy(asc(permissions.sortNo));
}
