import { PAGE_DATA_ELEMENT_ID } from '@odp/contracts';

/** The first-screen data entries the server wrote into a page, read back as the browser does. */
export function pageDataOf(html: string): { key: unknown[]; data: unknown }[] {
  const match = html.match(new RegExp(`<script id="${PAGE_DATA_ELEMENT_ID}" type="application/json">(.*?)</script>`));
  return match ? JSON.parse(match[1]) : [];
}
