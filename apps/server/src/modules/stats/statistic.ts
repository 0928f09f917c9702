import {
  CataloguePerm,
  currentPeriod,
  type DeptMeasureRow,
  type HomeStatistics,
  MEASURE_COLUMNS,
  periodBounds,
  STAT_PERIOD_TYPE_LABEL,
  type StatisticQuery,
  type StatisticTable,
  withRates,
} from '@odp/contracts';
import ExcelJS from 'exceljs';
import type { Executor } from '../../db/client.js';
import type { Actor } from '../../platform/auth/actor.js';
import { NO_DEPART_MESSAGE, seesAllDepartments } from '../../platform/auth/scope.js';
import { forbidden } from '../../platform/http/errors.js';
import { departNames } from '../catalogue/entry/repository.js';
import { neutraliseFormula } from '../files/cells.js';
import { type MeasureCounts, measuresByDepartment, sumMeasures, zeroMeasures } from './measures.js';

/** Who sees every department's measures: the bureau's reviewers and the administrators (as for the catalogue). */
const ALL = CataloguePerm.review;

/**
 * Which department the caller may ask for: all (null) or one. A department officer asking for another
 * department, or a user without a department, is refused.
 */
function scopeOf(actor: Actor, orgCode: string | null | undefined): string | null {
  if (seesAllDepartments(actor, ALL)) return orgCode ?? null;
  if (!actor.orgCode) throw forbidden(NO_DEPART_MESSAGE);
  if (orgCode && orgCode !== actor.orgCode) throw forbidden('只能查看本部门的统计');
  return actor.orgCode;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The table of `/api/statistic/departments`: the caller's departments, and the whole city for comparison. */
export async function statisticTable(
  db: Executor,
  actor: Actor,
  q: StatisticQuery,
  now = new Date(),
): Promise<StatisticTable> {
  const only = scopeOf(actor, q.orgCode);
  const period = q.period ?? currentPeriod(q.periodType, now);
  const { from, to, label } = periodBounds(q.periodType, period);
  // The city's figures are needed for the average whoever asks; a department's row is one of them.
  const all = await measuresByDepartment(db, { from, to }, null, now);
  const names = await departNames(db, [...all.keys()]);
  const visible = [...all].filter(([org]) => only === null || org === only);
  if (only !== null && visible.length === 0) visible.push([only, zeroMeasures()]);
  if (only !== null && !names.has(only)) for (const [k, v] of await departNames(db, [only])) names.set(k, v);
  const rows: DeptMeasureRow[] = visible
    .map(([orgCode, m]) => ({ orgCode, departName: names.get(orgCode) ?? orgCode, ...withRates(m) }))
    .sort((a, b) => b.openEntries - a.openEntries || b.entries - a.entries || a.orgCode.localeCompare(b.orgCode));
  const city = sumMeasures(all.values());
  const departments = [...all.values()].filter((m) => m.entries > 0).length;
  const average = Object.fromEntries(
    Object.entries(city).map(([k, v]) => [k, departments ? round1(v / departments) : 0]),
  ) as MeasureCounts;
  return {
    periodType: q.periodType,
    period,
    label,
    allDepartments: seesAllDepartments(actor, ALL),
    rows,
    city: withRates(city),
    average: withRates(average),
    departments,
  };
}

const cell = (v: number | null) => (v === null ? '-' : v);

/** The table as .xlsx: one sheet of departments with the city's sums and average under them. */
export async function statisticWorkbook(table: StatisticTable): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('统计分析');
  sheet.addRow([`统计期：${table.label}（${STAT_PERIOD_TYPE_LABEL[table.periodType]}）`]).font = { bold: true };
  const header = sheet.addRow([
    '部门',
    ...MEASURE_COLUMNS.map(
      (c) => `${c.title}${c.unit ? `（${c.unit}）` : ''}${c.scope === 'now' ? '［当前］' : '［本期］'}`,
    ),
  ]);
  header.font = { bold: true };
  for (const r of table.rows)
    sheet.addRow([neutraliseFormula(r.departName), ...MEASURE_COLUMNS.map((c) => cell(r[c.key]))]);
  if (table.allDepartments) {
    sheet.addRow(['全市合计', ...MEASURE_COLUMNS.map((c) => cell(table.city[c.key]))]).font = { bold: true };
  }
  sheet.addRow(['全市平均', ...MEASURE_COLUMNS.map((c) => cell(table.average[c.key]))]).font = { bold: true };
  sheet.getColumn(1).width = 28;
  for (let i = 2; i <= MEASURE_COLUMNS.length + 1; i++) sheet.getColumn(i).width = 14;
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export const statisticFileName = (table: StatisticTable) => `统计分析（${table.label}）.xlsx`;

/** The home's 统计 widgets: this month's measures — the bureau's ranking of all departments, a department's own row beside the city's average. */
export async function homeStatistics(db: Executor, actor: Actor, now = new Date()): Promise<HomeStatistics> {
  const bureau = seesAllDepartments(actor, ALL);
  const mine = bureau ? null : scopeOf(actor, null);
  // The average is the city's whoever asks: computed as the bureau would, then only the caller's row kept.
  const cityView: Actor = { ...actor, perms: new Set([...actor.perms, ALL]) };
  const table = await statisticTable(db, cityView, { periodType: 'month', period: null, orgCode: mine }, now);
  const ranking = bureau
    ? table.rows
        .filter((r) => r.entries > 0)
        .sort((a, b) => b.openEntries - a.openEntries || (b.onTimeRate ?? -1) - (a.onTimeRate ?? -1))
        .slice(0, 10)
        .map((r) => ({
          orgCode: r.orgCode,
          departName: r.departName,
          openEntries: r.openEntries,
          onTimeRate: r.onTimeRate,
          replyRate: r.replyRate,
        }))
    : [];
  return {
    label: table.label,
    scope: bureau ? 'city' : 'department',
    own: bureau ? null : (table.rows[0] ?? null),
    city: table.city,
    average: table.average,
    ranking,
  };
}
