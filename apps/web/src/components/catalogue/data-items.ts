import { type DataItem, DataItemInput, FIELD_DATA_TYPES } from '@odp/contracts';

/** A row of the 信息项 grid: the contract's fields plus a key that survives reordering. */
export type DataItemRow = {
  key: string;
  name: string;
  enName: string | null;
  dataType: string | undefined;
  dataLength: number | null;
  shareProperty: string;
  sharingCondition: string | null;
  openAttribute: string | null;
  primaryKey: boolean;
  nullValue: boolean;
  dataLevel: string | null;
  fieldDescription: string | null;
  masked: boolean;
};

export type DataItemField = Exclude<keyof DataItemRow, 'key'>;

let sequence = 0;
const newKey = () => `new-${Date.now().toString(36)}-${(sequence++).toString(36)}`;

export function newRow(patch: Partial<DataItemRow> = {}): DataItemRow {
  return {
    key: newKey(),
    name: '',
    enName: null,
    dataType: 'C',
    dataLength: null,
    shareProperty: '10',
    sharingCondition: null,
    openAttribute: null,
    primaryKey: false,
    nullValue: true,
    dataLevel: null,
    fieldDescription: null,
    masked: false,
    ...patch,
  };
}

export const addRow = (rows: readonly DataItemRow[], row: DataItemRow = newRow()) => [...rows, row];

export const removeRow = (rows: readonly DataItemRow[], key: string) => rows.filter((row) => row.key !== key);

/** Moves a row one place up or down; a row already at that end stays put. */
export function moveRow(rows: readonly DataItemRow[], key: string, direction: 'up' | 'down'): DataItemRow[] {
  const index = rows.findIndex((row) => row.key === key);
  const target = direction === 'up' ? index - 1 : index + 1;
  if (index < 0 || target < 0 || target >= rows.length) return [...rows];
  const next = [...rows];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

export function updateRow(rows: readonly DataItemRow[], key: string, patch: Partial<DataItemRow>): DataItemRow[] {
  return rows.map((row) => {
    if (row.key !== key) return row;
    const next = { ...row, ...patch };
    // The condition belongs to 有条件共享 only; switching away drops it rather than sending a stale one.
    if (patch.shareProperty !== undefined && patch.shareProperty !== '20') next.sharingCondition = null;
    return next;
  });
}

/** The saved items as grid rows (their ids as keys). */
export function fromDataItems(items: readonly DataItem[] | undefined): DataItemRow[] {
  return [...(items ?? [])]
    .sort((a, b) => a.serialNumber - b.serialNumber)
    .map((item) =>
      newRow({
        key: item.id,
        name: item.name,
        enName: item.enName ?? null,
        dataType: item.dataType,
        dataLength: item.dataLength ?? null,
        shareProperty: item.shareProperty,
        sharingCondition: item.sharingCondition ?? null,
        openAttribute: item.openAttribute ?? null,
        primaryKey: item.primaryKey,
        nullValue: item.nullValue,
        dataLevel: item.dataLevel ?? null,
        fieldDescription: item.fieldDescription ?? null,
        masked: item.masked,
      }),
    );
}

/** The rows as the contract's input: the key dropped, the order being the serial number. */
export const toDataItemInputs = (rows: readonly DataItemRow[]) => rows.map(({ key: _key, ...item }) => item);

/** Messages per row key and field: the contract's rules for one item, plus unique names. */
export function rowIssues(rows: readonly DataItemRow[]): Record<string, Partial<Record<DataItemField, string>>> {
  const issues: Record<string, Partial<Record<DataItemField, string>>> = {};
  const seen = new Set<string>();
  for (const { key, ...item } of rows) {
    const found: Partial<Record<DataItemField, string>> = {};
    const result = DataItemInput.safeParse(item);
    for (const issue of result.error?.issues ?? []) {
      const field = issue.path[0] as DataItemField | undefined;
      if (field && !found[field]) found[field] = issue.message;
    }
    const name = item.name.trim();
    if (name && seen.has(name) && !found.name) found.name = `信息项名称“${name}”重复`;
    if (name) seen.add(name);
    if (Object.keys(found).length > 0) issues[key] = found;
  }
  return issues;
}

const TYPE_LABELS: Record<string, string> = {
  字符型: 'C',
  数值型: 'N',
  日期型: 'D',
  日期时间型: 'DT',
  布尔型: 'B',
  二进制: 'BY',
};

const HEADERS = { name: '信息项名称', enName: '英文名称', dataType: '数据类型', dataLength: '长度' } as const;

/**
 * Rows of an uploaded structure sheet (header 信息项名称 / 英文名称 / 数据类型 / 长度, in any order).
 * 数据类型 may be the Chinese label or the code; unknown types fall back to 字符型. Blank lines are skipped.
 */
export function rowsFromSheet(table: readonly (readonly string[])[]): { rows: DataItemRow[]; error?: string } {
  const headerIndex = table.findIndex((line) => line.some((cell) => cell.trim() === HEADERS.name));
  if (headerIndex < 0) return { rows: [], error: `未找到表头“${HEADERS.name}”，请使用信息项模板` };
  const header = table[headerIndex].map((cell) => cell.trim());
  const col = (label: string) => header.indexOf(label);
  const at = (line: readonly string[], label: string) => {
    const i = col(label);
    return i < 0 ? '' : (line[i] ?? '').trim();
  };
  const codes = new Set<string>(FIELD_DATA_TYPES);
  const rows: DataItemRow[] = [];
  for (const line of table.slice(headerIndex + 1)) {
    const name = at(line, HEADERS.name);
    if (!name) continue;
    const type = at(line, HEADERS.dataType);
    const length = Number.parseInt(at(line, HEADERS.dataLength), 10);
    rows.push(
      newRow({
        name,
        enName: at(line, HEADERS.enName) || null,
        dataType: TYPE_LABELS[type] ?? (codes.has(type.toUpperCase()) ? type.toUpperCase() : 'C'),
        dataLength: Number.isFinite(length) && length > 0 ? length : null,
      }),
    );
  }
  return rows.length > 0 ? { rows } : { rows, error: '文件中没有信息项' };
}
