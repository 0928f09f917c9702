import { lazyPage } from '@/app/lazy-page';

/** The catalogue's back-office pages, by the `component` string of their menus. */
export const cataloguePages = {
  'admin/catalogue/CatalogueListPage': lazyPage(() => import('./CatalogueListPage')),
  'admin/catalogue/CatalogueFormPage': lazyPage(() => import('./CatalogueFormPage')),
  'admin/catalogue/DraftsPage': lazyPage(() => import('./DraftsPage')),
  'admin/catalogue/CatalogueLogPage': lazyPage(() => import('./CatalogueLogPage')),
  'admin/catalogue/CategoryPage': lazyPage(() => import('./CategoryPage')),
};
