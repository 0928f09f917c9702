import { defineModule } from '../../platform/module.js';
import { statsRoutes } from './routes.js';

export const statsModule = defineModule({ name: 'stats', routes: [statsRoutes] });
