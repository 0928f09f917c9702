/** antd's row-selection column (a checkbox and its padding). */
export const SELECTION_WIDTH = 32;

/** What a column without a declared width is given (a short text or a tag). */
export const DEFAULT_COLUMN_WIDTH = 110;

type Sized = { width?: number | string; hideInTable?: boolean };

/**
 * The table's `scroll.x`: exactly the width its shown columns ask for. Narrower than the page, the
 * columns grow to fill it; wider, the table scrolls and the fixed 操作 column covers what passes under
 * it. So a list that fits its screen must not claim more than it needs: an allowance on top would
 * make it scroll, and hide a column under 操作, on a screen it fits.
 */
export function tableScrollX(columns: Sized[], options: { selectable: boolean; hidden?: (column: Sized) => boolean }) {
  return columns
    .filter((column) => !column.hideInTable && !options.hidden?.(column))
    .reduce(
      (sum, column) => sum + (typeof column.width === 'number' ? column.width : DEFAULT_COLUMN_WIDTH),
      options.selectable ? SELECTION_WIDTH : 0,
    );
}
