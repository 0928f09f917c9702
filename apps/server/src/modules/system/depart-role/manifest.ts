import { defineModule } from '../../../platform/module.js';
import { departRoleRoutes } from './routes.js';

/** A department's own roles; their buttons sit on the 部门管理 menu. */
export const departRoleModule = defineModule({ name: 'depart-role', routes: [departRoleRoutes] });
