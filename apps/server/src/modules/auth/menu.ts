import type { MenuItem, PermissionAction } from '@odp/contracts';
import type { permissions } from '../../db/schema/index.js';

type PermissionRow = typeof permissions.$inferSelect;

/** Route name from its path: '/system/User' → 'system-User'. */
const routeName = (path: string | null, id: string) => (path ? path.replace(/^\//, '').replace(/\//g, '-') : id);

/**
 * Builds the menu tree of spec §3 from the granted menu rows (directories 0 and menus 1).
 * Directories without any granted child are dropped; a parent whose children are all hidden is hidden.
 */
export function buildMenuTree(rows: PermissionRow[]): MenuItem[] {
  const menus = rows.filter((r) => r.menuType !== 2 && r.status === '0').sort((a, b) => a.sortNo - b.sortNo);
  const byParent = new Map<string | null, PermissionRow[]>();
  for (const r of menus) {
    const key = r.parentId && menus.some((m) => m.id === r.parentId) ? r.parentId : null;
    byParent.set(key, [...(byParent.get(key) ?? []), r]);
  }
  const build = (parentId: string | null): MenuItem[] =>
    (byParent.get(parentId) ?? []).flatMap((r): MenuItem[] => {
      const children = build(r.id);
      if (r.menuType === 0 && children.length === 0) return [];
      const item: MenuItem = {
        id: r.id,
        path: r.path ?? `/${r.id}`,
        name: r.componentName ?? routeName(r.path, r.id),
        component: r.component,
        redirect: r.redirect,
        hidden: r.hidden || (children.length > 0 && children.every((c) => c.hidden)),
        alwaysShow: r.alwaysShow,
        route: r.isRoute,
        meta: {
          title: r.name,
          icon: r.icon,
          url: r.url,
          keepAlive: r.keepAlive,
          internalOrExternal: r.internalOrExternal,
        },
      };
      if (children.length) item.children = children;
      return [item];
    });
  return build(null);
}

/** Button permissions of spec §6: `auth` the user's, `allAuth` every button with its status. */
export function buildAuth(
  granted: PermissionRow[],
  all: PermissionRow[],
): { auth: PermissionAction[]; allAuth: PermissionAction[] } {
  const toAction = (r: PermissionRow): PermissionAction => ({
    action: r.perms ?? '',
    describe: r.name,
    type: '1',
    status: r.status,
  });
  const isButton = (r: PermissionRow) => r.menuType === 2 && Boolean(r.perms);
  return {
    auth: granted.filter((r) => isButton(r) && r.status === '0').map(toAction),
    allAuth: all.filter(isButton).map(toAction),
  };
}

/**
 * Sets `number` on the menu entries whose path has a counter (e.g. pending reviews); a directory
 * shows the sum of its children so that the count is visible while it is collapsed.
 */
export async function withBadges(
  menu: MenuItem[],
  counters: Partial<Record<string, () => Promise<number>>>,
): Promise<MenuItem[]> {
  return Promise.all(
    menu.map(async (item) => {
      const count = counters[item.path];
      const children = item.children ? await withBadges(item.children, counters) : undefined;
      const own = count ? await count() : 0;
      const total = own + (children ?? []).reduce((sum, c) => sum + (c.number ?? 0), 0);
      return {
        ...item,
        ...(children ? { children } : {}),
        ...(count !== undefined || total > 0 ? { number: total } : {}),
      };
    }),
  );
}
