import type { DownloadRankQuery, KeyAreaCount, MarketCard, Page, RecentOpenQuery } from '@odp/contracts';
import { SEARCH_TOTAL_CAP, toPage } from '@odp/contracts';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, preparedOnce } from '../../db/client.js';
import { catalogues, dictItems, dicts } from '../../db/schema/index.js';
import { type Figures, figureOf, figuresBy, figuresIn, NO_FIGURES } from '../market/figures.js';
import { isPublicSql, selectCards } from '../market/repository.js';
import { marketPage, presentCard } from '../market/service.js';
import type { IndexCounter } from './service.js';

const c = catalogues;

/** What the home counters are computed from: the kept figures and the number of data providers. */
export type IndexSources = { all: Figures; format: Map<string, Figures>; providers: number };

const formatOf = (src: IndexSources, format: string) => src.format.get(format)?.openEntries ?? 0;

/** 数据目录: public entries. */
export const countPublicCatalogues: IndexCounter = (src) => src.all.openEntries;
/** 数据接口: public entries served as an API. */
export const countPublicApis: IndexCounter = (src) => formatOf(src, 'api');
/** 数据库表: public entries mounted as tables. */
export const countPublicTables: IndexCounter = (src) => formatOf(src, 'table');
/** 数据量: rows of the public entries' data. */
export const countPublicRows: IndexCounter = (src) => src.all.rows;
/**
 * 调用量: downloads of public open data (API calls join when the gateway lands), summed from the
 * entries' counters so that the home page, the download ranking and the statistics agree.
 */
export const countDownloads: IndexCounter = (src) => src.all.downloads;

/** The sources of every home counter, in two reads. */
export async function indexSources(db: Executor, providers: () => Promise<number>): Promise<IndexSources> {
  const figures = await figuresIn(db, ['all', 'format']);
  return {
    all: figures.get('all')?.get('') ?? { ...NO_FIGURES },
    format: figures.get('format') ?? new Map(),
    providers: await providers(),
  };
}

/** The key areas of dict key_areas_type, in dictionary order (enabled items only). */
export async function keyAreas(db: Executor): Promise<{ value: string; label: string }[]> {
  return db
    .select({ value: dictItems.itemValue, label: dictItems.itemText })
    .from(dictItems)
    .innerJoin(dicts, eq(dicts.id, dictItems.dictId))
    .where(and(eq(dicts.dictCode, 'key_areas_type'), eq(dictItems.status, 1)))
    .orderBy(asc(dictItems.sortOrder));
}

/** The 21 key areas of dict key_areas_type, in dictionary order, each with its number of public entries. */
export async function keyAreaCounts(db: Executor): Promise<KeyAreaCount[]> {
  const areas = await keyAreas(db);
  const figures = await figuresBy(db, 'area');
  return areas.map((a) => ({ ...a, count: figures.get(a.value)?.openEntries ?? 0 }));
}

/**
 * A home list in a fixed order over every public entry, prepared once: the home page asks for these
 * on every visit, and building and planning the statement cost more than reading its six rows.
 */
function orderedPublic(order: SQL[]) {
  return (db: Executor, name: string) =>
    selectCards(db)
      .where(isPublicSql)
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
}

const byUpdate = orderedPublic([sql`${c.dataUpdateTime} desc nulls last`, sql`${c.id} desc`]);
const byDownloads = orderedPublic([
  sql`${c.downloadNum} desc`,
  sql`${c.releaseTime} desc nulls last`,
  sql`${c.id} desc`,
]);

async function publicPage(db: Db, q: { pageNo: number; pageSize: number }, name: string, build: typeof byUpdate) {
  const n = Math.min((await figureOf(db, 'all')).openEntries, SEARCH_TOTAL_CAP);
  const offset = (q.pageNo - 1) * q.pageSize;
  const rows = await preparedOnce(db, name, build).execute({ limit: q.pageSize, offset });
  return toPage(
    rows.map((r) => presentCard(r, [])),
    Number(n),
    q,
  );
}

/** 最新开放 (the catalogue's own first page, with its kept order) / 最近更新. */
export async function recentOpenData(db: Db, q: RecentOpenQuery): Promise<Page<MarketCard>> {
  if (q.orderBy === 'releaseTime') {
    const { totalCapped: _capped, ...page } = await marketPage(db, { pageNo: q.pageNo, pageSize: q.pageSize });
    return page;
  }
  return publicPage(db, q, 'home_recent_updated', byUpdate);
}

/** 下载排名. */
export function downloadRanking(db: Db, q: DownloadRankQuery): Promise<Page<MarketCard>> {
  return publicPage(db, q, 'home_download_rank', byDownloads);
}
