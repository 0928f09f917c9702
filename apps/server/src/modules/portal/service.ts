import { type IndexNum, ORG_TYPE, type SiteConfigMap } from '@odp/contracts';
import { and, asc, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { departs, siteConfig } from '../../db/schema/index.js';
import {
  countCalls,
  countPublicApis,
  countPublicCatalogues,
  countPublicRows,
  countPublicTables,
  type IndexSources,
  indexSources,
} from './home.js';

/** One headline number of the portal home, computed from the figures read once per request. */
export type IndexCounter = (src: IndexSources) => number;

/** Departments and districts that provide data (the city root itself is not counted). */
export async function countDataProviders(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(departs)
    .where(and(isNull(departs.deletedAt), inArray(departs.orgType, [ORG_TYPE.department, ORG_TYPE.district])));
  return Number(row.count);
}

/** The counters behind each number; every catalogue figure counts public entries only. */
export const INDEX_COUNTERS: Record<keyof IndexNum, IndexCounter> = {
  departNum: (src) => src.providers,
  catalogNum: countPublicCatalogues,
  apiNum: countPublicApis,
  tableNum: countPublicTables,
  dataNum: countPublicRows,
  callNum: countCalls,
  achievementNum: (src) => src.achievements,
};

export async function indexNum(db: Db): Promise<IndexNum> {
  const src = await indexSources(db, () => countDataProviders(db));
  const result = {} as IndexNum;
  for (const key of Object.keys(INDEX_COUNTERS) as (keyof IndexNum)[]) result[key] = INDEX_COUNTERS[key](src);
  return result;
}

/** Every portal setting by key (footer, sponsor, filing codes, external links). */
export async function siteSettings(db: Db): Promise<SiteConfigMap> {
  const rows = await db
    .select({ key: siteConfig.key, value: siteConfig.value })
    .from(siteConfig)
    .orderBy(asc(siteConfig.key));
  const settings: SiteConfigMap = {};
  for (const row of rows) settings[row.key] = row.value;
  return settings;
}
