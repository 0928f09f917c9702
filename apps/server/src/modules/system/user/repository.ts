import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { departs, roles, userDeparts, userRoles } from '../../../db/schema/index.js';

function group(rows: { userId: string; id: string; name: string }[]) {
  const m = new Map<string, { ids: string[]; names: string[] }>();
  for (const r of rows) {
    const g = m.get(r.userId) ?? { ids: [], names: [] };
    g.ids.push(r.id);
    g.names.push(r.name);
    m.set(r.userId, g);
  }
  return m;
}

/** Departments and roles of many users in two queries. */
export async function relationsOf(db: Executor, userIds: string[]) {
  if (userIds.length === 0) return { departsBy: group([]), rolesBy: group([]) };
  const [departRows, roleRows] = await Promise.all([
    db
      .select({ userId: userDeparts.userId, id: departs.id, name: departs.departName })
      .from(userDeparts)
      .innerJoin(departs, eq(departs.id, userDeparts.departId))
      .where(and(inArray(userDeparts.userId, userIds), isNull(departs.deletedAt)))
      .orderBy(asc(departs.sortNo)),
    db
      .select({ userId: userRoles.userId, id: roles.id, name: roles.roleName })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(inArray(userRoles.userId, userIds)),
  ]);
  return { departsBy: group(departRows), rolesBy: group(roleRows) };
}

/** Replaces a user's roles and departments; unknown ids are a 400 rather than a foreign-key 500. */
export async function replaceRoles(tx: Executor, userId: string, roleIds: string[]) {
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
}

export async function replaceDeparts(tx: Executor, userId: string, departIds: string[]) {
  await tx.delete(userDeparts).where(eq(userDeparts.userId, userId));
  if (departIds.length) await tx.insert(userDeparts).values(departIds.map((departId) => ({ userId, departId })));
}

export async function existingIds(tx: Executor, table: 'roles' | 'departs', ids: string[]) {
  if (ids.length === 0) return [];
  const rows =
    table === 'roles'
      ? await tx.select({ id: roles.id }).from(roles).where(inArray(roles.id, ids))
      : await tx
          .select({ id: departs.id, orgCode: departs.orgCode })
          .from(departs)
          .where(and(inArray(departs.id, ids), isNull(departs.deletedAt)));
  return rows;
}
