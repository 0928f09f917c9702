import type {
  HomeStatistics,
  OpenCallTrend,
  OpenOverview,
  OpenStatDim,
  OpenStatRow,
  OpenStatTable,
  StatisticTable,
  StatPeriodType,
} from '@odp/contracts';
import { Constants } from '@odp/contracts/constants';
import { http } from './client';
import { saveBlob } from './transfer';

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

/** 开放统计总览: the panels beyond the table (counters, histories, registrations, ratings, search terms, self-assessment). */
export const getOpenOverview = () => http.get<OpenOverview>('/api/openstat/overview');

/** 统计分析: the measures of the caller's departments for a period. */
export type StatisticParams = { periodType: StatPeriodType; period: string; orgCode?: string };
export const getStatistic = (params: StatisticParams) => http.get<StatisticTable>('/api/statistic/departments', params);
export const exportStatistic = async (params: StatisticParams, fileName: string) =>
  saveBlob(await http.download('/api/statistic/export', params), fileName);

/** The back-office home's 统计 widgets (this month). */
export const getHomeStatistics = () => http.get<HomeStatistics>('/api/backgroundhome/statistics');

export const statisticKeys = {
  overview: ['openstat', 'overview'] as const,
  table: (params: StatisticParams) => ['statistic', params] as const,
  home: ['statistic', 'home'] as const,
};
