import { isBuilt } from '@/app/site';

/** The public header menu of spec §2.3 in order; internal entries show only once their page exists. */
export type NavItem = { title: string; path: string } | { title: string; external: 'developerCamp' };

const NAV: NavItem[] = [
  { title: '首页', path: '/openPlatform/home' },
  { title: '开放数据', path: '/catalogue/datacatalogue' },
  { title: '资讯中心', path: '/system/helpdocument' },
  { title: '交流互动', path: '/communication/interaction' },
  { title: '开放统计', path: '/openStatistics/openTable' },
  { title: '应用成果', path: '/service/serviceitem' },
  { title: '开发者中心', external: 'developerCamp' },
];

export const portalNav = () => NAV.filter((item) => !('path' in item) || isBuilt(item.path));

/** Breadcrumb titles of portal pages. */
export const portalTitle = (path: string) => NAV.find((item) => 'path' in item && item.path === path)?.title;
