import { describe, expect, it } from 'vitest';
import { pagerItems } from './pager';

describe('pagerItems', () => {
  it('lists every page when there are few', () => {
    expect(pagerItems(1, 0)).toEqual([]);
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerItems(1, 7)).toEqual([1, 2, 3, 'gap-right', 7]);
  });

  it('puts gaps on both sides of the current page', () => {
    expect(pagerItems(10, 20)).toEqual([1, 'gap-left', 8, 9, 10, 11, 12, 'gap-right', 20]);
    expect(pagerItems(20, 20)).toEqual([1, 'gap-left', 18, 19, 20]);
  });

  it('shows a single left-out page instead of a gap', () => {
    expect(pagerItems(5, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pagerItems(6, 12)).toEqual([1, 'gap-left', 4, 5, 6, 7, 8, 'gap-right', 12]);
  });
});
