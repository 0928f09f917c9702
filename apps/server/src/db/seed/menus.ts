import { Perm } from '@odp/contracts';

/** A menu, directory or button as seeded; `children` nest, `perms` is the code the server checks. */
export type MenuSeed = {
  name: string;
  menuType: 0 | 1 | 2;
  path?: string;
  component?: string;
  redirect?: string;
  icon?: string;
  perms?: string;
  hidden?: boolean;
  keepAlive?: boolean;
  children?: MenuSeed[];
  /** Role codes granted this entry besides the administrator, who is granted everything. */
  roles?: string[];
};

const button = (name: string, perms: string, roles?: string[]): MenuSeed => ({ name, menuType: 2, perms, roles });

const ALL_STAFF = ['reviewer', 'dept_admin', 'registered'];

/** Menus exist only for pages that exist; later capabilities add theirs. */
export const MENU_TREE: MenuSeed[] = [
  {
    name: '首页',
    menuType: 1,
    path: '/pageHome/PageHome',
    component: 'admin/PageHome',
    icon: 'HomeOutlined',
    roles: ALL_STAFF,
  },
  {
    name: '系统管理',
    menuType: 0,
    path: '/system',
    component: 'layouts/RouteView',
    icon: 'SettingOutlined',
    children: [
      {
        name: '用户管理',
        menuType: 1,
        path: '/system/User',
        component: 'admin/system/UserPage',
        icon: 'UserOutlined',
        perms: Perm.userList,
        keepAlive: true,
        children: [
          button('新增用户', Perm.userAdd),
          button('编辑用户', Perm.userEdit),
          button('冻结/解冻', Perm.userFreeze),
          button('重置密码', Perm.userResetPassword),
          button('分配角色与部门', Perm.userAssign),
        ],
      },
    ],
  },
  button('切换部门', Perm.departSwitch, ['dept_admin', 'reviewer']),
];
