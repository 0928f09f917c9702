import { CATALOGUE_DETAIL_PATH, CATALOGUE_PAGE_PATH, Constants, PAGE_DATA_KEYS } from '@odp/contracts';
import { defineModule } from '../../platform/module.js';
import { portalRoutes } from './routes.js';
import { indexNum, siteSettings } from './service.js';

export const portalModule = defineModule({
  name: 'portal',
  routes: [portalRoutes],
  // The home's counters; the header and footer of every public page that carries page data show the
  // site settings.
  pageData: [
    { page: Constants.portalHomePath, key: PAGE_DATA_KEYS.indexNum, load: ({ db }) => indexNum(db) },
    {
      page: [Constants.portalHomePath, CATALOGUE_PAGE_PATH, CATALOGUE_DETAIL_PATH],
      key: PAGE_DATA_KEYS.site,
      load: ({ db }) => siteSettings(db),
    },
  ],
});
