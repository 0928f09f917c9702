import { describe, expect, it } from 'vitest';
import { cleanFilters, toListParams, toSort } from './list-params';

describe('list params', () => {
  it('drops blank filters and trims text', () => {
    expect(
      cleanFilters({ username: ' admin ', realname: '', phone: undefined, status: '2', orgCode: null, ids: [] }),
    ).toEqual({ username: 'admin', status: '2' });
  });

  it('maps antd sorters to sort + order', () => {
    expect(toSort({ field: 'createTime', order: 'descend' })).toEqual({ sort: 'createTime', order: 'desc' });
    expect(toSort({ columnKey: 'name', field: 'realname', order: 'ascend' })).toEqual({ sort: 'name', order: 'asc' });
    expect(toSort([{ field: 'a', order: null }])).toEqual({});
  });

  it('never lets a filter overwrite paging', () => {
    expect(toListParams({ pageNo: 2, pageSize: 20, filters: { pageNo: 9, username: 'x' } })).toEqual({
      pageNo: 2,
      pageSize: 20,
      username: 'x',
    });
  });
});
