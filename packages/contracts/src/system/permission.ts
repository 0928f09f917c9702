/** Permission codes checked by the server on every route and by the web to show buttons. */
export const Perm = {
  userList: 'system:user:list',
  userAdd: 'system:user:add',
  userEdit: 'system:user:edit',
  userFreeze: 'system:user:frozen',
  userResetPassword: 'system:user:changePassword',
  userAssign: 'system:user:assign',
  departList: 'system:depart:list',
  departAdd: 'system:depart:add',
  departEdit: 'system:depart:edit',
  departDelete: 'system:depart:delete',
  departPermission: 'system:depart:permission',
  departRole: 'system:depart:role',
  tenantList: 'system:tenant:list',
  tenantEdit: 'system:tenant:edit',
  dataRuleEdit: 'system:permission:rule',
  fillRuleList: 'system:fillRule:list',
  fillRuleEdit: 'system:fillRule:edit',
  checkRuleList: 'system:checkRule:list',
  checkRuleEdit: 'system:checkRule:edit',
  pictureList: 'system:picture:list',
  pictureEdit: 'system:picture:edit',
  announcementList: 'system:announcement:list',
  announcementEdit: 'system:announcement:edit',
  announcementRelease: 'system:announcement:release',
  announcementDelete: 'system:announcement:delete',
  jobList: 'system:quartzJob:list',
  jobEdit: 'system:quartzJob:edit',
  jobRun: 'system:quartzJob:execute',
  roleList: 'system:role:list',
  roleAdd: 'system:role:add',
  roleEdit: 'system:role:edit',
  roleDelete: 'system:role:delete',
  roleAssign: 'system:role:permission',
  permissionList: 'system:permission:list',
  permissionAdd: 'system:permission:add',
  permissionEdit: 'system:permission:edit',
  permissionDelete: 'system:permission:delete',
  dictList: 'system:dict:list',
  dictAdd: 'system:dict:add',
  dictEdit: 'system:dict:edit',
  dictDelete: 'system:dict:delete',
  logList: 'system:log:list',
  onlineList: 'system:online:list',
  forceLogout: 'system:online:forceLogout',
  systemInfo: 'system:info:view',
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
