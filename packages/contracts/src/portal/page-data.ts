/**
 * Answers the server writes into a public page's HTML (as JSON in a script element of this id), so
 * that the page's first screen renders with them instead of asking for them after its code has
 * loaded: a round trip less before the home's banner shows on a phone. Each is stored under its
 * query key, which both sides read from here.
 */
export const PAGE_DATA_ELEMENT_ID = 'odp-page-data';

export const PAGE_DATA_KEYS = {
  /** The portal home slideshow (`/sys/common/picture/query`). */
  homePictures: ['portal', 'pictures'],
} as const;

/** One entry of the element's content: a query key and the answer's result. */
export type PageDataEntry = { key: readonly unknown[]; data: unknown };
