import { CATALOGUE_FIRST_PAGE, CATEGORY_TREE_IDS, FACETS, MARKET_SORTS } from '@odp/contracts/constants';
import type { Facet, MarketFilters, MarketQuery, MarketSort } from '@/api/market';

/**
 * The catalogue page keeps all of its state in the address (keyword, tree node, facets, sort, page), so
 * that going to a detail and back, reloading or sharing the link shows the same list.
 */

export const PAGE_SIZE = CATALOGUE_FIRST_PAGE.pageSize;
const PAGE_SIZES = [10, 20, 50];

const positiveInt = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** The list query the address describes; unknown or malformed values are left out. */
export function readQuery(params: URLSearchParams): MarketQuery {
  const query: MarketQuery = { pageNo: positiveInt(params.get('pageNo')) ?? 1, pageSize: PAGE_SIZE };
  const pageSize = positiveInt(params.get('pageSize'));
  if (pageSize && PAGE_SIZES.includes(pageSize)) query.pageSize = pageSize;
  const keyword = params.get('catalogName')?.trim();
  if (keyword) query.catalogName = keyword;
  for (const facet of FACETS) {
    const value = params.get(facet);
    if (value) query[facet] = value;
  }
  const categoryId = params.get('categoryId');
  if (categoryId) query.categoryId = categoryId;
  // The tree a department came from: then its sub-departments count too.
  const treeItemId = positiveInt(params.get('treeItemId'));
  const knownTree = treeItemId && (CATEGORY_TREE_IDS as readonly number[]).includes(treeItemId);
  if ((categoryId || query.orgCode) && knownTree) query.treeItemId = treeItemId;
  const sort = params.get('sort') as MarketSort | null;
  if (sort && MARKET_SORTS.includes(sort)) {
    query.sort = sort;
    query.order = params.get('order') === 'asc' ? 'asc' : 'desc';
  }
  return query;
}

/** The filters of a query without paging and sort: what the facet counts are asked for. */
export function filtersOf(query: MarketQuery): MarketFilters {
  const { pageNo: _p, pageSize: _s, sort: _o, order: _d, ...filters } = query;
  return filters;
}

/** A copy of the address with changes applied; any change of filter or sort goes back to page 1. */
function edit(params: URLSearchParams, changes: Record<string, string | number | undefined>, keepPage = false) {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  if (!keepPage) next.delete('pageNo');
  return next;
}

/**
 * Selects a facet value, or clears the facet when the value is already selected (or is empty). The
 * 数源部门 facet picks exactly one department, so it drops the tree a department was picked from.
 */
export function toggleFacet(params: URLSearchParams, facet: Facet, value: string | undefined) {
  const same = !value || params.get(facet) === value;
  const tree = facet === 'orgCode' && !params.get('categoryId') ? { treeItemId: undefined } : {};
  return edit(params, { [facet]: same ? undefined : value, ...tree });
}

export function setKeyword(params: URLSearchParams, keyword: string) {
  return edit(params, { catalogName: keyword.trim() || undefined });
}

/**
 * What a click on a tree node filters by: a department or district node by that department and the
 * ones under it (the 数源部门 filter, with the tree it came from), a category node by the category and
 * its descendants. Clicking the selected node clears it.
 */
export type TreeSelection = { orgCode: string; treeItemId: number } | { categoryId: string; treeItemId: number };

export function toggleTreeNode(params: URLSearchParams, selection: TreeSelection) {
  const selected =
    'orgCode' in selection
      ? params.get('orgCode') === selection.orgCode
      : params.get('categoryId') === selection.categoryId;
  if (selected) return edit(params, { orgCode: undefined, categoryId: undefined, treeItemId: undefined });
  return 'orgCode' in selection
    ? edit(params, { orgCode: selection.orgCode, categoryId: undefined, treeItemId: selection.treeItemId })
    : edit(params, { orgCode: undefined, categoryId: selection.categoryId, treeItemId: selection.treeItemId });
}

/** A sort button: the first click sorts descending, the next ones flip the order; undefined is 综合排序. */
export function toggleSort(params: URLSearchParams, sort: MarketSort | undefined) {
  if (!sort) return edit(params, { sort: undefined, order: undefined });
  const current = readQuery(params);
  const order = current.sort === sort && current.order === 'desc' ? 'asc' : 'desc';
  return edit(params, { sort, order });
}

export function setPage(params: URLSearchParams, pageNo: number, pageSize: number) {
  return edit(
    params,
    { pageNo: pageNo > 1 ? pageNo : undefined, pageSize: pageSize !== PAGE_SIZE ? pageSize : undefined },
    true,
  );
}

/** Clears every filter but keeps the keyword. */
export function clearFilters(params: URLSearchParams) {
  const keyword = params.get('catalogName');
  return keyword ? new URLSearchParams({ catalogName: keyword }) : new URLSearchParams();
}

/** Whether any filter besides the keyword is set. */
export const hasFilters = (query: MarketQuery) => FACETS.some((facet) => query[facet]) || Boolean(query.categoryId);
