import type { OpenCallTrend, OpenStatDim, OpenStatRow, OpenStatTable } from '@odp/contracts';
import { Constants } from '@odp/contracts/constants';
import { http } from './client';

/** 开放统计: catalogue figures per department or per key area. */
export type StatsDimension = OpenStatDim;
export type StatsRow = OpenStatRow;
export type OpenStats = OpenStatTable;

const PATHS: Record<StatsDimension, string> = {
  department: '/api/openstat/byDepartment',
  keyArea: '/api/openstat/byKeyArea',
};

export const getOpenStats = (dim: StatsDimension) => http.get<OpenStats>(PATHS[dim]);

/** 接口调用: successful open-API calls per day of the last 30 days, and their sum. */
export const getOpenCallTrend = () => http.get<OpenCallTrend>('/api/openstat/callTrend');

/** The .xlsx export as a plain link, so the browser downloads it itself. */
export const openStatsExportUrl = (dim: StatsDimension) =>
  `${Constants.apiBase}/api/openstat/export?${new URLSearchParams({ dim })}`;

export const statsKeys = {
  all: ['openstat'] as const,
  byDim: (dim: StatsDimension) => ['openstat', dim] as const,
  calls: ['openstat', 'calls'] as const,
};
