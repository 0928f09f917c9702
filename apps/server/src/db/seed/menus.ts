import { CataloguePerm as C, Perm } from '@odp/contracts';

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
const CATALOGUE_STAFF = ['reviewer', 'dept_admin'];

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
    name: '数据目录',
    menuType: 0,
    path: '/cataloguemanage',
    component: 'layouts/RouteView',
    icon: 'DatabaseOutlined',
    roles: CATALOGUE_STAFF,
    children: [
      {
        name: '目录列表',
        menuType: 1,
        path: '/cataloguemanage/list',
        component: 'admin/catalogue/CatalogueListPage',
        icon: 'UnorderedListOutlined',
        perms: C.list,
        keepAlive: true,
        children: [
          button('新增目录', C.add, ['dept_admin']),
          button('编辑目录', C.edit, ['dept_admin']),
          button('提交审核/撤回', C.submit, ['dept_admin']),
          button('上架/下架申请', C.shelf, ['dept_admin']),
          button('导入目录', C.import, ['dept_admin']),
          button('导出目录', C.export, CATALOGUE_STAFF),
          button('删除/恢复目录', C.remove, []),
        ],
      },
      {
        name: '目录编辑',
        menuType: 1,
        path: '/cataloguemanage/edit',
        component: 'admin/catalogue/CatalogueFormPage',
        hidden: true,
        roles: ['dept_admin', 'reviewer'],
      },
      {
        name: '草稿箱',
        menuType: 1,
        path: '/cataloguemanage/drafts',
        component: 'admin/catalogue/DraftsPage',
        icon: 'FileTextOutlined',
        roles: ['dept_admin'],
      },
      {
        name: '编目日志',
        menuType: 1,
        path: '/cataloguemanage/logs',
        component: 'admin/catalogue/CatalogueLogPage',
        icon: 'HistoryOutlined',
      },
      {
        name: '类目管理',
        menuType: 1,
        path: '/cataloguemanage/category',
        component: 'admin/catalogue/CategoryPage',
        icon: 'ApartmentOutlined',
        perms: C.category,
        roles: [],
      },
    ],
  },
  {
    name: '审核中心',
    menuType: 0,
    path: '/review',
    component: 'layouts/RouteView',
    icon: 'AuditOutlined',
    roles: ['reviewer'],
    children: [
      {
        name: '目录审核',
        menuType: 1,
        path: '/review/catalogue',
        component: 'admin/review/WorkOrderPage',
        icon: 'CheckSquareOutlined',
        perms: C.workOrder,
        keepAlive: true,
        children: [button('审核目录', C.review)],
      },
    ],
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
      {
        name: '角色管理',
        menuType: 1,
        path: '/system/role',
        component: 'admin/system/RolePage',
        icon: 'TeamOutlined',
        perms: Perm.roleList,
        keepAlive: true,
        children: [
          button('新增角色', Perm.roleAdd),
          button('编辑角色', Perm.roleEdit),
          button('删除角色', Perm.roleDelete),
          button('角色授权', Perm.roleAssign),
        ],
      },
      {
        name: '菜单管理',
        menuType: 1,
        path: '/system/menu',
        component: 'admin/system/PermissionPage',
        icon: 'AppstoreOutlined',
        perms: Perm.permissionList,
        keepAlive: true,
        children: [
          button('新增菜单', Perm.permissionAdd),
          button('编辑菜单', Perm.permissionEdit),
          button('删除菜单', Perm.permissionDelete),
          button('数据规则', Perm.dataRuleEdit),
        ],
      },
      {
        name: '部门管理',
        menuType: 1,
        path: '/system/Depart',
        component: 'admin/system/DepartPage',
        icon: 'ApartmentOutlined',
        perms: Perm.departList,
        keepAlive: true,
        children: [
          button('新增部门', Perm.departAdd),
          button('编辑部门', Perm.departEdit),
          button('删除部门', Perm.departDelete),
          button('部门授权', Perm.departPermission),
          button('部门角色', Perm.departRole),
        ],
      },
      {
        name: '租户管理',
        menuType: 1,
        path: '/system/tenant',
        component: 'admin/system/TenantPage',
        icon: 'CloudServerOutlined',
        perms: Perm.tenantList,
        children: [button('编辑租户', Perm.tenantEdit)],
      },
      {
        name: '数据字典',
        menuType: 1,
        path: '/system/dict',
        component: 'admin/system/DictPage',
        icon: 'ProfileOutlined',
        perms: Perm.dictList,
        keepAlive: true,
        children: [
          button('新增字典', Perm.dictAdd),
          button('编辑字典', Perm.dictEdit),
          button('删除字典', Perm.dictDelete),
        ],
      },
      {
        name: '填值规则',
        menuType: 1,
        path: '/system/fillRule',
        component: 'admin/system/FillRulePage',
        icon: 'ToolOutlined',
        perms: Perm.fillRuleList,
        children: [button('维护填值规则', Perm.fillRuleEdit)],
      },
      {
        name: '校验规则',
        menuType: 1,
        path: '/system/checkRule',
        component: 'admin/system/CheckRulePage',
        icon: 'SafetyOutlined',
        perms: Perm.checkRuleList,
        children: [button('维护校验规则', Perm.checkRuleEdit)],
      },
      {
        name: '轮播图管理',
        menuType: 1,
        path: '/system/picture',
        component: 'admin/system/PicturePage',
        icon: 'AppstoreOutlined',
        perms: Perm.pictureList,
        children: [button('维护轮播图', Perm.pictureEdit)],
      },
      {
        name: '通知公告',
        menuType: 1,
        path: '/system/announcement',
        component: 'admin/system/AnnouncementPage',
        icon: 'BellOutlined',
        perms: Perm.announcementList,
        keepAlive: true,
        children: [
          button('编辑公告', Perm.announcementEdit),
          button('发布/撤销公告', Perm.announcementRelease),
          button('删除公告', Perm.announcementDelete),
        ],
      },
      {
        name: '定时任务',
        menuType: 1,
        path: '/system/QuartzJobList',
        component: 'admin/system/QuartzJobPage',
        icon: 'HistoryOutlined',
        perms: Perm.jobList,
        keepAlive: true,
        children: [button('维护定时任务', Perm.jobEdit), button('立即执行', Perm.jobRun)],
      },
      {
        name: '系统日志',
        menuType: 1,
        path: '/system/log',
        component: 'admin/system/LogPage',
        icon: 'FileTextOutlined',
        perms: Perm.logList,
        keepAlive: true,
      },
      {
        name: '在线用户',
        menuType: 1,
        path: '/system/online',
        component: 'admin/system/OnlineUserPage',
        icon: 'CloudServerOutlined',
        perms: Perm.onlineList,
        children: [button('强制退出', Perm.forceLogout)],
      },
      {
        name: '系统信息',
        menuType: 1,
        path: '/system/info',
        component: 'admin/system/SystemInfoPage',
        icon: 'DashboardOutlined',
        perms: Perm.systemInfo,
      },
    ],
  },
  {
    name: '消息中心',
    menuType: 1,
    path: '/MessageCenter/MessageNotification',
    component: 'admin/message/MessageNotificationPage',
    icon: 'MessageOutlined',
    roles: ALL_STAFF,
  },
  {
    name: '我的消息',
    menuType: 1,
    path: '/isps/userAnnouncement',
    component: 'admin/message/UserAnnouncementPage',
    hidden: true,
    roles: ALL_STAFF,
  },
  {
    name: '消息提醒',
    menuType: 1,
    path: '/bell',
    component: 'admin/message/BellPage',
    hidden: true,
    roles: ALL_STAFF,
  },
  button('切换部门', Perm.departSwitch, ['dept_admin', 'reviewer']),
];
