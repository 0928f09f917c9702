import type { MenuItem } from '@odp/contracts';

/**
 * The menu as shown: hidden entries go, and so does a parent whose children are all hidden (spec §6).
 * A parent keeps only its visible children.
 */
export function visibleMenu(items: MenuItem[]): MenuItem[] {
  const shown: MenuItem[] = [];
  for (const item of items) {
    if (item.hidden) continue;
    if (!item.children?.length) {
      shown.push(item);
      continue;
    }
    const children = visibleMenu(item.children);
    if (children.length) shown.push({ ...item, children });
  }
  return shown;
}

export type MenuRoute = { path: string; component: string; title: string; keepAlive: boolean };

/** Every entry with a component and a path becomes a route, hidden ones too (detail pages are hidden menus). */
export function menuRoutes(items: MenuItem[]): MenuRoute[] {
  return items.flatMap((item) => {
    const own =
      item.component && item.path && item.route !== false
        ? [{ path: item.path, component: item.component, title: item.meta.title, keepAlive: item.meta.keepAlive }]
        : [];
    return [...own, ...menuRoutes(item.children ?? [])];
  });
}

/** Titles by path, for tabs, the breadcrumb and the document title. */
export function menuTitles(items: MenuItem[]): Map<string, string> {
  const titles = new Map<string, string>();
  const walk = (list: MenuItem[]) => {
    for (const item of list) {
      if (item.path) titles.set(item.path, item.meta.title);
      walk(item.children ?? []);
    }
  };
  walk(items);
  return titles;
}
