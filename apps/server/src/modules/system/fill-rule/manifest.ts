import { Perm } from '@odp/contracts';
import { menuButton as button, defineModule } from '../../../platform/module.js';
import { fillRuleRoutes } from './routes.js';

export const fillRuleModule = defineModule({
  name: 'fill-rule',
  routes: [fillRuleRoutes],
  menus: [
    {
      parent: '/system',
      order: 6,
      name: '填值规则',
      menuType: 1,
      path: '/system/fillRule',
      component: 'admin/system/FillRulePage',
      icon: 'ToolOutlined',
      perms: Perm.fillRuleList,
      children: [button('维护填值规则', Perm.fillRuleEdit)],
    },
  ],
});
