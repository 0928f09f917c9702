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
  'admin/system/QuartzJobPage': lazyPage(() => import('@/pages/admin/system/QuartzJobPage')),
  'admin/system/PermissionPage': lazyPage(() => import('@/pages/admin/system/PermissionPage')),
  'admin/system/AnnouncementPage': lazyPage(() => import('@/pages/admin/system/AnnouncementPage')),
  'admin/message/MessageNotificationPage': lazyPage(() => import('@/pages/admin/message/MessageNotificationPage')),
  'admin/message/UserAnnouncementPage': lazyPage(() => import('@/pages/admin/message/UserAnnouncementPage')),
  'admin/message/BellPage': lazyPage(() => import('@/pages/admin/message/BellPage')),
  'admin/system/DepartPage': lazyPage(() => import('@/pages/admin/system/DepartPage')),
  'admin/system/TenantPage': lazyPage(() => import('@/pages/admin/system/TenantPage')),
  'admin/system/FillRulePage': lazyPage(() => import('@/pages/admin/system/FillRulePage')),
  'admin/system/CheckRulePage': lazyPage(() => import('@/pages/admin/system/CheckRulePage')),
  'admin/system/PicturePage': lazyPage(() => import('@/pages/admin/system/PicturePage')),
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
