import { defineModule } from '../../platform/module.js';
import { personalRoutes } from './routes.js';

/**
 * 个人中心's own records of a signed-in user: collections, ratings, and the activity they left
 * (views, downloads, applications, reviews they started). It owns no table: it reads those of the
 * modules that keep the records, and removes a collection or a rating through the market's service.
 */
export const personalModule = defineModule({
  name: 'personal',
  routes: [personalRoutes],
});
