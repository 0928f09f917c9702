import type {
  AssessmentPeriodRecord,
  AssessmentScore,
  DomainNode,
  DrillRecord,
  IndexRecord,
  Page,
} from '@odp/contracts';
import { AssessmentPerm as P } from '@odp/contracts';
import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues, indicatorRuns, workflowHistory } from '../../db/schema/index.js';
import { createDepart, signedIn, signedInWith } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let manager: string;
let officerX: string;
let officerY: string;
let reviewer: string;
let X: { id: string; orgCode: string; departName: string };
let Y: { id: string; orgCode: string };

const post = <T>(token: string, path: string, body: unknown) => call<T>(ctx, 'POST', path, { token, body });
const del = <T>(token: string, path: string, query: Record<string, string>) =>
  call<T>(ctx, 'DELETE', path, { token, query });
const get = <T>(token: string, path: string, query: Record<string, string>) =>
  call<T>(ctx, 'GET', path, { token, query });

async function openEntries(orgCode: string, n: number) {
  for (let i = 0; i < n; i++)
    await ctx.db.insert(catalogues).values({
      catalogCode: `A-${orgCode}-${i}`,
      catalogName: `考核测试目录${orgCode}${i}`,
      orgCode,
      informationSummary: '用于考核测试的目录摘要，长度足够。',
      keyAreasType: '6',
      shareType: '10',
      openType: '1',
      updateFrequency: '7',
      catalogStatus: 2,
      shelfStatus: 2,
      releaseTime: new Date('2026-03-01T00:00:00Z'),
    });
}

beforeAll(async () => {
  ctx = await createTestApp();
  X = await createDepart(ctx.db);
  Y = await createDepart(ctx.db);
  manager = (await signedInWith(ctx, [P.indexManage, P.indexDevelop, P.view, P.manage])).token;
  officerX = (await signedIn(ctx, { roles: ['dept_admin'], departs: [X] })).token;
  officerY = (await signedIn(ctx, { roles: ['dept_admin'], departs: [Y] })).token;
  reviewer = (await signedIn(ctx, { roles: ['reviewer'] })).token;
  await openEntries(X.orgCode, 3);
  await openEntries(Y.orgCode, 1);
});
afterAll(() => ctx.close());

const indexForm = (domainId: string, over: Record<string, unknown> = {}) => ({
  indexName: '开放数据集数',
  indexType: '0',
  domainId,
  unit: '个',
  frequency: 'month',
  bsFormula: '期末已上架的无条件开放与有条件开放目录数',
  ...over,
});

let root: string;
let child: string;
let single: string;
let composite: string;
let periodId: string;

describe('指标管理', () => {
  it('edits the domain tree and refuses to delete a domain that holds children or indicators', async () => {
    root = (await post<string>(manager, '/api/asset/domain/save', { domainName: '数据开放' })).body.result;
    child = (await post<string>(manager, '/api/asset/domain/save', { domainName: '更新与开放', parentId: root })).body
      .result;
    const dup = await post(manager, '/api/asset/domain/save', { domainName: '更新与开放', parentId: root });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe('同一上级下已有同名业务域');
    const tree = await get<DomainNode[]>(manager, '/api/asset/domain/domain_tree', {});
    const node = tree.body.result.find((n) => n.id === root);
    expect(node?.children.map((c) => c.domainName)).toEqual(['更新与开放']);
    expect(node?.children[0].level).toBe(2);

    const refused = await del(manager, '/api/asset/domain/delete', { assetDomainId: root });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('该业务域下还有子业务域，请先删除子业务域');
    expect(officerX && (await post(officerX, '/api/asset/domain/save', { domainName: '越权' })).status).toBe(403);
  });

  it('saves single and composite indicators with the form’s rules', async () => {
    single = (await post<string>(manager, '/api/asset/index/save', indexForm(child))).body.result;
    expect((await del(manager, '/api/asset/domain/delete', { assetDomainId: child })).body.message).toBe(
      '该业务域下还有指标，不能删除',
    );
    const withSources = await post(
      manager,
      '/api/asset/index/save',
      indexForm(child, { indexName: '甲', relIndexCode: [single] }),
    );
    expect(withSources.body.message).toBe('只有复合指标才能选择来源指标');
    const noSources = await post(
      manager,
      '/api/asset/index/save',
      indexForm(child, { indexName: '乙', indexType: '1' }),
    );
    expect(noSources.body.message).toBe('复合指标请至少选择一个来源指标');
    const badUnit = await post(manager, '/api/asset/index/save', indexForm(child, { indexName: '丙', unit: '斤' }));
    expect(badUnit.status).toBe(400);
    expect(badUnit.body.message).toContain('请选择单位');
    composite = (
      await post<string>(
        manager,
        '/api/asset/index/save',
        indexForm(child, { indexName: '开放数翻倍', indexType: '1', relIndexCode: [single] }),
      )
    ).body.result;

    const page = await post<Page<IndexRecord>>(manager, '/api/asset/index/page', { domainId: root, pageSize: 20 });
    expect(page.body.result.records.map((r) => r.indexName).sort()).toEqual(['开放数据集数', '开放数翻倍']);
    expect(page.body.result.records.find((r) => r.id === composite)?.relIndexNames).toEqual(['开放数据集数']);
    expect((await post(manager, '/api/asset/index/page', { pageSize: 500 })).status).toBe(400);
  });

  it('locks an indicator once submitted', async () => {
    expect((await post(manager, '/api/asset/index/submit', { assetIndexId: single })).status).toBe(200);
    const edit = await post(manager, '/api/asset/index/update', {
      ...indexForm(child, { indexName: '改名' }),
      assetIndexId: single,
    });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe('指标已提交，不能修改或删除');
    expect((await del(manager, '/api/asset/index/delete', { assetIndexId: single })).body.message).toBe(
      '指标已提交，不能修改或删除',
    );
    const again = await post(manager, '/api/asset/index/submit', { assetIndexId: single });
    expect(again.status).toBe(400);
  });
});

describe('指标开发', () => {
  it('takes a registered calculation for a single indicator and a checked formula for a composite', async () => {
    expect(
      (await post(manager, '/api/asset/dev/configure', { assetIndexId: single, calcName: 'catalogue.openCount' }))
        .status,
    ).toBe(200);
    const unknown = await post(manager, '/api/asset/dev/configure', { assetIndexId: single, calcName: 'rm -rf' });
    expect(unknown.body.message).toContain('不支持的计算方式');
    const foreign = await post(manager, '/api/asset/dev/configure', {
      assetIndexId: composite,
      formula: {
        op: 'mul',
        args: [
          { op: 'ref', index: root },
          { op: 'const', value: 2 },
        ],
      },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('公式引用了不是来源指标的指标');
    const ok = await post(manager, '/api/asset/dev/configure', {
      assetIndexId: composite,
      formula: {
        op: 'mul',
        args: [
          { op: 'ref', index: single },
          { op: 'const', value: 2 },
        ],
      },
    });
    expect(ok.status).toBe(200);
  });
});

describe('绩效管理', () => {
  let schemeId: string;
  let scoreX: AssessmentScore;

  it('checks a scheme: submitted, computable indicators whose weights add up to 100', async () => {
    const bands = {
      kind: 'bands',
      bands: [
        { min: 3, score: 100 },
        { min: 1, score: 60 },
      ],
    };
    const base = { name: '月度开放考核', periodType: 'month' };
    const short = await post(manager, '/api/assessment/scheme/save', {
      ...base,
      items: [{ indexId: single, weight: 60, scoring: bands }],
    });
    expect(short.body.message).toBe('各指标权重之和须为 100');
    const draft = await post(manager, '/api/assessment/scheme/save', {
      ...base,
      items: [
        { indexId: single, weight: 50, scoring: bands },
        { indexId: composite, weight: 50, scoring: bands },
      ],
    });
    expect(draft.body.message).toBe('考核指标须为已提交且已设置计算方式的指标');
    const saved = await post<string>(manager, '/api/assessment/scheme/save', {
      ...base,
      items: [{ indexId: single, weight: 100, scoring: bands }],
    });
    expect(saved.status).toBe(200);
    schemeId = saved.body.result;
  });

  it('开始考核 scores and ranks every department, and waits for the departments', async () => {
    const started = await post<string>(manager, '/api/assessment/start', { schemeId, periodKey: '2026-10' });
    expect(started.status).toBe(200);
    periodId = started.body.result;
    const twice = await post(manager, '/api/assessment/start', { schemeId, periodKey: '2026-10' });
    expect(twice.body.message).toBe('该方案的这一周期已开始考核');
    expect((await post(manager, '/api/assessment/start', { schemeId, periodKey: '2026-Q4' })).status).toBe(400);

    const list = await get<Page<AssessmentPeriodRecord>>(manager, '/api/assessment/period/page', { schemeId });
    expect(list.body.result.records[0]).toMatchObject({
      status: '1',
      periodKey: '2026-10',
      actions: ['rescore', 'submit'],
    });
    const all = await get<AssessmentScore[]>(manager, '/api/assessment/period/scores', { id: periodId });
    const x = all.body.result.find((s) => s.orgCode === X.orgCode);
    const y = all.body.result.find((s) => s.orgCode === Y.orgCode);
    expect(x).toMatchObject({ score: 100, rank: 1 });
    expect(y?.score).toBe(60);
    expect(x?.items[0]).toMatchObject({ value: 3, score: 100, weight: 100 });
  });

  it('shows a department only its own score, and lets it comment only on that', async () => {
    const own = await get<AssessmentScore[]>(officerX, '/api/assessment/period/scores', { id: periodId });
    expect(own.body.result.map((s) => s.orgCode)).toEqual([X.orgCode]);
    scoreX = own.body.result[0];
    expect(scoreX.mine).toBe(true);
    const said = await post(officerX, '/api/assessment/score/comment', {
      scoreId: scoreX.id,
      comment: '三个目录均已按期开放。',
    });
    expect(said.status).toBe(200);
    expect(
      (await post(officerY, '/api/assessment/score/comment', { scoreId: scoreX.id, comment: '代写' })).status,
    ).toBe(404);
    const byBureau = await post(manager, '/api/assessment/score/comment', { scoreId: scoreX.id, comment: '代写' });
    expect(byBureau.status).toBe(403);
  });

  it('drills down from a score to the records behind it, within the department scope', async () => {
    const records = await get<DrillRecord[]>(officerX, '/api/assessment/score/records', {
      scoreId: scoreX.id,
      indexId: single,
    });
    expect(records.body.result.map((r) => r.title).sort()).toEqual(
      [0, 1, 2].map((i) => `考核测试目录${X.orgCode}${i}`),
    );
    expect((await get(officerY, '/api/assessment/score/records', { scoreId: scoreX.id, indexId: single })).status).toBe(
      404,
    );
  });

  it('goes to the bureau, which returns it with a reason or confirms it', async () => {
    expect((await post(officerX, '/api/assessment/period/transition', { id: periodId, action: 'submit' })).status).toBe(
      403,
    );
    expect(
      (await post(reviewer, '/api/assessment/period/transition', { id: periodId, action: 'confirm' })).status,
    ).toBe(400);
    expect((await post(manager, '/api/assessment/period/transition', { id: periodId, action: 'submit' })).status).toBe(
      200,
    );
    const late = await post(officerX, '/api/assessment/score/comment', { scoreId: scoreX.id, comment: '补充' });
    expect(late.body.message).toBe('当前状态不能填写说明，只有“待部门确认”时可以');
    expect((await post(manager, '/api/assessment/period/transition', { id: periodId, action: 'confirm' })).status).toBe(
      403,
    );
    const bare = await post(reviewer, '/api/assessment/period/transition', { id: periodId, action: 'return' });
    expect(bare.body.message).toBe('请填写退回理由');
    expect(
      (
        await post(reviewer, '/api/assessment/period/transition', {
          id: periodId,
          action: 'return',
          comment: '请核对开放数',
        })
      ).status,
    ).toBe(200);
    // 重新计算 keeps the department's 说明.
    expect((await post(manager, '/api/assessment/period/transition', { id: periodId, action: 'rescore' })).status).toBe(
      200,
    );
    const kept = await get<AssessmentScore[]>(officerX, '/api/assessment/period/scores', { id: periodId });
    expect(kept.body.result[0].comment).toBe('三个目录均已按期开放。');
    await post(manager, '/api/assessment/period/transition', { id: periodId, action: 'submit' });
    expect(
      (await post(reviewer, '/api/assessment/period/transition', { id: periodId, action: 'confirm' })).status,
    ).toBe(200);
    const history = await ctx.db
      .select({ action: workflowHistory.action })
      .from(workflowHistory)
      .where(and(eq(workflowHistory.subjectType, 'assessment'), eq(workflowHistory.subjectId, periodId)))
      .orderBy(workflowHistory.createdAt);
    expect(history.map((h) => h.action)).toEqual(['score', 'submit', 'return', 'rescore', 'submit', 'confirm']);
    expect((await del(manager, '/api/assessment/scheme/delete', { id: schemeId })).body.message).toBe(
      '该方案已开始考核，不能删除',
    );
    // A confirmed assessment is not computed again, and the refusal writes no run.
    const runsBefore = (await ctx.db.select({ n: count() }).from(indicatorRuns))[0].n;
    const again = await post(manager, '/api/assessment/period/transition', { id: periodId, action: 'rescore' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('当前状态为“已确认”，不能重新计算');
    expect((await ctx.db.select({ n: count() }).from(indicatorRuns))[0].n).toBe(runsBefore);
  });

  it('exports the ranking to .xlsx', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${ctx.base}/api/assessment/period/export?id=${periodId}`,
      headers: { 'x-access-token': manager },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('考核排名');
    expect(sheet?.getRow(1).getCell(2).value).toBe('部门');
    expect(sheet?.getRow(2).values).toEqual([undefined, 1, X.departName, 100, 3, 100, '三个目录均已按期开放。']);
  });
});
