import { PAGE_DATA_ELEMENT_ID, type PageDataEntry } from '@odp/contracts';
import type { Db } from '../../db/client.js';

/**
 * What a page provider may read: the database, the API base the answers' links are under, and the
 * page address's query parameters.
 */
export type PageDataContext = { db: Db; apiBase: string; query: URLSearchParams };

/**
 * An answer a public page needs for its first screen, written into the page's HTML by the server
 * (`PAGE_DATA_ELEMENT_ID` in contracts): `load` gives the same `result` the page's API call would,
 * `preload` the images among it worth fetching before the page's code runs (the banner the phone
 * paints first).
 */
export type PageData = {
  /** The client-side paths of the pages, e.g. `/openPlatform/home`. */
  page: string | readonly string[];
  /**
   * The query key the page's call stores its answer under; a function when it depends on the address
   * (a detail page's id), answering null for an address the provider has nothing for.
   */
  key: readonly unknown[] | ((query: URLSearchParams) => readonly unknown[] | null);
  load(ctx: PageDataContext): Promise<unknown>;
  preload?(data: unknown): ImagePreload[];
};

/** The pages a provider serves. */
export const pagesOf = (provider: PageData): readonly string[] =>
  typeof provider.page === 'string' ? [provider.page] : provider.page;

/** An image to fetch early: its address, or the sized copies to choose from (`srcset` with `sizes`). */
export type ImagePreload = { href: string; srcset?: string; sizes?: string };

/** JSON that cannot end its script element nor be read as markup (`</script>`, `<!--`, line separators). */
const scriptSafe = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A provider slower than this is left out: the page then asks for its data itself, as without it. */
const LOAD_BUDGET_MS = 300;

function withinBudget<T>(work: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), LOAD_BUDGET_MS);
  });
  return Promise.race([work.catch(() => undefined), late]).finally(() => clearTimeout(timer));
}

/**
 * index.html with the page's data and image preloads in its head; the template itself when no
 * provider answered. A provider that fails is skipped: the page works without it.
 */
export async function renderPageHtml(template: string, providers: readonly PageData[], ctx: PageDataContext) {
  const wanted = providers.flatMap((provider) => {
    const key = typeof provider.key === 'function' ? provider.key(ctx.query) : provider.key;
    return key ? [{ provider, key }] : [];
  });
  const answers = await Promise.all(wanted.map(({ provider }) => withinBudget(provider.load(ctx))));
  const entries: PageDataEntry[] = [];
  const links: string[] = [];
  wanted.forEach(({ provider, key }, i) => {
    const data = answers[i];
    if (data === undefined) return;
    entries.push({ key, data });
    for (const { href, srcset, sizes } of provider.preload?.(data) ?? []) {
      const choice = srcset ? ` imagesrcset="${attribute(srcset)}" imagesizes="${attribute(sizes ?? '100vw')}"` : '';
      links.push(`<link rel="preload" as="image" fetchpriority="high" href="${attribute(href)}"${choice}>`);
    }
  });
  if (!entries.length) return template;
  const script = `<script id="${PAGE_DATA_ELEMENT_ID}" type="application/json">${scriptSafe(entries)}</script>`;
  return template.replace('</head>', `    ${[...links, script].join('\n    ')}\n  </head>`);
}
