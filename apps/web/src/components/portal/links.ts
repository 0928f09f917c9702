/** Addresses of the public catalogue pages, shared by every list that links to them. */
export const CATALOGUE_PATH = '/catalogue/datacatalogue';

export const detailPath = (id: string) => `${CATALOGUE_PATH}/details?id=${encodeURIComponent(id)}`;

/** The site search; `search` carries the words. */
export const SEARCH_PATH = '/openPlatform/search';

export const searchPath = (search: string) => `${SEARCH_PATH}?search=${encodeURIComponent(search)}`;
