export const SITE_NAME = '滨江市公共数据开放平台';

/**
 * Portal pages of the spec's route table that are built. Header menu entries, the search box and the
 * help-centre link appear only once their page is here, so the portal never shows a dead link.
 */
export const BUILT_PAGES = new Set<string>([
  '/openPlatform/home',
  '/catalogue/datacatalogue',
  '/catalogue/datacatalogue/details',
  '/openPlatform/search',
  '/openStatistics/openTable',
  '/service/matters',
  '/service/serviceitem',
  '/service/serviceitem/serviceDetails',
  '/system/helpdocument',
  '/openPlatform/JournalismDet',
  '/system/policyrule',
  '/system/datastandard',
  '/helpCenter/problemManual',
  '/communication/questionnaire',
  '/communication/questionnaire/answer',
  '/communication/interaction',
  '/system/FunctionNavigation',
]);

export const isBuilt = (path: string) => BUILT_PAGES.has(path);

export const documentTitle = (pageTitle?: string) => (pageTitle ? `${pageTitle} - ${SITE_NAME}` : SITE_NAME);
