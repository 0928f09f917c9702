import { Perm } from '@odp/contracts';
import { menuButton as button, defineModule } from '../../../platform/module.js';
import { checkRoutes } from './routes.js';

export const checkModule = defineModule({
  name: 'check',
  routes: [checkRoutes],
  menus: [
    {
      parent: '/system',
      order: 7,
      name: '校验规则',
      menuType: 1,
      path: '/system/checkRule',
      component: 'admin/system/CheckRulePage',
      icon: 'SafetyOutlined',
      perms: Perm.checkRuleList,
      children: [button('维护校验规则', Perm.checkRuleEdit)],
    },
  ],
});
