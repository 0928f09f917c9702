import { lazyPage } from '@/app/lazy-page';

/** The system administration pages, by the `component` string of their menus. */
export const systemPages = {
  'admin/system/UserPage': lazyPage(() => import('./UserPage')),
  'admin/system/LogPage': lazyPage(() => import('./LogPage')),
  'admin/system/OnlineUserPage': lazyPage(() => import('./OnlineUserPage')),
  'admin/system/SystemInfoPage': lazyPage(() => import('./SystemInfoPage')),
  'admin/system/DictPage': lazyPage(() => import('./DictPage')),
  'admin/system/RolePage': lazyPage(() => import('./RolePage')),
  'admin/system/QuartzJobPage': lazyPage(() => import('./QuartzJobPage')),
  'admin/system/PermissionPage': lazyPage(() => import('./PermissionPage')),
  'admin/system/AnnouncementPage': lazyPage(() => import('./AnnouncementPage')),
  'admin/system/DepartPage': lazyPage(() => import('./DepartPage')),
  'admin/system/TenantPage': lazyPage(() => import('./TenantPage')),
  'admin/system/FillRulePage': lazyPage(() => import('./FillRulePage')),
  'admin/system/CheckRulePage': lazyPage(() => import('./CheckRulePage')),
  'admin/system/PicturePage': lazyPage(() => import('./PicturePage')),
  'admin/system/IdmUserPage': lazyPage(() => import('./IdmUserPage')),
  'admin/system/NavigationPage': lazyPage(() => import('./NavigationPage')),
  'admin/system/WorkflowDesignPage': lazyPage(() => import('./WorkflowDesignPage')),
};
