import { PAGE_DATA_ELEMENT_ID, type PageDataEntry } from '@odp/contracts/constants';
import type { QueryClient } from '@tanstack/react-query';

const seeded = new Set<string>();
const keyOf = (key: readonly unknown[]) => JSON.stringify(key);

/** Whether the page's HTML carried the answer under this key; true once only. */
export function takeSeeded(key: readonly unknown[]): boolean {
  return seeded.delete(keyOf(key));
}

/**
 * Puts the answers the server wrote into this page (see `PAGE_DATA_ELEMENT_ID`) into the query cache
 * before the first render, so that the first screen needs no request for them. Unreadable content is
 * ignored: the page then asks as usual.
 */
export function seedPageData(client: QueryClient, doc: Document = document) {
  const element = doc.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element?.textContent) return;
  let entries: unknown;
  try {
    entries = JSON.parse(element.textContent);
  } catch {
    return;
  }
  if (!Array.isArray(entries)) return;
  for (const entry of entries as PageDataEntry[]) {
    if (Array.isArray(entry?.key) && entry.data !== undefined) {
      client.setQueryData(entry.key, entry.data);
      seeded.add(keyOf(entry.key));
    }
  }
  element.remove();
}
