import {
  ASSESSMENT_MACHINE,
  type AssessmentAction,
  type AssessmentPeriodRecord,
  type AssessmentScore,
  AssessmentStatus,
  allowedActions,
  type DrillRecord,
  AssessmentMessages as M,
  AssessmentPerm as P,
  type Page,
  PERIOD_KEY_PATTERN,
  type PeriodType,
  periodLabel,
  refusalOf,
  type SchemeRecord,
  type SchemeSaveInput,
  toPage,
  transitionIn,
} from '@odp/contracts';
import ExcelJS from 'exceljs';
import type { Db, Executor, Tx } from '../../../db/client.js';
import { logOperation } from '../../../platform/audit/log.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { badRequest, forbidden, notFound } from '../../../platform/http/errors.js';
import { applyTransition } from '../../../platform/workflow/apply.js';
import { neutraliseFormula } from '../../files/cells.js';
import * as assetRepo from '../asset/repository.js';
import { computeIndicators } from '../develop/compute.js';
import { activeDepartments, latestValues } from '../develop/repository.js';
import { recordsBehind } from '../develop/service.js';
import * as repo from './repository.js';
import { scoreDepartments, weightsAddUp } from './scoring.js';
import { assessmentSubject } from './subject.js';

/** The bureau (managers and confirmers) sees every department's score; anyone else their own. */
const seesAll = (actor: Actor) => actor.perms.has(P.manage) || actor.perms.has(P.confirm);

async function indexInfo(db: Executor, ids: string[]) {
  return new Map((await assetRepo.indexesByIds(db, ids)).map((r) => [r.index.id, r.index]));
}

export async function listSchemes(db: Executor): Promise<SchemeRecord[]> {
  const rows = await repo.listSchemes(db);
  const info = await indexInfo(db, [...new Set(rows.flatMap((r) => r.scheme.items.map((i) => i.indexId)))]);
  return rows.map(({ scheme: s, creator }) => ({
    id: s.id,
    name: s.name,
    periodType: s.periodType as PeriodType,
    items: s.items.map((i) => ({
      ...i,
      indexName: info.get(i.indexId)?.indexName ?? '（已删除）',
      unit: info.get(i.indexId)?.unit ?? '',
    })),
    remark: s.remark,
    createBy: creator,
    createTime: s.createdAt.toISOString(),
  }));
}

export async function saveScheme(db: Db, actor: Actor, input: SchemeSaveInput) {
  if (!weightsAddUp(input.items)) throw badRequest(M.weightsNot100);
  const ids = input.items.map((i) => i.indexId);
  if (new Set(ids).size !== ids.length) throw badRequest(M.duplicateIndex);
  return db.transaction(async (tx) => {
    const info = await indexInfo(tx, ids);
    for (const id of ids) {
      const i = info.get(id);
      if (i?.enables !== '1' || (!i.calcName && !i.formula)) throw badRequest(M.indexNotReady);
    }
    if (await repo.schemeNameTaken(tx, input.name, input.id)) throw badRequest(M.schemeNameTaken);
    const values = { name: input.name, periodType: input.periodType, items: input.items, remark: input.remark };
    if (input.id) {
      if (!(await repo.findScheme(tx, input.id, true))) throw notFound(M.schemeNotFound);
      await repo.updateScheme(tx, input.id, values);
      await logOperation(tx, actor, { content: `编辑考核方案：${input.name}`, operateType: 'edit', target: input.id });
      return input.id;
    }
    const row = await repo.insertScheme(tx, { ...values, createdBy: actor.userId });
    await logOperation(tx, actor, { content: `新增考核方案：${input.name}`, operateType: 'add', target: row.id });
    return row.id;
  });
}

export async function deleteScheme(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const row = await repo.findScheme(tx, id, true);
    if (!row) throw notFound(M.schemeNotFound);
    if (await repo.periodCount(tx, id)) throw badRequest(M.schemeInUse);
    await repo.deleteScheme(tx, id);
    await logOperation(tx, actor, { content: `删除考核方案：${row.name}`, operateType: 'delete', target: id });
  });
}

/** Computes the scheme's indicators for the period, then every department's score, inside `tx`. */
async function writeScores(tx: Tx, scheme: repo.SchemeRow, period: repo.PeriodRow) {
  const ids = scheme.items.map((i) => i.indexId);
  const values = await latestValues(tx, period.periodType, period.periodKey, ids);
  const byKey = new Map(values.map((v) => [`${v.index_id}|${v.org_code}`, v.value === null ? null : Number(v.value)]));
  const orgs = (await activeDepartments(tx)).map((d) => d.orgCode);
  const scored = scoreDepartments(scheme.items, orgs, (i, o) => byKey.get(`${i}|${o}`) ?? null);
  await repo.replaceScores(tx, period.id, scored);
}

async function computeFor(db: Db, actor: Actor, scheme: repo.SchemeRow, periodKey: string, now?: Date) {
  const run = await computeIndicators(db, {
    periodType: scheme.periodType as PeriodType,
    periodKey,
    indexIds: scheme.items.map((i) => i.indexId),
    trigger: 'assessment',
    operatorId: actor.userId,
    now,
  });
  if (run.status === 'failed') throw badRequest(`指标计算失败：${run.message}`, { runId: run.id });
  return run.id;
}

/** 开始考核: the period's record (计算中), its indicators computed, scored and ranked (→ 待部门确认). */
export async function startAssessment(db: Db, actor: Actor, schemeId: string, periodKey: string, now?: Date) {
  const scheme = await repo.findScheme(db, schemeId);
  if (!scheme) throw notFound(M.schemeNotFound);
  if (!PERIOD_KEY_PATTERN[scheme.periodType as PeriodType].test(periodKey))
    throw badRequest('周期格式不正确（月度如 2026-10，季度如 2026-Q4，年度如 2026）');
  if (await repo.findPeriodOf(db, schemeId, periodKey)) throw badRequest(M.periodExists);
  const runId = await computeFor(db, actor, scheme, periodKey, now);
  const period = await repo.insertPeriod(db, {
    schemeId,
    periodType: scheme.periodType,
    periodKey,
    status: AssessmentStatus.scoring,
    runId,
    startedBy: actor.userId,
    startedAt: now ?? new Date(),
  });
  try {
    await applyTransition(
      db,
      actor,
      assessmentSubject,
      period.id,
      'score',
      { now: now ? () => now : undefined },
      (tx, r) => writeScores(tx, scheme, r.row),
    );
  } catch (e) {
    await repo.deletePeriod(db, period.id);
    throw e;
  }
  return period.id;
}

/** 重新计算, 提交局确认, 确认, 退回: through the kernel (重新计算 computes the indicators again first). */
export async function transition(db: Db, actor: Actor, id: string, action: AssessmentAction, comment?: string) {
  const period = await repo.findPeriod(db, id);
  if (!period) throw notFound(M.periodNotFound);
  if (action === 'rescore') {
    const scheme = await repo.findScheme(db, period.schemeId);
    if (!scheme) throw notFound(M.schemeNotFound);
    if (!actor.perms.has(P.manage)) throw forbidden('没有重新计算的权限');
    // Refused before computing, so that a refusal writes nothing (not even a run).
    const refusal = refusalOf(ASSESSMENT_MACHINE, transitionIn(ASSESSMENT_MACHINE, action), { status: period.status });
    if (refusal) throw badRequest(refusal);
    const runId = await computeFor(db, actor, scheme, period.periodKey);
    await applyTransition(db, actor, assessmentSubject, id, action, { comment }, async (tx, r) => {
      await repo.updatePeriod(tx, id, { runId });
      await writeScores(tx, scheme, r.row);
    });
    return;
  }
  await applyTransition(db, actor, assessmentSubject, id, action, { comment });
}

export async function pagePeriods(
  db: Executor,
  actor: Actor,
  q: { pageNo: number; pageSize: number; schemeId: string | null },
): Promise<Page<AssessmentPeriodRecord>> {
  const { total, rows } = await repo.pagePeriods(db, {
    schemeId: q.schemeId,
    offset: (q.pageNo - 1) * q.pageSize,
    limit: q.pageSize,
  });
  return toPage(
    rows.map(({ period: p, schemeName, starter, departments }) => ({
      id: p.id,
      schemeId: p.schemeId,
      schemeName,
      periodType: p.periodType,
      periodKey: p.periodKey,
      status: String(p.status),
      actions: allowedActions(ASSESSMENT_MACHINE, { status: p.status }, actor.perms),
      startedAt: p.startedAt.toISOString(),
      startedBy: starter,
      departmentCount: departments,
      comment: p.comment,
    })),
    total,
    q,
  );
}

/** The ranking; a department's officer sees only its own row. */
export async function scores(db: Executor, actor: Actor, periodId: string): Promise<AssessmentScore[]> {
  const period = await repo.findPeriod(db, periodId);
  if (!period) throw notFound(M.periodNotFound);
  const scheme = await repo.findScheme(db, period.schemeId);
  const info = await indexInfo(db, scheme?.items.map((i) => i.indexId) ?? []);
  const rows = await repo.scoresOf(db, periodId, seesAll(actor) ? undefined : actor.orgCode);
  return rows.map(({ score: s, departName, commenter }) => ({
    id: s.id,
    orgCode: s.orgCode,
    departName: departName ?? s.orgCode,
    score: s.score,
    rank: s.rank,
    items: s.items.map((i) => ({
      ...i,
      indexName: info.get(i.indexId)?.indexName ?? '（已删除）',
      unit: info.get(i.indexId)?.unit ?? '',
    })),
    comment: s.comment,
    commentBy: commenter,
    commentAt: s.commentAt?.toISOString() ?? null,
    mine: s.orgCode === actor.orgCode,
  }));
}

/** A score the caller may see: the bureau any, a department its own; anything else is not there. */
async function visibleScore(db: Executor, actor: Actor, scoreId: string) {
  const score = await repo.findScore(db, scoreId);
  if (!score || (!seesAll(actor) && score.orgCode !== actor.orgCode)) throw notFound(M.scoreNotFound);
  return score;
}

/** A department's 说明 on its own score, while the assessment waits for the departments. */
export async function comment(db: Db, actor: Actor, scoreId: string, text: string) {
  await db.transaction(async (tx) => {
    const score = await repo.findScore(tx, scoreId, true);
    if (!score || (!seesAll(actor) && score.orgCode !== actor.orgCode)) throw notFound(M.scoreNotFound);
    if (score.orgCode !== actor.orgCode) throw badRequest(M.notOwnScore);
    const period = await repo.findPeriod(tx, score.periodId, true);
    if (period?.status !== AssessmentStatus.departments) throw badRequest(M.commentClosed);
    await repo.updateScore(tx, scoreId, { comment: text, commentBy: actor.userId, commentAt: new Date() });
    await logOperation(tx, actor, {
      content: `填写考核说明：${text.slice(0, 100)}`,
      operateType: 'edit',
      target: scoreId,
    });
  });
}

/** The records behind one item of a score (e.g. the entries late for update). */
export async function drill(db: Executor, actor: Actor, scoreId: string, indexId: string): Promise<DrillRecord[]> {
  const score = await visibleScore(db, actor, scoreId);
  if (!score.items.some((i) => i.indexId === indexId)) throw notFound('该得分不含这个指标');
  const period = await repo.findPeriod(db, score.periodId);
  if (!period) throw notFound(M.periodNotFound);
  return recordsBehind(db, indexId, score.orgCode, period.periodType as PeriodType, period.periodKey);
}

/** The ranking as .xlsx: one row per department in the caller's scope, one column per indicator. */
export async function rankingWorkbook(db: Executor, actor: Actor, periodId: string) {
  const period = await repo.findPeriod(db, periodId);
  if (!period) throw notFound(M.periodNotFound);
  const scheme = await repo.findScheme(db, period.schemeId);
  const list = await scores(db, actor, periodId);
  const items = list[0]?.items ?? [];
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('考核排名');
  sheet.columns = [
    { header: '排名', key: 'rank', width: 8 },
    { header: '部门', key: 'depart', width: 28 },
    { header: '总分', key: 'score', width: 10 },
    ...items.flatMap((i, n) => [
      { header: `${i.indexName}（${i.unit}）`, key: `v${n}`, width: 18 },
      { header: `${i.indexName}得分（权重 ${i.weight}）`, key: `s${n}`, width: 18 },
    ]),
    { header: '部门说明', key: 'comment', width: 40 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const s of list) {
    const row: Record<string, unknown> = {
      rank: s.rank,
      depart: neutraliseFormula(s.departName),
      score: s.score,
      comment: s.comment ? neutraliseFormula(s.comment) : '',
    };
    s.items.forEach((i, n) => {
      row[`v${n}`] = i.value ?? '无数据';
      row[`s${n}`] = i.score;
    });
    sheet.addRow(row);
  }
  const name = `${scheme?.name ?? '考核'}（${periodLabel(period.periodType, period.periodKey)}）排名.xlsx`;
  return { name, bytes: Buffer.from(await wb.xlsx.writeBuffer()) };
}
