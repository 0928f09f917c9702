/** A page number, or a gap (…) between the first, the pages around the current one, and the last. */
export type PagerItem = number | 'gap-left' | 'gap-right';

/**
 * The buttons of a pager: always the first and last page, `around` pages either side of the current
 * one, and a gap where pages are left out (a gap never stands for a single page: that page shows).
 */
export function pagerItems(current: number, pages: number, around = 2): PagerItem[] {
  if (pages <= 1) return pages === 1 ? [1] : [];
  const from = Math.max(2, current - around);
  const to = Math.min(pages - 1, current + around);
  const items: PagerItem[] = [1];
  if (from === 3) items.push(2);
  else if (from > 3) items.push('gap-left');
  for (let n = from; n <= to; n += 1) items.push(n);
  if (to === pages - 2) items.push(pages - 1);
  else if (to < pages - 2) items.push('gap-right');
  items.push(pages);
  return items;
}
