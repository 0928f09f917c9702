import {
  APPLICATION_TYPES,
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
import { type PublishedFigures, publishedFigures } from '../achievement/repository.js';
import { neutraliseFormula } from '../files/cells.js';
import { type Figures, figuresBy, NO_FIGURES } from '../market/figures.js';
import { keyAreas } from '../portal/home.js';

const FIGURES: (keyof Figures)[] = ['entries', 'openEntries', 'files', 'rows', 'downloads', 'views'];

/** Totals of the catalogue's figures; 应用成果 counted once each (not the sum over departments). */
function withTotals(rows: OpenStatRow[], results: PublishedFigures): OpenStatTable {
  const totals = { ...NO_FIGURES, achievements: results.total };
  for (const r of rows) for (const k of FIGURES) totals[k] += r[k];
  const achievementTypes = APPLICATION_TYPES.map((t) => ({
    key: t.value,
    label: t.text,
    count: results.byType.get(t.value) ?? 0,
  }));
  return { rows, totals, achievementTypes };
}

/** 开放统计 per department or district (those with catalogued entries), most open entries first. */
export async function statsByDepartment(db: Executor): Promise<OpenStatTable> {
  const figures = [...(await figuresBy(db, 'org'))].filter(([, x]) => x.entries > 0 || x.openEntries > 0);
  const results = await publishedFigures(db);
  const codes = figures.map(([key]) => key);
  const names = codes.length
    ? await db
        .select({ orgCode: departs.orgCode, name: sql<string>`max(${departs.departName})` })
        .from(departs)
        .where(inArray(departs.orgCode, codes))
        .groupBy(departs.orgCode)
    : [];
  const nameOf = new Map(names.map((d) => [d.orgCode, d.name]));
  const rows = figures.map(([key, x]) => ({
    key,
    label: nameOf.get(key) ?? key,
    ...x,
    achievements: results.byOrg.get(key) ?? 0,
  }));
  rows.sort(
    (a, b) => b.openEntries - a.openEntries || b.entries - a.entries || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  return withTotals(rows, results);
}

/** 开放统计 per key area: all 21 areas of the dictionary, in its order, zeros included. */
export async function statsByKeyArea(db: Executor): Promise<OpenStatTable> {
  const areas = await keyAreas(db);
  const figures = await figuresBy(db, 'area');
  const results = await publishedFigures(db);
  return withTotals(
    areas.map((a) => ({
      key: a.value,
      label: a.label,
      ...(figures.get(a.value) ?? NO_FIGURES),
      achievements: results.byArea.get(a.value) ?? 0,
    })),
    results,
  );
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
  const types = wb.addWorksheet('应用成果类型');
  types.columns = [
    { header: '应用类型', key: 'label', width: 16 },
    { header: '应用成果', key: 'count', width: 12 },
  ];
  types.getRow(1).font = { bold: true };
  for (const t of table.achievementTypes) types.addRow(t);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
