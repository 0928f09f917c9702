import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from './lazy-page';

/**
 * Back-office pages by the `component` string of the server's menu (a path under src/pages).
 * A menu entry whose component is not listed here gets no route.
 */
export const pageRegistry: Record<string, LazyExoticComponent<ComponentType>> = {
  'admin/PageHome': lazyPage(() => import('@/pages/admin/PageHome')),
  'admin/system/UserPage': lazyPage(() => import('@/pages/admin/system/UserPage')),
  'admin/catalogue/CatalogueListPage': lazyPage(() => import('@/pages/admin/catalogue/CatalogueListPage')),
  'admin/catalogue/CatalogueFormPage': lazyPage(() => import('@/pages/admin/catalogue/CatalogueFormPage')),
  'admin/catalogue/DraftsPage': lazyPage(() => import('@/pages/admin/catalogue/DraftsPage')),
  'admin/catalogue/CatalogueLogPage': lazyPage(() => import('@/pages/admin/catalogue/CatalogueLogPage')),
  'admin/catalogue/CategoryPage': lazyPage(() => import('@/pages/admin/catalogue/CategoryPage')),
  'admin/review/WorkOrderPage': lazyPage(() => import('@/pages/admin/review/WorkOrderPage')),
  'admin/system/LogPage': lazyPage(() => import('@/pages/admin/system/LogPage')),
  'admin/system/OnlineUserPage': lazyPage(() => import('@/pages/admin/system/OnlineUserPage')),
  'admin/system/SystemInfoPage': lazyPage(() => import('@/pages/admin/system/SystemInfoPage')),
  'admin/system/DictPage': lazyPage(() => import('@/pages/admin/system/DictPage')),
  'admin/system/RolePage': lazyPage(() => import('@/pages/admin/system/RolePage')),
  'admin/system/PermissionPage': lazyPage(() => import('@/pages/admin/system/PermissionPage')),
};

/** Tolerates the spellings menus carry over from older systems: a leading slash, `views/`, `/index`, `.vue`. */
export function resolvePage(component: string | null | undefined) {
  if (!component) return undefined;
  const key = component
    .replace(/^\/+/, '')
    .replace(/^(views|pages)\//, '')
    .replace(/(\/index)?\.(vue|tsx)$/, '')
    .replace(/\/index$/, '');
  return pageRegistry[key];
}
