import { defineModule } from '../../platform/module.js';
import { homeRoutes } from './routes.js';

/**
 * The back-office home page (/pageHome/PageHome, declared by the auth module with the landing menu):
 * work orders, messages, sharing, catalogue and collection figures and their monthly trends, each an
 * aggregate over its module's tables in the caller's department scope.
 */
export const homeModule = defineModule({ name: 'home', routes: [homeRoutes] });
