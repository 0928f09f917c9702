import { CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { EmptyState } from './StateViews';

export type DataColumn<T> = {
  key: string;
  title: ReactNode;
  render: (row: T, index: number) => ReactNode;
  align?: 'left' | 'center' | 'right';
  width?: number;
  /** Makes the column sortable (descending first, then ascending, then unsorted). */
  sortValue?: (row: T) => number | string;
  /** Keeps the column in view while the table scrolls sideways. */
  sticky?: boolean;
};

export type DataTableProps<T> = {
  columns: DataColumn<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string | number;
  /** A last row, e.g. 合计; one cell per column. */
  summary?: ReactNode[];
  /** Caps the height: the body scrolls under a sticky header. */
  maxHeight?: number;
  empty?: ReactNode;
  caption?: string;
  /** Cells stay on one line and the table scrolls sideways (data previews). */
  nowrap?: boolean;
  /**
   * On a phone each row becomes a card of label–value lines instead of a table scrolling sideways
   * (lists of records, whose columns are read per row rather than compared down a column).
   */
  stacked?: boolean;
};

type Sort = { key: string; order: 'descend' | 'ascend' } | null;

export function sortRows<T>(rows: T[], columns: DataColumn<T>[], sort: Sort): T[] {
  const value = sort && columns.find((c) => c.key === sort.key)?.sortValue;
  if (!sort || !value) return rows;
  const factor = sort.order === 'ascend' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    return (
      (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'zh-CN')) * factor
    );
  });
}

const ARIA_SORT = { descend: 'descending', ascend: 'ascending' } as const;

/**
 * A plain table for the public pages (data items, previews, statistics): sticky header, sideways
 * scroll, sortable columns, a summary row. antd's Table would bring Tree, Select, Dropdown and
 * Pagination (some 90 KB gzipped) to pages that need none of them.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  summary,
  maxHeight,
  empty,
  caption,
  nowrap,
  stacked,
}: DataTableProps<T>) {
  const [sort, setSort] = useState<Sort>(null);
  const cycle = (key: string) =>
    setSort((s) =>
      s?.key !== key ? { key, order: 'descend' } : s.order === 'descend' ? { key, order: 'ascend' } : null,
    );
  const sorted = sortRows(rows, columns, sort);
  if (rows.length === 0) return <>{empty ?? <EmptyState />}</>;
  // Columns keep their widths (a column without one gets 160 px) and the box scrolls sideways.
  const minWidth = columns.reduce((sum, c) => sum + (c.width ?? 160), 0);

  // The box scrolls on narrow screens: a keyboard user must be able to focus it to scroll (WCAG 2.1.1).
  return (
    <section
      className={`portal-table${nowrap ? ' is-nowrap' : ''}${stacked ? ' is-stacked' : ''}`}
      style={maxHeight ? { maxHeight } : undefined}
      aria-label={caption ?? '数据表格'}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by Tab to be scrolled with the arrow keys.
      tabIndex={0}
    >
      <table style={{ '--table-min-width': `${minWidth}px` } as CSSProperties}>
        {caption && <caption className="portal-table-caption">{caption}</caption>}
        <colgroup>
          {columns.map((c) => (
            <col key={c.key} style={c.width ? { width: c.width, minWidth: c.width } : undefined} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {columns.map((c) => {
              const order = sort?.key === c.key ? sort.order : undefined;
              return (
                <th
                  key={c.key}
                  scope="col"
                  className={c.sticky ? 'is-sticky' : undefined}
                  style={stacked ? undefined : { textAlign: c.align }}
                  aria-sort={order ? ARIA_SORT[order] : undefined}
                >
                  {c.sortValue ? (
                    <button type="button" className="portal-table-sort" onClick={() => cycle(c.key)}>
                      {c.title}
                      <span className="portal-table-carets" aria-hidden="true">
                        <CaretUpOutlined className={order === 'ascend' ? 'is-on' : undefined} />
                        <CaretDownOutlined className={order === 'descend' ? 'is-on' : undefined} />
                      </span>
                    </button>
                  ) : (
                    c.title
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row, i) => (
            <tr key={rowKey(row, i)}>
              {columns.map((c) => (
                <td
                  key={c.key}
                  className={c.sticky ? 'is-sticky' : undefined}
                  // A stacked row reads label then value, left to right, whatever the column's alignment.
                  style={stacked ? undefined : { textAlign: c.align }}
                  data-label={typeof c.title === 'string' ? c.title : undefined}
                >
                  {c.render(row, i)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {summary && (
          <tfoot>
            <tr>
              {summary.map((cell, i) => (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: one cell per column, in column order
                  key={i}
                  className={columns[i]?.sticky ? 'is-sticky' : undefined}
                  style={{ textAlign: columns[i]?.align }}
                >
                  {cell}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </section>
  );
}
