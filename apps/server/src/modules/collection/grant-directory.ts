import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { permissions, rolePermissions, roles } from '../../db/schema/index.js';

/**
 * Grants an existing menu directory to more roles: `addMissingMenus` grants only what it adds, and a
 * role granted a page but not its directory would not see the page in the menu.
 */
export async function grantDirectory(db: Executor, path: string, roleCodes: string[]) {
  const [directory] = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(and(eq(permissions.path, path), eq(permissions.menuType, 0)));
  if (!directory) return;
  const granted = await db.select({ id: roles.id }).from(roles).where(inArray(roles.roleCode, roleCodes));
  if (!granted.length) return;
  await db
    .insert(rolePermissions)
    .values(granted.map((r) => ({ roleId: r.id, permissionId: directory.id })))
    .onConflictDoNothing();
}
