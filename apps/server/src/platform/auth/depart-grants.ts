import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  departPermissions,
  departRolePermissions,
  departRoles,
  departRoleUsers,
  departs,
  permissions,
  userDeparts,
  users,
} from '../../db/schema/index.js';

/**
 * Permission rows a user holds through the department roles of the department they currently act
 * for (users.orgCode). Only while they are still a member, and only what the department itself
 * still holds: the department's permissions are the ceiling of its roles. Read fresh per request,
 * so a withdrawn grant or a switch of department applies at the next call.
 */
export async function departRolePermissionRows(db: Executor, userId: string) {
  // Runs on every request. Most users hold no department role, and a one-table lookup settles that
  // far faster than planning the eight-table join below (tens of milliseconds on PGlite).
  const [held] = await db
    .select({ id: departRoleUsers.departRoleId })
    .from(departRoleUsers)
    .where(eq(departRoleUsers.userId, userId))
    .limit(1);
  if (!held) return [];
  const rows = await db
    .selectDistinct({ p: permissions })
    .from(departRoleUsers)
    .innerJoin(departRoles, eq(departRoles.id, departRoleUsers.departRoleId))
    .innerJoin(departs, and(eq(departs.id, departRoles.departId), isNull(departs.deletedAt)))
    .innerJoin(users, and(eq(users.id, departRoleUsers.userId), eq(users.orgCode, departs.orgCode)))
    .innerJoin(userDeparts, and(eq(userDeparts.userId, departRoleUsers.userId), eq(userDeparts.departId, departs.id)))
    .innerJoin(departRolePermissions, eq(departRolePermissions.departRoleId, departRoles.id))
    .innerJoin(
      departPermissions,
      and(
        eq(departPermissions.departId, departs.id),
        eq(departPermissions.permissionId, departRolePermissions.permissionId),
      ),
    )
    .innerJoin(permissions, eq(permissions.id, departRolePermissions.permissionId))
    .where(eq(departRoleUsers.userId, userId));
  return rows.map((r) => r.p);
}
