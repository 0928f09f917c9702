import { isBuilt } from '@/app/site';
import { SEARCH_PATH } from '@/components/portal/links';

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

/** Portal pages outside the menu: their title and the menu page they belong under. */
const SUBPAGES: Record<string, { title: string; parent?: string }> = {
  '/catalogue/datacatalogue/details': { title: '数据详情', parent: '/catalogue/datacatalogue' },
  '/service/serviceitem/serviceDetails': { title: '成果详情', parent: '/service/serviceitem' },
  '/openPlatform/JournalismDet': { title: '资讯详情', parent: '/system/helpdocument' },
  '/openPlatform/search': { title: '全站搜索' },
  '/system/policyrule': { title: '政策法规' },
  '/system/datastandard': { title: '数据规范' },
  '/helpCenter/problemManual': { title: '帮助中心' },
  '/service/matters': { title: '事项主线目录', parent: '/service/serviceitem' },
  '/personalCenter/perCenter': { title: '个人中心' },
  '/personalCenter/personalAdd': { title: '新增应用成果', parent: '/personalCenter/perCenter' },
  '/communication/questionnaire': { title: '调查问卷', parent: '/communication/interaction' },
  '/communication/questionnaire/answer': { title: '参与调查', parent: '/communication/questionnaire' },
  '/system/FunctionNavigation': { title: '功能导航' },
  '/system/EmbedPage': { title: '内嵌页面', parent: '/system/FunctionNavigation' },
};

export { SEARCH_PATH };

/**
 * First path segments only the portal uses (the back office lives under /system, /cataloguemanage,
 * /review…). An unknown address under one of them is a public page that does not exist, which gets the
 * 404 page rather than a sign-in prompt.
 */
const PORTAL_SECTIONS = new Set([
  'openPlatform',
  'catalogue',
  'openStatistics',
  'service',
  'communication',
  'helpCenter',
]);

export const isPortalAddress = (path: string) => PORTAL_SECTIONS.has(path.split('/')[1] ?? '');

export const portalNav = () => NAV.filter((item) => !('path' in item) || isBuilt(item.path));

const menuTitle = (path: string) => NAV.find((item) => 'path' in item && item.path === path)?.title;

/** Breadcrumb titles of portal pages. */
export const portalTitle = (path: string) => menuTitle(path) ?? SUBPAGES[path]?.title;

export type Crumb = { title: string; path?: string };

/**
 * The breadcrumb after 首页 (spec §2.3: it lists the matched routes): the menu page a sub-page belongs
 * under, then the page itself, named by `title` when the page knows better (a catalogue entry's name).
 */
export function portalCrumbs(path: string, title?: string): Crumb[] {
  const sub = SUBPAGES[path];
  const parentTitle = sub?.parent ? portalTitle(sub.parent) : undefined;
  const own = title || portalTitle(path);
  return [
    ...(sub?.parent && parentTitle ? [{ title: parentTitle, path: sub.parent }] : []),
    ...(own ? [{ title: own }] : []),
  ];
}
