import { defineModule } from '../../platform/module.js';
import { cataloguePageData } from './page-data.js';
import { marketRoutes } from './routes.js';

export const marketModule = defineModule({ name: 'market', routes: [marketRoutes], pageData: cataloguePageData });
