import { z } from 'zod';
import { OPEN_STAT_DIMS } from './terms.js';

/**
 * One row of 开放统计: `entries` counts catalogued entries (审核通过, not deleted); the other figures
 * are of public entries only (on shelf and open): their data files and documents, rows, downloads, views.
 */
export type OpenStatRow = {
  key: string;
  label: string;
  entries: number;
  openEntries: number;
  files: number;
  rows: number;
  downloads: number;
  views: number;
};

/** The figures of a row without its key and label: what a department, a key area or the whole platform has. */
export type OpenStatFigures = Omit<OpenStatRow, 'key' | 'label'>;

export type OpenStatTable = { rows: OpenStatRow[]; totals: OpenStatFigures };

export const OpenStatExportQuery = z.object({
  dim: z.enum(OPEN_STAT_DIMS, { error: '统计维度须为 department 或 keyArea' }).default('department'),
  _t: z.unknown().optional(),
});

/** Column headers of the table and its export, in order. */
export const OPEN_STAT_COLUMNS: [keyof OpenStatRow, string][] = [
  ['entries', '编目总数'],
  ['openEntries', '开放目录数'],
  ['files', '文件数'],
  ['rows', '数据量（条）'],
  ['downloads', '下载量'],
  ['views', '访问量'],
];

/** One Beijing day of the trend: successful open-API data calls (rows and services) of public entries. */
export type OpenCallDay = { date: string; calls: number };

/**
 * 开放统计's 接口调用 (`/api/openstat/callTrend`): every day of the last `OPEN_CALL_TREND_DAYS`, oldest
 * first and days without calls as zeros, and their sum.
 */
export type OpenCallTrend = { days: OpenCallDay[]; total: number };
