import type { Rng } from '../random.js';

/** One column of a generated data file; it is also the entry's data item (信息项) of the same name. */
export type Column = {
  /** Chinese header, identical to the data item's name. */
  name: string;
  enName: string;
  dataType: 'C' | 'N' | 'D' | 'DT' | 'B';
  dataLength: number;
  primaryKey?: boolean;
  /** 脱敏: personal data shown masked in public previews. */
  masked?: boolean;
  /** 不予共享: never given to another department, even when the entry is shared. */
  notShared?: boolean;
  description?: string;
};

export type Cell = string | number;

export type DatasetContext = {
  /** Today in China (UTC midnight of the calendar date): dated series end yesterday. */
  today: Date;
};

/** A generated data file: deterministic for a given seed and day. */
export type Dataset = {
  key: string;
  fileName: string;
  columns: readonly Column[];
  rows(rng: Rng, ctx: DatasetContext): Cell[][];
};

const needsQuotes = /[",\r\n]/;

function cell(v: Cell): string {
  const s = typeof v === 'number' ? String(v) : v;
  return needsQuotes.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** RFC 4180 CSV with a UTF-8 BOM (so that spreadsheet programs open the original correctly). */
export function toCsv(columns: readonly Column[], rows: readonly Cell[][]): string {
  const lines = [columns.map((c) => cell(c.name)).join(',')];
  for (const r of rows) lines.push(r.map(cell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export const col = (
  name: string,
  enName: string,
  dataType: Column['dataType'],
  dataLength: number,
  extra: Omit<Column, 'name' | 'enName' | 'dataType' | 'dataLength'> = {},
): Column => ({ name, enName, dataType, dataLength, ...extra });

/** Standard location columns. */
export const LNG = col('经度', 'longitude', 'N', 12, { description: 'WGS-84 坐标系经度，保留 6 位小数' });
export const LAT = col('纬度', 'latitude', 'N', 12, { description: 'WGS-84 坐标系纬度，保留 6 位小数' });
export const DISTRICT = col('所属区县', 'district', 'C', 20, { description: '所在区、县名称' });
export const ADDRESS = col('地址', 'address', 'C', 200, { description: '详细地址' });
export const PHONE = col('联系电话', 'phone', 'C', 20, { masked: true, description: '对外联系电话，公开展示时脱敏' });

/** Picks n distinct values built by `make`, giving up after a bounded number of tries. */
export function distinct<T>(n: number, make: () => T, key: (v: T) => string = String): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (let tries = 0; out.length < n && tries < n * 50; tries++) {
    const v = make();
    const k = key(v);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(v);
  }
  return out;
}

/** A name not used yet: as given, else with the prefix (a district), else null (skip the row). */
export function freshName(used: Set<string>, name: string, prefix: string): string | null {
  for (const candidate of [name, `${prefix}${name}`]) {
    if (!used.has(candidate)) {
      used.add(candidate);
      return candidate;
    }
  }
  return null;
}
