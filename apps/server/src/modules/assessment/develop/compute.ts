import { type PeriodType, periodRange } from '@odp/contracts';
import type { Db } from '../../../db/client.js';
import { type CalcPeriod, calculationOf } from './calculations.js';
import { evaluateFormula } from './formula.js';
import * as repo from './repository.js';

export type RunTrigger = 'schedule' | 'manual' | 'assessment' | 'retry';
export type ComputeRequest = {
  periodType: PeriodType;
  periodKey: string;
  /** Only these indicators (and the sources their formulas need); all computable ones when absent. */
  indexIds?: string[] | null;
  trigger: RunTrigger;
  /** Null: the platform itself (the scheduled job). */
  operatorId: string | null;
  retryOf?: string | null;
  now?: Date;
};

/**
 * One run: every asked-for indicator's value for every active department and the period, stored with
 * the run. A run that fails is kept as 失败 with its reason and no values; it may be re-run.
 */
export async function computeIndicators(db: Db, req: ComputeRequest) {
  const now = req.now ?? new Date();
  const began = Date.now();
  const run = await repo.insertRun(db, {
    trigger: req.trigger,
    periodType: req.periodType,
    periodKey: req.periodKey,
    indexIds: req.indexIds?.length ? req.indexIds : null,
    status: 'running',
    startedAt: now,
    operatorId: req.operatorId,
    retryOf: req.retryOf ?? null,
  });
  const finishedAt = () => new Date(now.getTime() + (Date.now() - began));
  try {
    const range = periodRange(req.periodType, req.periodKey);
    const period: CalcPeriod = { ...range, asOf: range.end < now ? range.end : now };
    const all = await repo.computableIndexes(db);
    const wanted = req.indexIds?.length ? all.filter((i) => req.indexIds?.includes(i.id)) : all;
    // A composite needs its sources' values in the same run.
    const needed = new Map(wanted.map((i) => [i.id, i]));
    for (const i of wanted)
      for (const s of i.relIndexIds) {
        const src = all.find((a) => a.id === s);
        if (src) needed.set(s, src);
      }
    const departments = await repo.activeDepartments(db);
    const values = new Map<string, Map<string, number | null>>();
    for (const i of needed.values()) {
      if (i.indexType !== '0' || !i.calcName) continue;
      const calc = calculationOf(i.calcName);
      if (!calc) throw new Error(`指标“${i.indexName}”的计算方式 ${i.calcName} 未注册`);
      const got = await calc.values(db, period);
      values.set(
        i.id,
        new Map(departments.map((d) => [d.orgCode, got.has(d.orgCode) ? (got.get(d.orgCode) ?? null) : calc.empty])),
      );
    }
    for (const i of needed.values()) {
      if (i.indexType !== '1' || !i.formula) continue;
      const formula = i.formula;
      const per = new Map<string, number | null>();
      for (const d of departments) {
        const sources = new Map(i.relIndexIds.map((s) => [s, values.get(s)?.get(d.orgCode) ?? null]));
        const v = evaluateFormula(formula, sources);
        per.set(d.orgCode, v === null ? null : Math.round(v * 10_000) / 10_000);
      }
      values.set(i.id, per);
    }
    const at = finishedAt();
    const rows = [...values.entries()].flatMap(([indexId, per]) =>
      [...per.entries()].map(([orgCode, value]) => ({
        runId: run.id,
        indexId,
        orgCode,
        periodType: req.periodType,
        periodKey: req.periodKey,
        value,
        computedAt: at,
      })),
    );
    await db.transaction(async (tx) => {
      await repo.insertValues(tx, rows);
      await repo.finishRun(tx, run.id, {
        status: 'success',
        finishedAt: at,
        durationMs: Date.now() - began,
        message: values.size
          ? `计算 ${values.size} 个指标、${departments.length} 个部门，写入 ${rows.length} 个值`
          : '没有可计算的指标（须已提交并设置计算方式）',
      });
    });
    return { ...run, status: 'success' as const, valueCount: rows.length };
  } catch (e) {
    const message = (e as Error).message?.slice(0, 1000) || '计算失败';
    await repo.finishRun(db, run.id, {
      status: 'failed',
      finishedAt: finishedAt(),
      durationMs: Date.now() - began,
      message,
    });
    return { ...run, status: 'failed' as const, valueCount: 0, message };
  }
}
