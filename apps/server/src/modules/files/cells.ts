/** Cells that look like numbers are data, not formulas, even with a leading sign. */
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Spreadsheet formula injection: a cell starting with = + - @ (or a tab / carriage return that
 * spreadsheets strip) is prefixed with ' so that it is shown as text, never evaluated.
 */
export function neutraliseFormula(value: string): string {
  if (!value) return value;
  if (!/^[=+\-@\t\r]/.test(value)) return value;
  if (NUMBER.test(value)) return value;
  return `'${value}`;
}

export const looksLikeFormula = (value: string) => neutraliseFormula(value) !== value;
