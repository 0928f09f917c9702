import type { Key } from 'react';
import type { ListParams } from './types';

/** A search form's values as filters: blank fields dropped, text trimmed, so `?username=` is never sent. */
export function cleanFilters(values: Record<string, unknown>): Record<string, unknown> {
  const filters: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(values)) {
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    filters[key] = value;
  }
  return filters;
}

/** The part of antd's sorter the list needs; a column's `key` wins over its `dataIndex`. */
export type SorterLike = {
  columnKey?: Key;
  field?: Key | readonly Key[];
  order?: 'ascend' | 'descend' | null;
};

/** antd's sorter (one or several columns) as the spec's `sort` + `order`; only the first column counts. */
export function toSort(sorter: SorterLike | SorterLike[]): Pick<ListParams, 'sort' | 'order'> {
  const first = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!first?.order) return {};
  const field = first.columnKey ?? (Array.isArray(first.field) ? first.field.join('.') : first.field);
  if (field === undefined) return {};
  return { sort: String(field), order: first.order === 'ascend' ? 'asc' : 'desc' };
}

export type ListState = {
  pageNo: number;
  pageSize: number;
  sort?: Pick<ListParams, 'sort' | 'order'>;
  filters: Record<string, unknown>;
};

/** The list call's parameters; filters cannot overwrite paging. */
export function toListParams({ pageNo, pageSize, sort, filters }: ListState): ListParams {
  return { ...filters, ...sort, pageNo, pageSize };
}
