import { z } from 'zod';

const intFrom = (fallback: number, max: number) =>
  z.coerce
    .number({ error: '必须是数字' })
    .int('必须是整数')
    .min(1, '必须大于 0')
    .max(max, `不能超过 ${max}`)
    .default(fallback);

/** One tile of the home page's 21 key areas (dict key_areas_type) with its number of public entries. */
export type KeyAreaCount = { value: string; label: string; count: number };

export const RecentOpenQuery = z.object({
  pageNo: intFrom(1, 100),
  pageSize: intFrom(6, 50),
  /** 最新开放 (releaseTime) or 最近更新 (dataUpdateTime). */
  orderBy: z
    .enum(['releaseTime', 'dataUpdateTime'], { error: '排序须为 releaseTime 或 dataUpdateTime' })
    .default('releaseTime'),
  _t: z.unknown().optional(),
});
export type RecentOpenQuery = z.infer<typeof RecentOpenQuery>;

export const DownloadRankQuery = z.object({
  pageNo: intFrom(1, 100),
  pageSize: intFrom(10, 50),
  _t: z.unknown().optional(),
});
export type DownloadRankQuery = z.infer<typeof DownloadRankQuery>;

/** Content types of the site-wide search; other capabilities add theirs. */
export const SEARCH_TYPES = ['catalogue'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SEARCH_TYPE_LABEL: Record<SearchType, string> = { catalogue: '数据目录' };

export const SiteSearchQuery = z.object({
  search: z.string().trim().min(1, '请输入搜索内容').max(100, '搜索内容不能超过 100 个字符'),
  type: z.enum(SEARCH_TYPES, { error: '不支持的搜索类型' }).default('catalogue'),
  pageNo: intFrom(1, 1000),
  pageSize: intFrom(10, 50),
  _t: z.unknown().optional(),
});
export type SiteSearchQuery = z.infer<typeof SiteSearchQuery>;

/** A tab of the search page: its type, label and how many results it holds (capped like the catalogue). */
export type SearchTab = { type: SearchType; label: string; total: number; totalCapped: boolean };
