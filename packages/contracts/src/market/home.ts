import { z } from 'zod';
import { positiveInt, requiredText } from '../core/fields.js';
import { SEARCH_TYPES, type SearchType } from './terms.js';

/** One tile of the home page's 21 key areas (dict key_areas_type) with its number of public entries. */
export type KeyAreaCount = { value: string; label: string; count: number };

export const RecentOpenQuery = z.object({
  pageNo: positiveInt(1, 100),
  pageSize: positiveInt(6, 50),
  /** 最新开放 (releaseTime) or 最近更新 (dataUpdateTime). */
  orderBy: z
    .enum(['releaseTime', 'dataUpdateTime'], { error: '排序须为 releaseTime 或 dataUpdateTime' })
    .default('releaseTime'),
  _t: z.unknown().optional(),
});
export type RecentOpenQuery = z.infer<typeof RecentOpenQuery>;

export const DownloadRankQuery = z.object({
  pageNo: positiveInt(1, 100),
  pageSize: positiveInt(10, 50),
  _t: z.unknown().optional(),
});
export type DownloadRankQuery = z.infer<typeof DownloadRankQuery>;

export const SiteSearchQuery = z.object({
  search: requiredText('搜索内容', 100),
  type: z.enum(SEARCH_TYPES, { error: '不支持的搜索类型' }).default('catalogue'),
  pageNo: positiveInt(1, 1000),
  pageSize: positiveInt(10, 50),
  _t: z.unknown().optional(),
});
export type SiteSearchQuery = z.infer<typeof SiteSearchQuery>;

/** A tab of the search page: its type, label and how many results it holds (capped like the catalogue). */
export type SearchTab = { type: SearchType; label: string; total: number; totalCapped: boolean };
