import {
  OPEN_STAT_COLUMNS,
  OPEN_STAT_DIM_LABEL,
  type OpenStatDim,
  type OpenStatRow,
  type OpenStatTable,
} from '@odp/contracts';
import { inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Executor } from '../../db/client.js';
import { departs } from '../../db/schema/index.js';
import { neutraliseFormula } from '../files/cells.js';
import { type Figures, figuresBy, NO_FIGURES } from '../market/figures.js';
import { keyAreas } from '../portal/home.js';

const FIGURES: (keyof Figures)[] = ['entries', 'openEntries', 'files', 'rows', 'downloads', 'views'];

function withTotals(rows: OpenStatRow[]): OpenStatTable {
  const totals = { ...NO_FIGURES };
  for (const r of rows) for (const k of FIGURES) totals[k] += r[k];
  return { rows, totals };
}

/** 开放统计 per department or district (those with catalogued entries), most open entries first. */
export async function statsByDepartment(db: Executor): Promise<OpenStatTable> {
  const figures = [...(await figuresBy(db, 'org'))].filter(([, x]) => x.entries > 0 || x.openEntries > 0);
  const codes = figures.map(([key]) => key);
  const names = codes.length
    ? await db
        .select({ orgCode: departs.orgCode, name: sql<string>`max(${departs.departName})` })
        .from(departs)
        .where(inArray(departs.orgCode, codes))
        .groupBy(departs.orgCode)
    : [];
  const nameOf = new Map(names.map((d) => [d.orgCode, d.name]));
  const rows = figures.map(([key, x]) => ({ key, label: nameOf.get(key) ?? key, ...x }));
  rows.sort(
    (a, b) => b.openEntries - a.openEntries || b.entries - a.entries || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  return withTotals(rows);
}

/** 开放统计 per key area: all 21 areas of the dictionary, in its order, zeros included. */
export async function statsByKeyArea(db: Executor): Promise<OpenStatTable> {
  const areas = await keyAreas(db);
  const figures = await figuresBy(db, 'area');
  return withTotals(areas.map((a) => ({ key: a.value, label: a.label, ...(figures.get(a.value) ?? NO_FIGURES) })));
}

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
