import { describe, expect, it } from 'vitest';
import { DEFAULT_COLUMN_WIDTH, SELECTION_WIDTH, tableScrollX } from './table-width';

describe('tableScrollX', () => {
  const columns = [
    { width: 200 },
    { width: 120 },
    {},
    { width: 90, hideInTable: true },
    { width: '20%' },
    { width: 160, key: 'option' },
  ];

  it('adds the shown columns, a default for those without a pixel width', () => {
    expect(tableScrollX(columns, { selectable: false })).toBe(200 + 120 + DEFAULT_COLUMN_WIDTH * 2 + 160);
  });

  it('counts the selection column only when rows can be selected', () => {
    expect(tableScrollX(columns, { selectable: true }) - tableScrollX(columns, { selectable: false })).toBe(
      SELECTION_WIDTH,
    );
  });

  it('leaves out columns hidden by the column settings', () => {
    expect(tableScrollX(columns, { selectable: false, hidden: (c) => c.width === 120 })).toBe(
      200 + DEFAULT_COLUMN_WIDTH * 2 + 160,
    );
  });

  it('makes a 1440 px catalogue list (1104 px of table) fit without scrolling', () => {
    // 目录列表 for an administrator: name, department, key area, open type, frequency, status, time, 操作.
    const catalogue = [190, 120, 96, 96, 80, 130, 130, 230].map((width) => ({ width }));
    expect(tableScrollX(catalogue, { selectable: true })).toBeLessThanOrEqual(1104);
  });
});
