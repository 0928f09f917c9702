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
export type IndexSources = {
  all: Figures;
  format: Map<string, Figures>;
  providers: number;
  apiCalls: number;
  /** Published 应用成果, kept in `portal_figure` (dim `ach`) by the results' own transitions. */
  achievements: number;
};

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
 * 调用量: downloads and successful open-API calls of public open data, summed from the entries'
 * counters so that the home page, the rankings and the statistics agree.
 */
export const countCalls: IndexCounter = (src) => src.all.downloads + src.apiCalls;

/**
 * Open-API calls of public entries: only entries that were ever called are in the partial index
 * data_catalog_public_call_idx, so this reads those, not the catalogue.
 */
async function publicApiCalls(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${c.callNum}), 0)` })
    .from(c)
    .where(and(isPublicSql, sql`${c.callNum} > 0`));
  return Number(row?.n ?? 0);
}

/** The sources of every home counter, in three reads. */
export async function indexSources(db: Executor, providers: () => Promise<number>): Promise<IndexSources> {
  const figures = await figuresIn(db, ['all', 'format', 'ach']);
  return {
    all: figures.get('all')?.get('') ?? { ...NO_FIGURES },
    format: figures.get('format') ?? new Map(),
    providers: await providers(),
    apiCalls: await publicApiCalls(db),
    achievements: figures.get('ach')?.get('')?.openEntries ?? 0,
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

const calledPublic = sql`${isPublicSql} and ${c.callNum} > 0`;
const byCalls = (db: Executor, name: string) =>
  selectCards(db)
    .where(calledPublic)
    .orderBy(sql`${c.callNum} desc`, sql`${c.id} desc`)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name);

/** 接口排名: public entries by successful open-API calls (only those ever called). */
export async function apiCallRanking(db: Db, q: DownloadRankQuery): Promise<Page<MarketCard>> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(c).where(calledPublic);
  const rows = await preparedOnce(db, 'home_api_call_rank', byCalls).execute({
    limit: q.pageSize,
    offset: (q.pageNo - 1) * q.pageSize,
  });
  return toPage(
    rows.map((r) => presentCard(r, [])),
    Number(n),
    q,
  );
}
