import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { permissions, rolePermissions, roles, userRoles } from '../../../db/schema/index.js';
import { createUser, login } from '../../../test/factories.js';
import type { TestContext } from '../../../test/harness.js';

/**
 * A signed-in user holding exactly these permission codes through a role of their own, so the
 * tests do not depend on which seeded menus carry the monitoring codes.
 */
export async function signedInWith(ctx: TestContext, codes: string[]) {
  const roleCode = `t_${randomBytes(4).toString('hex')}`;
  const [role] = await ctx.db.insert(roles).values({ roleCode, roleName: roleCode }).returning({ id: roles.id });
  if (codes.length) {
    await ctx.db
      .insert(permissions)
      .values(codes.map((perms) => ({ name: perms, menuType: 2, perms })))
      .onConflictDoNothing();
    const rows = await ctx.db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.perms, codes));
    await ctx.db.insert(rolePermissions).values(rows.map((r) => ({ roleId: role.id, permissionId: r.id })));
  }
  const user = await createUser(ctx.db);
  await ctx.db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  return { user, token: await login(ctx, user.username, user.password) };
}
