import { defineModule } from '../../platform/module.js';
import { portalRoutes } from './routes.js';

export const portalModule = defineModule({ name: 'portal', routes: [portalRoutes] });
