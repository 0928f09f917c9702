import { count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { roles, userRoles } from '../../../db/schema/index.js';

/** How many users hold each of the roles, in one query. */
export async function userCountsOf(db: Executor, roleIds: string[]): Promise<Map<string, number>> {
  if (roleIds.length === 0) return new Map();
  const rows = await db
    .select({ roleId: userRoles.roleId, n: count() })
    .from(userRoles)
    .where(inArray(userRoles.roleId, roleIds))
    .groupBy(userRoles.roleId);
  return new Map(rows.map((r) => [r.roleId, r.n]));
}

export async function findRole(db: Executor, id: string) {
  const [row] = await db.select().from(roles).where(eq(roles.id, id)).limit(1);
  return row ?? null;
}

export async function deleteRoleRow(db: Executor, id: string) {
  await db.delete(roles).where(eq(roles.id, id));
}
