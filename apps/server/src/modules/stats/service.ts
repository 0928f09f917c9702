import {
  OPEN_STAT_COLUMNS,
  OPEN_STAT_DIM_LABEL,
  type OpenStatDim,
  type OpenStatRow,
  type OpenStatTable,
} from '@odp/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { type Executor, rowsOf } from '../../db/client.js';
import { neutraliseFormula } from '../files/cells.js';
import { isPublicSql } from '../market/repository.js';
import { keyAreaCounts } from '../portal/home.js';

type Figures = Omit<OpenStatRow, 'key' | 'label'>;
type RawRow = { key: string; label: string | null } & Record<keyof Figures, string | number>;

const FIGURES: (keyof Figures)[] = ['entries', 'openEntries', 'files', 'rows', 'downloads', 'views'];

/**
 * The figures of every entry grouped by `groupBy`; deleted entries count nowhere. The catalogue table
 * is not aliased because the shared public rule refers to it by name.
 */
function figuresBy(groupBy: ReturnType<typeof sql>, label: ReturnType<typeof sql>) {
  return sql`
    select ${groupBy} as key, ${label} as label,
      count(*) filter (where data_catalog.catalog_status = 2)::int as "entries",
      count(*) filter (where ${isPublicSql})::int as "openEntries",
      coalesce(sum(f.n) filter (where ${isPublicSql}), 0)::bigint as "files",
      coalesce(sum(data_catalog.total_num) filter (where ${isPublicSql}), 0)::bigint as "rows",
      coalesce(sum(data_catalog.download_num) filter (where ${isPublicSql}), 0)::bigint as "downloads",
      coalesce(sum(data_catalog.view_num) filter (where ${isPublicSql}), 0)::bigint as "views"
    from data_catalog
    left join sys_depart d on d.org_code = data_catalog.org_code
    left join (
      select catalog_id, count(*) as n from data_catalog_file where deleted_at is null group by catalog_id
    ) f on f.catalog_id = data_catalog.id
    where data_catalog.shelf_status <> 9
    group by ${groupBy}`;
}

function toRow(r: RawRow): OpenStatRow {
  const row = { key: r.key, label: r.label ?? r.key } as OpenStatRow;
  for (const k of FIGURES) row[k] = Number(r[k]);
  return row;
}

function withTotals(rows: OpenStatRow[]): OpenStatTable {
  const totals = Object.fromEntries(FIGURES.map((k) => [k, 0])) as Figures;
  for (const r of rows) for (const k of FIGURES) totals[k] += r[k];
  return { rows, totals };
}

/** 开放统计 per department or district (those with catalogued entries), most open entries first. */
export async function statsByDepartment(db: Executor): Promise<OpenStatTable> {
  const raw = await rowsOf<RawRow>(
    db,
    sql`select * from (${figuresBy(sql`data_catalog.org_code`, sql`max(d.depart_name)`)}) s
      where s."entries" > 0 or s."openEntries" > 0
      order by s."openEntries" desc, s."entries" desc, s.key`,
  );
  return withTotals(raw.map(toRow));
}

/** 开放统计 per key area: all 21 areas of the dictionary, in its order, zeros included. */
export async function statsByKeyArea(db: Executor): Promise<OpenStatTable> {
  const areas = await keyAreaCounts(db);
  const raw = await rowsOf<RawRow>(db, figuresBy(sql`data_catalog.key_areas_type`, sql`null::text`));
  const byKey = new Map(raw.map((r) => [r.key, toRow(r)]));
  const rows = areas.map((a) => {
    const found = byKey.get(a.value);
    return found ? { ...found, label: a.label } : ({ key: a.value, label: a.label, ...zero() } as OpenStatRow);
  });
  return withTotals(rows);
}

const zero = () => Object.fromEntries(FIGURES.map((k) => [k, 0])) as Figures;

/** The table as an .xlsx workbook with a totals row; labels are neutralised against formulas. */
export async function statsWorkbook(db: Executor, dim: OpenStatDim): Promise<Buffer> {
  const table = dim === 'department' ? await statsByDepartment(db) : await statsByKeyArea(db);
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('开放统计');
  sheet.columns = [
    { header: OPEN_STAT_DIM_LABEL[dim], key: 'label', width: 28 },
    ...OPEN_STAT_COLUMNS.map(([key, header]) => ({ header, key, width: 14 })),
  ];
  sheet.getRow(1).font = { bold: true };
  for (const r of table.rows) sheet.addRow({ ...r, label: neutraliseFormula(r.label) });
  const total = sheet.addRow({ ...table.totals, label: '合计' });
  total.font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
