import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/routes.js';
import { catalogueRoutes } from './catalogue/routes.js';
import { fileRoutes } from './files/routes.js';
import { marketRoutes } from './market/routes.js';
import { newsRoutes } from './news/routes.js';
import { portalRoutes } from './portal/routes.js';
import { statsRoutes } from './stats/routes.js';
import { announcementRoutes } from './system/announcement/routes.js';
import { checkRoutes } from './system/check/routes.js';
import { departRoutes } from './system/depart/routes.js';
import { dictRoutes } from './system/dict/routes.js';
import { fillRuleRoutes } from './system/fill-rule/routes.js';
import { jobRoutes } from './system/job/routes.js';
import { monitorRoutes } from './system/monitor/routes.js';
import { dataRuleRoutes } from './system/permission/data-rule/routes.js';
import { pictureRoutes } from './system/picture/routes.js';
import { roleRoutes } from './system/role/routes.js';
import { tenantRoutes } from './system/tenant/routes.js';
import { userRoutes } from './system/user/routes.js';

/** Every capability's routes, registered under the API base path in this order. */
export const modules: FastifyPluginAsync[] = [
  authRoutes,
  userRoutes,
  roleRoutes,
  dictRoutes,
  departRoutes,
  tenantRoutes,
  announcementRoutes,
  newsRoutes,
  checkRoutes,
  fillRuleRoutes,
  pictureRoutes,
  portalRoutes,
  fileRoutes,
  marketRoutes,
  statsRoutes,
  catalogueRoutes,
  monitorRoutes,
  jobRoutes,
  dataRuleRoutes,
];
