/** Permission codes checked by the server on every route and by the web to show buttons. */
export const Perm = {
  userList: 'system:user:list',
  userAdd: 'system:user:add',
  userEdit: 'system:user:edit',
  userFreeze: 'system:user:frozen',
  userResetPassword: 'system:user:changePassword',
  userAssign: 'system:user:assign',
  departList: 'system:depart:list',
  logList: 'system:log:list',
  departSwitch: 'isDepartment:switch',
} as const;
export type PermCode = (typeof Perm)[keyof typeof Perm];

/** 0 directory, 1 menu, 2 button. */
export type MenuType = 0 | 1 | 2;

export type MenuMeta = {
  title: string;
  icon?: string | null;
  url?: string | null;
  keepAlive: boolean;
  internalOrExternal: boolean;
  permissionList?: PermissionAction[];
};

/** A node of the menu tree the server returns (spec §3). */
export type MenuItem = {
  id: string;
  path: string;
  name: string;
  component: string | null;
  redirect: string | null;
  hidden: boolean;
  alwaysShow: boolean;
  route: boolean;
  meta: MenuMeta;
  children?: MenuItem[];
  /** Badge count next to the menu entry; the web shows 99+ past 99. */
  number?: number;
};

/** A button-level permission: `type` '2' marks non-button entries, `status` '0' means enabled (spec §3, §6). */
export type PermissionAction = { action: string; describe: string; type: string; status?: string };

export type UserPermissionResult = {
  menu: MenuItem[];
  auth: PermissionAction[];
  allAuth: PermissionAction[];
};
