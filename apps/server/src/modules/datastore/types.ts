import type { DatastoreType } from '../../db/schema/index.js';

/**
 * When a value can be stored in a column of a type and read back as the very same text. A column
 * is typed only while every value passes, so that a typed column never changes what a visitor
 * downloads ("007" stays text, "1.50" stays "1.50").
 */
const LOSSLESS: Record<Exclude<DatastoreType, 'text' | 'boolean'>, (v: string) => boolean> = {
  numeric: (v) => /^(-?(0\.\d*[1-9]\d*|[1-9]\d{0,30}(\.\d{1,30})?)|0(\.\d{1,30})?)$/.test(v),
  date: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && validDate(v),
  timestamp: (v) => /^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.test(v) && validDate(v.slice(0, 10)),
};

function validDate(v: string): boolean {
  const [y, m, d] = v.split('-').map(Number);
  if (y < 1) return false;
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** Whether every value (empty cells are NULL and always fit) can be held by the type without change. */
export function fits(type: DatastoreType, values: Iterable<string | undefined>): boolean {
  if (type === 'text' || type === 'boolean') return type === 'text';
  const ok = LOSSLESS[type];
  for (const v of values) if (v !== undefined && v !== '' && !ok(v)) return false;
  return true;
}

/** The column type a data item's 数据类型 (dict field_data_type) asks for; text for the rest. */
export function typeOfItem(dataType: string | null | undefined): DatastoreType {
  switch (dataType) {
    case 'N':
      return 'numeric';
    case 'D':
      return 'date';
    case 'DT':
      return 'timestamp';
    default:
      return 'text';
  }
}
