import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { permissions, rolePermissions, roles } from '../../../db/schema/index.js';

/**
 * A fresh role granted the given permission codes (as button rows, created when no menu carries
 * the code yet), for tests that must not depend on which menus the seed ships.
 */
export async function roleWith(db: Db, codes: string[]) {
  const suffix = randomBytes(4).toString('hex');
  const [role] = await db
    .insert(roles)
    .values({ roleCode: `t_${suffix}`, roleName: `测试角色${suffix}` })
    .returning();
  if (codes.length) {
    await db
      .insert(permissions)
      .values(codes.map((perms) => ({ name: perms, menuType: 2, perms })))
      .onConflictDoNothing();
    const rows = await db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.perms, codes));
    await db.insert(rolePermissions).values(rows.map((r) => ({ roleId: role.id, permissionId: r.id })));
  }
  return role;
}

export async function permissionIdByPerms(db: Db, perms: string) {
  const [row] = await db.select({ id: permissions.id }).from(permissions).where(eq(permissions.perms, perms));
  if (!row) throw new Error(`no permission ${perms}`);
  return row.id;
}
