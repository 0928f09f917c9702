import { CATALOGUE_FIRST_PAGE } from '@odp/contracts/constants';
import { describe, expect, it } from 'vitest';
import {
  clearFilters,
  filtersOf,
  hasFilters,
  readQuery,
  setKeyword,
  setPage,
  toggleFacet,
  toggleSort,
  toggleTreeNode,
} from './query-params';

const url = (search: string) => new URLSearchParams(search);

describe('readQuery (address → list query)', () => {
  it('starts at page 1 with no filter', () => {
    expect(readQuery(url(''))).toEqual({ pageNo: 1, pageSize: 10 });
  });

  it('reads the plain address as the query the server writes into that page, under the same key', () => {
    const query = readQuery(url(''));
    expect(query).toStrictEqual({ ...CATALOGUE_FIRST_PAGE });
    expect(filtersOf(query)).toStrictEqual({});
  });

  it('maps every facet and the keyword to the server fields', () => {
    const query = readQuery(
      url(
        'catalogName=+公交 站点+&dataFormat=file&shareType=10&openType=1&keyAreasType=6&updateFrequency=1&orgCode=A01&pageNo=3',
      ),
    );
    expect(query).toEqual({
      pageNo: 3,
      pageSize: 10,
      catalogName: '公交 站点',
      dataFormat: 'file',
      shareType: '10',
      openType: '1',
      keyAreasType: '6',
      updateFrequency: '1',
      orgCode: 'A01',
    });
    expect(filtersOf(query)).toEqual({
      catalogName: '公交 站点',
      dataFormat: 'file',
      shareType: '10',
      openType: '1',
      keyAreasType: '6',
      updateFrequency: '1',
      orgCode: 'A01',
    });
  });

  it('drops what the server would refuse', () => {
    expect(readQuery(url('sort=catalogName;drop&order=up&pageNo=-2&pageSize=1000&treeItemId=2&foo=1'))).toEqual({
      pageNo: 1,
      pageSize: 10,
    });
    expect(readQuery(url('sort=viewNum&order=sideways'))).toMatchObject({ sort: 'viewNum', order: 'desc' });
    expect(readQuery(url('categoryId=c1&treeItemId=7'))).toEqual({ pageNo: 1, pageSize: 10, categoryId: 'c1' });
    expect(readQuery(url('categoryId=c1&treeItemId=1'))).toMatchObject({ categoryId: 'c1', treeItemId: 1 });
  });
});

describe('facet and tree clicks', () => {
  it('selects a facet value, replaces it, and clears it on a second click', () => {
    let params = url('catalogName=交通&pageNo=4');
    params = toggleFacet(params, 'openType', '1');
    expect(params.toString()).toBe(`catalogName=${encodeURIComponent('交通')}&openType=1`);
    params = toggleFacet(params, 'openType', '2');
    expect(params.get('openType')).toBe('2');
    params = toggleFacet(params, 'openType', '2');
    expect(params.has('openType')).toBe(false);
    expect(params.get('catalogName')).toBe('交通');
  });

  it('a department node filters by department, a category node by category, and a second click clears', () => {
    let params = toggleTreeNode(url('pageNo=2'), { orgCode: 'A01', treeItemId: 2 });
    expect(readQuery(params)).toEqual({ pageNo: 1, pageSize: 10, orgCode: 'A01', treeItemId: 2 });
    params = toggleTreeNode(params, { categoryId: 'c9', treeItemId: 1 });
    expect(readQuery(params)).toEqual({ pageNo: 1, pageSize: 10, categoryId: 'c9', treeItemId: 1 });
    params = toggleTreeNode(params, { categoryId: 'c9', treeItemId: 1 });
    expect(readQuery(params)).toEqual({ pageNo: 1, pageSize: 10 });
  });

  it('the 数源部门 facet and the department tree are the same filter', () => {
    const params = toggleFacet(url(''), 'orgCode', 'A01');
    expect(toggleTreeNode(params, { orgCode: 'A01', treeItemId: 2 }).has('orgCode')).toBe(false);
    // A facet click picks exactly that department, not the tree's subtree.
    const fromTree = toggleTreeNode(url(''), { orgCode: 'A01', treeItemId: 3 });
    expect(readQuery(toggleFacet(fromTree, 'orgCode', 'B02'))).toEqual({ pageNo: 1, pageSize: 10, orgCode: 'B02' });
    expect(readQuery(toggleFacet(fromTree, 'orgCode', 'A01'))).toEqual({ pageNo: 1, pageSize: 10 });
  });

  it('sorts descending first, then flips; 综合 clears', () => {
    let params = toggleSort(url('pageNo=5'), 'downloadNum');
    expect(readQuery(params)).toMatchObject({ sort: 'downloadNum', order: 'desc', pageNo: 1 });
    params = toggleSort(params, 'downloadNum');
    expect(readQuery(params)).toMatchObject({ sort: 'downloadNum', order: 'asc' });
    params = toggleSort(params, 'scoreAvg');
    expect(readQuery(params)).toMatchObject({ sort: 'scoreAvg', order: 'desc' });
    expect(readQuery(toggleSort(params, undefined)).sort).toBeUndefined();
  });

  it('keeps filters when paging, and goes back to page 1 on a new keyword', () => {
    const params = setPage(url('openType=1'), 3, 20);
    expect(readQuery(params)).toMatchObject({ openType: '1', pageNo: 3, pageSize: 20 });
    expect(readQuery(setKeyword(params, ' 医院 '))).toMatchObject({ catalogName: '医院', pageNo: 1 });
    expect(setKeyword(params, '  ').has('catalogName')).toBe(false);
  });

  it('clears the filters but keeps the keyword', () => {
    const params = url('catalogName=学校&openType=1&orgCode=A01&sort=viewNum');
    expect(hasFilters(readQuery(params))).toBe(true);
    expect(readQuery(clearFilters(params))).toEqual({ pageNo: 1, pageSize: 10, catalogName: '学校' });
    expect(hasFilters(readQuery(clearFilters(params)))).toBe(false);
  });
});
