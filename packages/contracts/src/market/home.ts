import { z } from 'zod';
import type { Page } from '../core/envelope.js';
import { positiveInt, requiredText } from '../core/fields.js';
import type { MarketPage } from './market.js';
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

/**
 * One hit of a type that is not a catalogue entry (a result, a news item, a document, a question, a
 * replied ticket). `highlight` holds the title and summary HTML-escaped with the matched terms in
 * bare `<em>`; `href` is a portal address.
 */
export type SearchHit = {
  id: string;
  title: string;
  summary: string | null;
  highlight?: { title?: string; summary?: string };
  href: string;
  /** What the hit is within its type (新闻动态, 帮助文档, 数据纠错…). */
  tag: string | null;
  /** Who published or answered it. */
  source: string | null;
  date: string | null;
};
export type SearchHitPage = Page<SearchHit> & { totalCapped: boolean };

/** The site search's answer: the tabs with their totals, and the chosen tab's page in its shape. */
export type SiteSearchResult = { tabs: SearchTab[] } & (
  | { kind: 'cards'; page: MarketPage }
  | { kind: 'hits'; page: SearchHitPage }
);
