import {
  AssetMessages,
  CALCULATION_LABEL,
  type CalcConfigInput,
  type ComputeInput,
  type DrillRecord,
  type IndicatorRun,
  type IndicatorValueRow,
  type Page,
  type PeriodType,
  periodRange,
  toPage,
} from '@odp/contracts';
import type { Db, Executor } from '../../../db/client.js';
import { logOperation } from '../../../platform/audit/log.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import * as assetRepo from '../asset/repository.js';
import { calculationOf } from './calculations.js';
import { computeIndicators } from './compute.js';
import { validateFormula } from './formula.js';
import * as repo from './repository.js';

export const DevelopMessages = {
  calcMissing: '请选择计算方式',
  formulaMissing: '请设置复合指标的计算公式',
  calcForSingle: '单一指标请选择已注册的计算方式，不能设置公式',
  formulaForComposite: '复合指标由来源指标按公式计算，不能选择计算方式',
  onlyFailed: '只能重新执行失败的计算',
  runNotFound: '计算记录不存在',
  saved: '计算方式已保存',
} as const;

/** 指标开发: how an indicator is computed. Allowed after 提交: the definition is locked, its computation is developed. */
export async function configureCalculation(db: Db, actor: Actor, input: CalcConfigInput) {
  await db.transaction(async (tx) => {
    const row = await assetRepo.findIndex(tx, input.assetIndexId, true);
    if (!row) throw notFound(AssetMessages.indexNotFound);
    if (row.indexType === '0') {
      if (input.formula) throw badRequest(DevelopMessages.calcForSingle);
      if (!input.calcName) throw badRequest(DevelopMessages.calcMissing);
    } else {
      if (input.calcName) throw badRequest(DevelopMessages.formulaForComposite);
      if (!input.formula) throw badRequest(DevelopMessages.formulaMissing);
      const error = validateFormula(input.formula, row.relIndexIds);
      if (error) throw badRequest(error);
    }
    await assetRepo.updateIndex(tx, row.id, { calcName: input.calcName, formula: input.formula });
    const how = input.calcName ? CALCULATION_LABEL[input.calcName] : '公式';
    await logOperation(tx, actor, {
      content: `设置指标计算方式：${row.indexName}（${how}）`,
      operateType: 'edit',
      target: row.id,
    });
  });
}

export async function computeNow(db: Db, actor: Actor, input: ComputeInput) {
  const run = await computeIndicators(db, { ...input, trigger: 'manual', operatorId: actor.userId });
  if (run.status === 'failed') throw badRequest(`计算失败：${run.message}`, { runId: run.id });
  return { runId: run.id, valueCount: run.valueCount };
}

/** Re-runs a failed run for the same period and indicators (the task-operations view calls this too). */
export async function rerunFailed(db: Db, runId: string, operatorId: string | null) {
  const run = await repo.findRun(db, runId);
  if (!run) throw notFound(DevelopMessages.runNotFound);
  if (run.status !== 'failed') throw badRequest(DevelopMessages.onlyFailed);
  return computeIndicators(db, {
    periodType: run.periodType as PeriodType,
    periodKey: run.periodKey,
    indexIds: run.indexIds,
    trigger: 'retry',
    operatorId,
    retryOf: run.id,
  });
}

export async function valuesOf(
  db: Executor,
  q: { periodType: string; periodKey: string; indexId?: string | null },
): Promise<IndicatorValueRow[]> {
  const [rows, indexes, departments] = await Promise.all([
    repo.latestValues(db, q.periodType, q.periodKey, q.indexId ? [q.indexId] : undefined),
    assetRepo.allIndexes(db),
    repo.activeDepartments(db),
  ]);
  const idx = new Map(indexes.map((i) => [i.id, i]));
  const names = new Map(departments.map((d) => [d.orgCode, d.departName]));
  return rows
    .filter((r) => idx.has(r.index_id))
    .map((r) => ({
      indexId: r.index_id,
      indexName: idx.get(r.index_id)?.indexName ?? '',
      unit: idx.get(r.index_id)?.unit ?? '',
      orgCode: r.org_code,
      departName: names.get(r.org_code) ?? r.org_code,
      value: r.value === null ? null : Number(r.value),
      computedAt: new Date(r.computed_at).toISOString(),
    }));
}

export async function pageRuns(
  db: Executor,
  q: { pageNo: number; pageSize: number; status?: string },
): Promise<Page<IndicatorRun>> {
  const { total, rows } = await repo.pageRuns(db, {
    status: q.status,
    offset: (q.pageNo - 1) * q.pageSize,
    limit: q.pageSize,
  });
  return toPage(
    rows.map(({ run, operator, valueCount }) => ({
      id: run.id,
      trigger: run.trigger,
      periodType: run.periodType,
      periodKey: run.periodKey,
      status: run.status,
      startedAt: run.startedAt.toISOString(),
      finishedAt: run.finishedAt?.toISOString() ?? null,
      durationMs: run.durationMs,
      message: run.message,
      operator: run.operatorId ? (operator ?? '') : '系统',
      valueCount,
      retryOf: run.retryOf,
    })),
    total,
    q,
  );
}

/**
 * The records behind one department's value of an indicator: a calculation's own; a composite's are
 * its sources', each titled with the source.
 */
export async function recordsBehind(
  db: Executor,
  indexId: string,
  orgCode: string,
  periodType: PeriodType,
  periodKey: string,
  now = new Date(),
): Promise<DrillRecord[]> {
  const row = await assetRepo.findIndex(db, indexId);
  if (!row) throw notFound(AssetMessages.indexNotFound);
  const range = periodRange(periodType, periodKey);
  const period = { ...range, asOf: range.end < now ? range.end : now };
  if (row.indexType === '0') {
    const calc = row.calcName ? calculationOf(row.calcName) : null;
    return calc ? calc.records(db, orgCode, period) : [];
  }
  const out: DrillRecord[] = [];
  for (const s of row.relIndexIds) {
    const src = await assetRepo.findIndex(db, s);
    const calc = src?.calcName ? calculationOf(src.calcName) : null;
    if (!src || !calc) continue;
    for (const r of await calc.records(db, orgCode, period))
      out.push({ ...r, title: `【${src.indexName}】${r.title}` });
  }
  return out;
}
