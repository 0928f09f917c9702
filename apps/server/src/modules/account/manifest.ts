import { ACCOUNT_TYPE_DICT, REAL_NAME_DICT } from '@odp/contracts';
import { syncDictionaryItems } from '../../db/seed/dictionary-sync.js';
import { defineModule } from '../../platform/module.js';
import { accountRoutes } from './routes.js';

/**
 * The citizens' own account: registration (个人 / 法人) with an SMS-proven number, SMS codes through
 * the configured provider, password recovery, phone login, and the personal centre's 基本信息 and 安全
 * (profile, phone, avatar, 实名认证 through the configured identity verifier, live sessions).
 */
export const accountModule = defineModule({
  name: 'account',
  routes: [accountRoutes],
  referenceSteps: [
    {
      version: 15,
      summary: '用户注册与实名认证：账号类型、实名认证状态字典',
      async apply(db) {
        await syncDictionaryItems(db, [ACCOUNT_TYPE_DICT, REAL_NAME_DICT]);
      },
    },
  ],
});
