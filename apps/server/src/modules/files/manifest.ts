import { defineModule } from '../../platform/module.js';
import { fileRoutes } from './routes.js';

export const filesModule = defineModule({ name: 'files', routes: [fileRoutes] });
