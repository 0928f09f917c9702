import type { MyServiceItem } from '@/api/open-apply';

/** The tag of a service: 使用中 while it reads data, else why not. */
export function serviceState(item: Pick<MyServiceItem, 'live' | 'status' | 'statusLabel' | 'appId'>): string {
  if (item.live) return '使用中';
  if (item.status === '3' && !item.appId) return '待选择应用';
  if (item.status === '3') return '未到使用期';
  return item.statusLabel;
}

/** Today's share of the daily quota, 0–100, or null when there is no quota to measure against. */
export function quotaPercent(used: number | null | undefined, quota: number | null | undefined): number | null {
  if (!quota || quota <= 0) return null;
  return Math.min(100, Math.max(0, Math.round(((used ?? 0) / quota) * 100)));
}

type Row = Record<string, unknown>;

const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The first `limit` rows of a 接口测试 answer, when the body is the open data API's JSON
 * (`{ result: { rows, total } }`), with their columns; null when it is something else (CSV, an error).
 */
export function testRows(body: string, limit: number): { columns: string[]; rows: Row[]; total: number | null } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const result = isRow(parsed) && isRow(parsed.result) ? parsed.result : null;
  if (!result || !Array.isArray(result.rows)) return null;
  const rows = result.rows.filter(isRow).slice(0, limit);
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return { columns, rows, total: typeof result.total === 'number' ? result.total : null };
}

/** The message of an error answer (`{ message }`), for the line above the body. */
export function messageOf(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    return isRow(parsed) && typeof parsed.message === 'string' ? parsed.message : null;
  } catch {
    return null;
  }
}
