import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { modules } from '../../modules/index.js';
import type { MenuSeed } from '../../platform/module.js';
import type { Executor } from '../client.js';
import { permissions, rolePermissions, roles } from '../schema/index.js';

/** Menus and directories are known by their path, buttons by their permission code. */
function sameEntry(m: MenuSeed, parentId: string | null): SQL | undefined {
  if (m.menuType === 2 && m.perms) return eq(permissions.perms, m.perms);
  if (m.path) return and(eq(permissions.path, m.path), eq(permissions.menuType, m.menuType));
  return and(
    eq(permissions.name, m.name),
    parentId ? eq(permissions.parentId, parentId) : isNull(permissions.parentId),
  );
}

/**
 * Inserts the entries of the modules' menu tree the database does not hold yet, under their parents, granted
 * to the administrator and to the roles the seed names (a child inherits its parent's roles).
 * Entries already present are left as administrators shaped them. Returns how many were added.
 */
export async function addMissingMenus(db: Executor): Promise<number> {
  const roleId = new Map(
    (await db.select({ id: roles.id, roleCode: roles.roleCode }).from(roles)).map((r) => [r.roleCode, r.id]),
  );
  const grants: { roleId: string; permissionId: string }[] = [];
  let added = 0;
  const visit = async (items: readonly MenuSeed[], parentId: string | null, inherited: string[]) => {
    for (const [sortNo, m] of items.entries()) {
      const granted = m.roles ?? inherited;
      let [row] = await db.select({ id: permissions.id }).from(permissions).where(sameEntry(m, parentId)).limit(1);
      if (!row) {
        [row] = await db
          .insert(permissions)
          .values({
            parentId,
            name: m.name,
            menuType: m.menuType,
            path: m.path ?? null,
            component: m.component ?? null,
            redirect: m.redirect ?? null,
            icon: m.icon ?? null,
            perms: m.perms ?? null,
            hidden: m.hidden ?? false,
            keepAlive: m.keepAlive ?? false,
            sortNo,
          })
          .returning({ id: permissions.id });
        added++;
        for (const code of new Set(['admin', ...granted])) {
          const id = roleId.get(code);
          if (id) grants.push({ roleId: id, permissionId: row.id });
        }
      }
      if (m.children) await visit(m.children, row.id, granted);
    }
  };
  await visit(modules.menuTree, null, []);
  if (grants.length) await db.insert(rolePermissions).values(grants).onConflictDoNothing();
  return added;
}
