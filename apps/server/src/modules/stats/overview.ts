import {
  APPLICATION_TYPES,
  type OpenOverview,
  ORG_TYPE,
  OVERVIEW_MONTHS,
  SEARCH_TERM_DAYS,
  SEARCH_TERM_LIMIT,
  withRates,
} from '@odp/contracts';
import { sql } from 'drizzle-orm';
import { type Db, type Executor, rowsOf } from '../../db/client.js';
import { cityDate } from '../../platform/city-days.js';
import { publishedFigures } from '../achievement/repository.js';
import { lastMonths } from '../home/service.js';
import { figuresIn } from '../market/figures.js';
import {
  calls,
  catalogueStock,
  downloads,
  fileFormats,
  itemsAndCapacity,
  mergeMeasures,
  monthlySeries,
  sumMeasures,
  tickets,
  updates,
  views,
} from './measures.js';

/** How long an instance keeps the overview: the page's figures may lag this much behind the data. */
export const OVERVIEW_TTL_MS = 5 * 60_000;

const DAY_MS = 86_400_000;

/** 注册类型分析: self-registered accounts (those with a profile) not deleted, 个人 (1) and 企业/法人 (2). */
async function registrations(db: Executor) {
  const [r] = await rowsOf<{ personal: string; enterprise: string }>(
    db,
    sql`select count(*) filter (where p.account_type = '1') as personal,
      count(*) filter (where p.account_type = '2') as enterprise
    from sys_user_profile p join sys_user u on u.id = p.user_id where u.deleted_at is null`,
  );
  return { personal: Number(r?.personal ?? 0), enterprise: Number(r?.enterprise ?? 0) };
}

/** 数据评分统计: ratings of public entries by score, 1 to 5 (zeros included). */
async function ratings(db: Executor) {
  const rows = await rowsOf<{ score: number; n: string }>(
    db,
    sql`select r.score, count(*) as n from data_catalog_rating r join data_catalog c on c.id = r.catalog_id
    where c.shelf_status = 2 and c.open_type in ('1', '2') group by r.score`,
  );
  const by = new Map(rows.map((r) => [Number(r.score), Number(r.n)]));
  return [1, 2, 3, 4, 5].map((s) => ({ key: String(s), label: `${s}星`, count: by.get(s) ?? 0 }));
}

/** 关注热度: the most searched terms of the last SEARCH_TERM_DAYS city days. */
async function searchTerms(db: Executor, now: Date) {
  const since = cityDate(new Date(now.getTime() - (SEARCH_TERM_DAYS - 1) * DAY_MS));
  const rows = await rowsOf<{ term: string; n: string }>(
    db,
    sql`select key as term, sum(n) as n from stat_daily where measure = 'search' and day >= ${since}::date
    group by key order by sum(n) desc, key limit ${SEARCH_TERM_LIMIT}`,
  );
  return rows.map((r) => ({ term: r.term, count: Number(r.n) }));
}

/** Providers with public entries: municipal departments and districts (by the department tree's type). */
async function providers(db: Executor, orgCodes: string[]) {
  if (!orgCodes.length) return { departments: 0, districts: 0 };
  const [r] = await rowsOf<{ districts: string; total: string }>(
    db,
    sql`select count(*) filter (where org_type = ${ORG_TYPE.district}) as districts, count(*) as total
    from sys_depart where org_code in (${sql.join(
      orgCodes.map((o) => sql`${o}`),
      sql`, `,
    )})`,
  );
  const districts = Number(r?.districts ?? 0);
  return { departments: orgCodes.length - districts, districts };
}

/** Every panel's figures, computed from kept figures and aggregate statements. */
export async function computeOverview(db: Executor, now = new Date()): Promise<OpenOverview> {
  const { months } = lastMonths(now, OVERVIEW_MONTHS);
  const kept = await figuresIn(db, ['org', 'format']);
  const byOrg = kept.get('org') ?? new Map();
  let openEntries = 0;
  let rows = 0;
  let files = 0;
  let visits = 0;
  const providing: string[] = [];
  for (const [org, f] of byOrg) {
    openEntries += f.openEntries;
    rows += f.rows;
    files += f.files;
    visits += f.views;
    if (f.openEntries > 0) providing.push(org);
  }
  const allTime = { from: '2000-01-01', to: cityDate(new Date(now.getTime() + DAY_MS)) };
  const [stock, items, formats, interaction, published, who] = await Promise.all([
    catalogueStock(db, null, now),
    itemsAndCapacity(db, null),
    fileFormats(db, null),
    tickets(db, allTime, 'org', null),
    publishedFigures(db),
    providers(db, providing),
  ]);
  // The assessment's counts: the stock measures and all-time interaction, summed over departments.
  const assessment = sumMeasures(mergeMeasures([stock, items, formats, interaction]).values());
  assessment.results = published.total;
  const [visitSeries, updateSeries, downloadSeries, callSeries] = await Promise.all([
    monthlySeries(db, views, months),
    monthlySeries(db, updates, months),
    monthlySeries(db, downloads, months),
    monthlySeries(db, calls, months),
  ]);
  return {
    counters: {
      openEntries,
      rows,
      items: assessment.items,
      apis: kept.get('format')?.get('api')?.openEntries ?? 0,
      files,
      results: published.total,
      departments: who.departments,
      districts: who.districts,
      visits,
    },
    months,
    visits: visitSeries,
    updates: updateSeries,
    downloads: downloadSeries,
    calls: callSeries,
    registrations: await registrations(db),
    ratings: await ratings(db),
    searchTerms: await searchTerms(db, now),
    assessment: {
      ...withRates(assessment),
      resultsByType: APPLICATION_TYPES.map((t) => ({
        key: t.value,
        label: t.text,
        count: published.byType.get(t.value) ?? 0,
      })),
    },
    generatedAt: now.toISOString(),
  };
}

type Kept = { at: number; value: Promise<OpenOverview> };
const kept = new WeakMap<Db, Kept>();

/**
 * The overview as this instance last computed it, recomputed once it is OVERVIEW_TTL_MS old: visitors
 * share one computation (also while it runs), so no visitor's request scans a table.
 */
export function openOverview(db: Db, now = Date.now()): Promise<OpenOverview> {
  const entry = kept.get(db);
  if (entry && now - entry.at < OVERVIEW_TTL_MS) return entry.value;
  const value = computeOverview(db);
  kept.set(db, { at: now, value });
  // A failed computation is not kept: the next visitor tries again.
  value.catch(() => kept.get(db)?.value === value && kept.delete(db));
  return value;
}

/** Forgets the kept overview (tests, and after the demo data is loaded). */
export const forgetOverview = (db: Db) => kept.delete(db);
