import { SsoPerm as P } from '@odp/contracts';
import { menuButton as button, defineModule } from '../../platform/module.js';
import { ssoRoutes } from './routes.js';

/**
 * 单点登录: OpenID Connect sign-on, the trusted sibling system's hand-off (`/sgSso`), the session
 * hand-over (`/thirdLogin/getLoginUser/{code}`), the external identities seen (IDM用户, administrators
 * only) and each user's own 绑定.
 */
export const ssoModule = defineModule({
  name: 'sso',
  routes: [ssoRoutes],
  referenceSteps: [
    {
      version: 14,
      summary: '系统管理 › IDM用户（统一身份认证登记的外部账号）的菜单与授权、停用按钮',
      async apply(db, { addMissingMenus }) {
        await addMissingMenus(db);
      },
    },
  ],
  menus: [
    {
      parent: '/system',
      order: 14,
      name: 'IDM用户',
      menuType: 1,
      path: '/system/IDMUser',
      component: 'admin/system/IdmUserPage',
      icon: 'TeamOutlined',
      perms: P.idmList,
      keepAlive: true,
      // Administrators only: the administrator is granted every entry.
      roles: [],
      children: [button('授权', P.idmAuthorize, []), button('停用', P.idmDisable, [])],
    },
  ],
});
