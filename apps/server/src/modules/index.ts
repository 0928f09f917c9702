import type { ModuleManifest } from '../platform/module.js';
import { installModules } from '../platform/module-registry.js';
import { accountModule } from './account/manifest.js';
import { achievementModule } from './achievement/manifest.js';
import { assessmentModule } from './assessment/manifest.js';
import { attachmentsModule } from './attachments/manifest.js';
import { authModule } from './auth/manifest.js';
import { bigScreenModule } from './bigscreen/manifest.js';
import { catalogueModule } from './catalogue/manifest.js';
import { collectionModule } from './collection/manifest.js';
import { contentModule } from './content/manifest.js';
import { exchangeModule } from './exchange/manifest.js';
import { filesModule } from './files/manifest.js';
import { homeModule } from './home/manifest.js';
import { interactionModule } from './interaction/manifest.js';
import { marketModule } from './market/manifest.js';
import { navigationModule } from './navigation/manifest.js';
import { newsModule } from './news/manifest.js';
import { notifySettingsModule } from './notify-settings/manifest.js';
import { openApplyModule } from './open-apply/manifest.js';
import { openApiModule } from './openapi/manifest.js';
import { operationsModule } from './operations/manifest.js';
import { personalModule } from './personal/manifest.js';
import { portalModule } from './portal/manifest.js';
import { questionnaireModule } from './questionnaire/manifest.js';
import { resourcesModule } from './resources/manifest.js';
import { serviceMattersModule } from './service-matters/manifest.js';
import { shareModule } from './share/manifest.js';
import { ssoModule } from './sso/manifest.js';
import { statsModule } from './stats/manifest.js';
import { announcementModule } from './system/announcement/manifest.js';
import { checkModule } from './system/check/manifest.js';
import { departModule } from './system/depart/manifest.js';
import { departRoleModule } from './system/depart-role/manifest.js';
import { dictModule } from './system/dict/manifest.js';
import { fillRuleModule } from './system/fill-rule/manifest.js';
import { jobModule } from './system/job/manifest.js';
import { logModule } from './system/log/manifest.js';
import { systemModule } from './system/manifest.js';
import { monitorModule } from './system/monitor/manifest.js';
import { permissionModule } from './system/permission/manifest.js';
import { pictureModule } from './system/picture/manifest.js';
import { roleModule } from './system/role/manifest.js';
import { tenantModule } from './system/tenant/manifest.js';
import { userModule } from './system/user/manifest.js';
import { workflowDesignModule } from './workflow-design/manifest.js';

/**
 * Every capability of the server, each declared in its own folder's manifest. The order is the order
 * routes are registered in and job handlers are offered in; menus carry their own order.
 */
export const manifests: readonly ModuleManifest[] = [
  authModule,
  accountModule,
  systemModule,
  userModule,
  roleModule,
  permissionModule,
  dictModule,
  departModule,
  departRoleModule,
  tenantModule,
  announcementModule,
  newsModule,
  checkModule,
  fillRuleModule,
  pictureModule,
  navigationModule,
  workflowDesignModule,
  portalModule,
  filesModule,
  marketModule,
  serviceMattersModule,
  statsModule,
  logModule,
  monitorModule,
  jobModule,
  catalogueModule,
  resourcesModule,
  collectionModule,
  openApiModule,
  attachmentsModule,
  openApplyModule,
  shareModule,
  exchangeModule,
  homeModule,
  personalModule,
  notifySettingsModule,
  ssoModule,
  achievementModule,
  contentModule,
  questionnaireModule,
  interactionModule,
  operationsModule,
  bigScreenModule,
  assessmentModule,
];

export const modules = installModules(manifests);
