import { z } from 'zod';
import { OPEN_STAT_DIMS } from './terms.js';

/**
 * One row of 开放统计: `entries` counts catalogued entries (审核通过, not deleted); the other figures
 * are of public entries only (on shelf and open): their data files and documents, rows, downloads, views.
 */
export type OpenStatFigures = {
  entries: number;
  openEntries: number;
  files: number;
  rows: number;
  downloads: number;
  views: number;
};

/**
 * A row of the table: the catalogue's figures and `achievements`, the published 应用成果 — of a key
 * area, the results in it; of a department, the results using its entries (each result once).
 */
export type OpenStatRow = { key: string; label: string } & OpenStatFigures & { achievements: number };

/** 应用成果 published, per type of dict `application_type` (every type, zeros included). */
export type OpenStatTypeCount = { key: string; label: string; count: number };

export type OpenStatTable = {
  rows: OpenStatRow[];
  /** Sums of the rows; `achievements` is the number of published results (one using several departments' data counts once). */
  totals: OpenStatFigures & { achievements: number };
  achievementTypes: OpenStatTypeCount[];
};

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
  ['achievements', '应用成果'],
];

/** One Beijing day of the trend: successful open-API data calls (rows and services) of public entries. */
export type OpenCallDay = { date: string; calls: number };

/**
 * 开放统计's 接口调用 (`/api/openstat/callTrend`): every day of the last `OPEN_CALL_TREND_DAYS`, oldest
 * first and days without calls as zeros, and their sum.
 */
export type OpenCallTrend = { days: OpenCallDay[]; total: number };
