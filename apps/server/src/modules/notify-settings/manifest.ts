import { defineModule } from '../../platform/module.js';
import { notifySettingsRoutes } from './routes.js';

/**
 * 个人中心 › 消息设置: which categories of business messages a user also wants by 短信 and 邮件. The
 * table and the delivery are the platform's (`platform/notify`); this module only lets a user read and
 * change their own choice.
 */
export const notifySettingsModule = defineModule({
  name: 'notify-settings',
  routes: [notifySettingsRoutes],
});
