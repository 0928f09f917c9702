import { type DeptMeasures, UPDATE_STATUS } from '@odp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Executor, rowsOf } from '../../db/client.js';
import { catalogues } from '../../db/schema/index.js';
import { dayStart } from '../../platform/city-days.js';
import { updateStatusSql } from '../collection/update-status.js';

/**
 * The one definition of each measure of 统计分析: one aggregate statement per measure (or per family
 * of measures read from the same rows), grouped by department — or, for what happens in time, by the
 * city's month. The back office's table and export, the home's widgets and the public page's
 * self-assessment all read these; so may the big screen and the indicators' registered calculations.
 *
 * Rules every statement keeps: deleted entries (上架状态 9) count nowhere; "public" is on shelf and open
 * (无条件/有条件开放), as for every portal figure (§4a); a period is [from, to) of city dates (UTC+8).
 */

/** City dates: the period's first day and the day after its last. */
export type Range = { from: string; to: string };
/** How a flow measure is grouped: per department (org_code) or per city month (YYYY-MM). */
export type Grain = 'org' | 'month';
/** An optional department the statement is limited to (a department officer's own). */
export type Only = string | null;

type Counts = Map<string, Record<string, number>>;

/** The catalogue as `c` in every statement, so that shared SQL fragments (更新状态) name it so too. */
const c = alias(catalogues, 'c');
const PUBLIC = sql`(c.shelf_status = 2 and c.open_type in ('1', '2'))`;
const LIVE = sql`c.shelf_status <> 9`;
const onlyOrg = (only: Only, column: SQL = sql`c.org_code`) => (only ? sql` and ${column} = ${only}` : sql``);
const instant = (date: string) => dayStart(date).toISOString();
const between = (column: SQL, r: Range) =>
  sql`${column} >= ${instant(r.from)}::timestamptz and ${column} < ${instant(r.to)}::timestamptz`;
const monthOf = (column: SQL) => sql`to_char(${column} at time zone 'Asia/Shanghai', 'YYYY-MM')`;
const keyOf = (grain: Grain, org: SQL, at: SQL) => (grain === 'org' ? org : monthOf(at));

async function grouped(db: Executor, query: SQL): Promise<Counts> {
  const rows = await rowsOf<Record<string, string | number | null> & { k: string | null }>(db, query);
  const out: Counts = new Map();
  for (const { k, ...rest } of rows) {
    if (k === null) continue;
    out.set(k, Object.fromEntries(Object.entries(rest).map(([name, v]) => [name, Number(v ?? 0)])));
  }
  return out;
}

// --- 当前 (stock) measures: as of `now` -----------------------------------------------------------

/** Entries, public entries, APIs, rows, valid datasets, published and on-time entries per department. */
export function catalogueStock(db: Executor, only: Only, now = new Date()) {
  const status = updateStatusSql(c.updateFrequency, c.dataUpdateTime, now);
  return grouped(
    db,
    sql`select c.org_code as k,
      count(*) filter (where c.catalog_status = 2) as entries,
      count(*) filter (where ${PUBLIC}) as open_entries,
      count(*) filter (where ${PUBLIC} and c.data_format = 'api') as apis,
      coalesce(sum(c.total_num) filter (where ${PUBLIC}), 0) as rows,
      count(*) filter (where ${PUBLIC} and (c.total_num > 0 or c.data_format = 'api')) as valid_entries,
      count(*) filter (where c.shelf_status = 2) as published_entries,
      count(*) filter (where c.shelf_status = 2 and ${status} <> ${UPDATE_STATUS.overdue}) as on_time_entries
    from data_catalog c where ${LIVE}${onlyOrg(only)} group by c.org_code`,
  );
}

/** Data items of public entries and 数据容量 (Σ rows × items) per department. */
export function itemsAndCapacity(db: Executor, only: Only) {
  return grouped(
    db,
    sql`select c.org_code as k, coalesce(sum(i.n), 0) as items, coalesce(sum(c.total_num * i.n), 0) as capacity
    from data_catalog c
    join (select catalog_id, count(*) as n from data_catalog_item group by catalog_id) i on i.catalog_id = c.id
    where ${PUBLIC}${onlyOrg(only)} group by c.org_code`,
  );
}

/** Live files of public entries; of them the data files (machine-readable) and the CSV/JSON ones (open formats). */
export function fileFormats(db: Executor, only: Only) {
  return grouped(
    db,
    sql`select c.org_code as k, count(*) as files,
      count(*) filter (where f.kind = 'data') as machine_files,
      count(*) filter (where f.kind = 'data' and lower(f.file_name) ~ '\\.(csv|json)$') as open_format_files
    from data_catalog_file f join data_catalog c on c.id = f.catalog_id
    where f.deleted_at is null and ${PUBLIC}${onlyOrg(only)} group by c.org_code`,
  );
}

// --- 本期 (flow) measures: what happened in a range, by department or by month ---------------------

/** Public entries first released in the range. */
export function released(db: Executor, r: Range, grain: Grain, only: Only) {
  return grouped(
    db,
    sql`select ${keyOf(grain, sql`c.org_code`, sql`c.release_time`)} as k, count(*) as released
    from data_catalog c where ${PUBLIC} and ${between(sql`c.release_time`, r)}${onlyOrg(only)} group by 1`,
  );
}

/** Data updates: data files uploaded (even if later replaced) and table syncs that succeeded, of live entries. */
export function updates(db: Executor, r: Range, grain: Grain, only: Only) {
  return grouped(
    db,
    sql`select ${keyOf(grain, sql`c.org_code`, sql`e.at`)} as k, count(*) as updates
    from (
      select catalog_id, created_at as at from data_catalog_file
        where kind = 'data' and ${between(sql`created_at`, r)}
      union all
      select catalog_id, finished_at from ds_sync_log where outcome = 'ok' and ${between(sql`finished_at`, r)}
    ) e join data_catalog c on c.id = e.catalog_id
    where ${LIVE}${onlyOrg(only)} group by 1`,
  );
}

/** Downloads of live entries (one row per download). */
export function downloads(db: Executor, r: Range, grain: Grain, only: Only) {
  return grouped(
    db,
    sql`select ${keyOf(grain, sql`c.org_code`, sql`d.created_at`)} as k, count(*) as downloads
    from data_catalog_download d join data_catalog c on c.id = d.catalog_id
    where ${between(sql`d.created_at`, r)} and ${LIVE}${onlyOrg(only)} group by 1`,
  );
}

/** Successful open-API data calls on live entries (open_call_daily's city days). */
export function calls(db: Executor, r: Range, grain: Grain, only: Only) {
  const key = grain === 'org' ? sql`c.org_code` : sql`to_char(d.day, 'YYYY-MM')`;
  return grouped(
    db,
    sql`select ${key} as k, coalesce(sum(d.calls), 0) as calls
    from open_call_daily d join data_catalog c on c.id = d.catalog_id
    where d.day >= ${r.from}::date and d.day < ${r.to}::date and ${LIVE}${onlyOrg(only)} group by 1`,
  );
}

/** Detail views of entries, kept per department and day in stat_daily (from the view counter's batches). */
export function views(db: Executor, r: Range, grain: Grain, only: Only) {
  const key = grain === 'org' ? sql`s.key` : sql`to_char(s.day, 'YYYY-MM')`;
  return grouped(
    db,
    sql`select ${key} as k, coalesce(sum(s.n), 0) as views from stat_daily s
    where s.measure = 'view' and s.day >= ${r.from}::date and s.day < ${r.to}::date${onlyOrg(only, sql`s.key`)}
    group by 1`,
  );
}

/**
 * Interaction tickets submitted in the range (drafts aside), by the replying department else the routed
 * one, as the desk's own figures count them (interaction/repository `figureRows`); the bureau's desk
 * without a department has no row.
 */
export function tickets(db: Executor, r: Range, grain: Grain, only: Only) {
  const org = sql`coalesce(t.reply_org_code, t.org_code)`;
  return grouped(
    db,
    sql`select ${keyOf(grain, org, sql`t.submitted_at`)} as k, count(*) as received,
      count(t.first_replied_at) as replied, count(*) filter (where t.reply_on_time) as replied_on_time
    from interaction_ticket t where t.status <> 9 and ${between(sql`t.submitted_at`, r)}${onlyOrg(only, org)}
    group by 1`,
  );
}

/** 应用成果 published in the range that use the department's entries (each result once per department). */
export function results(db: Executor, r: Range, grain: Grain, only: Only) {
  return grouped(
    db,
    sql`select ${keyOf(grain, sql`c.org_code`, sql`a.published_at`)} as k, count(distinct a.id) as results
    from achievement a join achievement_dataset d on d.achievement_id = a.id join data_catalog c on c.id = d.catalog_id
    where a.status = '2' and a.deleted_at is null and ${between(sql`a.published_at`, r)}${onlyOrg(only)}
    group by 1`,
  );
}

// --- putting them together ---------------------------------------------------------------------------

const ZERO: Omit<DeptMeasures, 'orgCode' | 'departName'> = {
  entries: 0,
  openEntries: 0,
  items: 0,
  apis: 0,
  files: 0,
  machineFiles: 0,
  openFormatFiles: 0,
  rows: 0,
  validEntries: 0,
  capacity: 0,
  onTimeEntries: 0,
  publishedEntries: 0,
  released: 0,
  updates: 0,
  downloads: 0,
  calls: 0,
  views: 0,
  received: 0,
  replied: 0,
  repliedOnTime: 0,
  results: 0,
};
export type MeasureCounts = typeof ZERO;
export const zeroMeasures = (): MeasureCounts => ({ ...ZERO });

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Every measure of every department (or `only` one) with anything to count, keyed by org_code. */
export async function measuresByDepartment(
  db: Executor,
  r: Range,
  only: Only,
  now = new Date(),
): Promise<Map<string, MeasureCounts>> {
  const parts = await Promise.all([
    catalogueStock(db, only, now),
    itemsAndCapacity(db, only),
    fileFormats(db, only),
    released(db, r, 'org', only),
    updates(db, r, 'org', only),
    downloads(db, r, 'org', only),
    calls(db, r, 'org', only),
    views(db, r, 'org', only),
    tickets(db, r, 'org', only),
    results(db, r, 'org', only),
  ]);
  return mergeMeasures(parts);
}

/** Measures read by separate statements, merged into one row per key (org_code or month). */
export function mergeMeasures(parts: Counts[]): Map<string, MeasureCounts> {
  const out = new Map<string, MeasureCounts>();
  for (const part of parts) {
    for (const [org, values] of part) {
      const row = out.get(org) ?? zeroMeasures();
      for (const [name, v] of Object.entries(values)) (row as Record<string, number>)[camel(name)] = v;
      out.set(org, row);
    }
  }
  return out;
}

/** Sums of department rows (counts only; rates are derived from the sums). */
export function sumMeasures(rows: Iterable<MeasureCounts>): MeasureCounts {
  const total = zeroMeasures();
  for (const row of rows) for (const k of Object.keys(total) as (keyof MeasureCounts)[]) total[k] += row[k];
  return total;
}

/** Per city month of `months` (oldest first), a flow measure's counts; 0 for a month without any. */
export async function monthlySeries(
  db: Executor,
  measure: (db: Executor, r: Range, grain: Grain, only: Only) => Promise<Counts>,
  months: string[],
  only: Only = null,
): Promise<number[]> {
  const last = months[months.length - 1];
  const [y, m] = last.split('-').map(Number);
  const to = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
  const counts = await measure(db, { from: `${months[0]}-01`, to }, 'month', only);
  return months.map((month) => {
    const values = counts.get(month);
    return values ? Number(Object.values(values)[0]) : 0;
  });
}
