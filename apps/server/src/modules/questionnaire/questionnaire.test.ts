import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  BatchResult,
  Page,
  QuestionnaireCard,
  QuestionnaireDetail,
  QuestionnairePublicDetail,
  QuestionnaireRecord,
  QuestionnaireResults,
  TextAnswer,
} from '@odp/contracts';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionnaireAnswers, questionnaires, workflowHistory } from '../../db/schema/index.js';
import { createDepart, signedIn, signedInWith } from '../../test/factories.js';
import { type ApiResponse, call, createTestApp, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
const dataDir = mkdtempSync(path.join(tmpdir(), 'odp-questionnaire-'));
let dept: { id: string; orgCode: string };
let bureau: string;
let citizens: string[];
let seq = 0;

const HOUR = 3600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/** 单选 (3 options, required), 多选 (4 options, required), 填空 (optional), 评分 (required). */
function form(overrides: Record<string, unknown> = {}) {
  seq++;
  return {
    title: `开放数据满意度调查${seq}`,
    description: '了解市民对开放数据的使用情况。',
    openTime: iso(-HOUR),
    closeTime: iso(24 * HOUR),
    allowAnonymous: false,
    showResults: true,
    questions: [
      {
        kind: 'single',
        title: '您的身份',
        required: true,
        options: [{ label: '市民' }, { label: '企业' }, { label: '研究人员' }],
      },
      {
        kind: 'multiple',
        title: '您使用过哪些数据',
        required: true,
        options: [{ label: '交通' }, { label: '医疗' }, { label: '教育' }, { label: '环境' }],
      },
      { kind: 'text', title: '您的建议', required: false },
      { kind: 'rating', title: '总体满意度', required: true },
    ],
    ...overrides,
  };
}

const save = (body: unknown, token = bureau) => call<string>(ctx, 'POST', '/api/questionnaire/save', { token, body });
const act = (ids: string[], action: string, token = bureau) =>
  call<BatchResult>(ctx, 'POST', '/api/questionnaire/transition', { token, body: { ids, action } });
const detail = (id: string, token = bureau) =>
  call<QuestionnaireDetail>(ctx, 'GET', '/api/questionnaire/getQuestionnaireById', { token, query: { id } });
const answerCount = async (id: string) =>
  (
    await ctx.db.select({ n: count() }).from(questionnaireAnswers).where(eq(questionnaireAnswers.questionnaireId, id))
  )[0].n;

/** A published questionnaire and its questions. */
async function published(overrides: Record<string, unknown> = {}) {
  const saved = await save(form(overrides));
  expect(saved.status, saved.body.message).toBe(200);
  const id = saved.body.result;
  expect((await act([id], 'publish')).status).toBe(200);
  const d = await detail(id);
  return { id, questions: d.body.result.questions };
}

type Sheet = { questionId: string; optionIds?: string[]; text?: string; rating?: number }[];
type Questions = QuestionnaireDetail['questions'];

/** A full sheet: option indexes for the two choice questions, a text, a score. */
function sheet(qs: Questions, single: number, multiple: number[], text: string | null, rating: number): Sheet {
  return [
    { questionId: qs[0].id, optionIds: [qs[0].options[single].id] },
    { questionId: qs[1].id, optionIds: multiple.map((i) => qs[1].options[i].id) },
    ...(text === null ? [] : [{ questionId: qs[2].id, text }]),
    { questionId: qs[3].id, rating },
  ];
}

async function answer(id: string, answers: Sheet, opts: { token?: string; cookie?: string } = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${ctx.base}/api/questionnaire/public/answer`,
    headers: {
      ...(opts.token ? { 'x-access-token': opts.token } : {}),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
    payload: { id, answers },
  });
  const setCookie = res.headers['set-cookie'];
  return {
    status: res.statusCode,
    body: res.json() as ApiResponse<{ joinNumber: number }>['body'],
    cookie: typeof setCookie === 'string' ? setCookie.split(';')[0] : undefined,
  };
}

beforeAll(async () => {
  ctx = await createTestApp({ dataDir });
  dept = await createDepart(ctx.db);
  bureau = (await signedIn(ctx, { roles: ['reviewer'], departs: [dept] })).token;
  citizens = [];
  for (let i = 0; i < 6; i++) citizens.push((await signedIn(ctx, { roles: ['registered'] })).token);
});

afterAll(async () => {
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the builder', () => {
  it('refuses bad questionnaires in Chinese and writes nothing', async () => {
    const before = (await ctx.db.select({ n: count() }).from(questionnaires))[0].n;
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, '请输入问卷标题'],
      [{ questions: [] }, '请至少添加一道题目'],
      [{ closeTime: iso(-2 * HOUR) }, '结束时间须晚于开始时间'],
      [{ openTime: 'tomorrow' }, '开始时间格式不正确'],
      [
        { questions: [{ kind: 'single', title: '只有一个选项', options: [{ label: '是' }] }] },
        '选择题至少需要 2 个选项',
      ],
      [
        { questions: [{ kind: 'multiple', title: '重复选项', options: [{ label: '是' }, { label: '是' }] }] },
        '同一道题的选项不能重复',
      ],
      [{ questions: [{ kind: 'essay', title: '未知题型' }] }, '请选择题型'],
    ];
    for (const [overrides, message] of cases) {
      const res = await save(form(overrides));
      expect(res.status, message).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect((await ctx.db.select({ n: count() }).from(questionnaires))[0].n).toBe(before);
  });

  it('keeps questions and options in order, drops options of text and rating questions', async () => {
    const body = form();
    body.questions[2] = { kind: 'text', title: '您的建议', required: false, options: [{ label: '忽略' }] } as never;
    const saved = await save(body);
    expect(saved.status).toBe(200);
    const d = (await detail(saved.body.result)).body.result;
    expect(d.status).toBe('0');
    expect(d.questions.map((q) => q.title)).toEqual(['您的身份', '您使用过哪些数据', '您的建议', '总体满意度']);
    expect(d.questions[1].options.map((o) => o.label)).toEqual(['交通', '医疗', '教育', '环境']);
    expect(d.questions[2].options).toEqual([]);
    expect(d.actions).toEqual(expect.arrayContaining(['edit', 'publish', 'delete']));
    const history = await ctx.db.select().from(workflowHistory).where(eq(workflowHistory.subjectId, saved.body.result));
    expect(history.map((h) => h.action)).toEqual(['create']);
  });

  it('edits questions before the first answer, refuses to change them after it but keeps other fields editable', async () => {
    const { id, questions } = await published();
    const reordered = form({ title: '改过的标题' });
    reordered.questions = [reordered.questions[3], reordered.questions[0], reordered.questions[1]];
    expect((await save({ ...reordered, id })).status).toBe(200);
    const after = (await detail(id)).body.result;
    expect(after.questions.map((q) => q.kind)).toEqual(['rating', 'single', 'multiple']);
    expect(after.questions[0].id).not.toBe(questions[0].id);

    const qs = after.questions;
    const res = await answer(
      id,
      [
        { questionId: qs[0].id, rating: 4 },
        { questionId: qs[1].id, optionIds: [qs[1].options[0].id] },
        { questionId: qs[2].id, optionIds: [qs[2].options[1].id] },
      ],
      { token: citizens[0] },
    );
    expect(res.status, res.body.message).toBe(200);
    expect((await detail(id)).body.result.locked).toBe(true);

    const changed = { ...reordered, id, questions: reordered.questions.slice(0, 2) };
    const refused = await save(changed);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('问卷已有人作答，不能再修改题目');
    expect((await detail(id)).body.result.questions).toHaveLength(3);

    const renamed = await save({ ...reordered, id, title: '只改标题', closeTime: iso(48 * HOUR) });
    expect(renamed.status).toBe(200);
    expect((await detail(id)).body.result.title).toBe('只改标题');
  });
});

describe('publish, withdraw, end', () => {
  it('shows only published and ended questionnaires publicly, open ones first', async () => {
    const draft = (await save(form())).body.result;
    const open = await published();
    const upcoming = await published({ openTime: iso(2 * HOUR), closeTime: iso(48 * HOUR) });
    const withdrawn = await published();
    expect((await act([withdrawn.id], 'withdraw')).status).toBe(200);
    const ended = await published();
    expect((await act([ended.id], 'end')).status).toBe(200);

    const list = await call<Page<QuestionnaireCard>>(ctx, 'GET', '/api/questionnaire/public/list', {
      query: { pageSize: '100' },
    });
    const ids = list.body.result.records.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([open.id, upcoming.id, ended.id]));
    expect(ids).not.toContain(draft);
    expect(ids).not.toContain(withdrawn.id);
    const phases = list.body.result.records.map((r) => r.phase);
    const rank = { open: 0, upcoming: 1, ended: 2 };
    expect([...phases].sort((a, b) => rank[a] - rank[b])).toEqual(phases);
    expect(list.body.result.records.find((r) => r.id === ended.id)?.resultsPublic).toBe(true);
    expect(list.body.result.records.find((r) => r.id === open.id)?.questionCount).toBe(4);

    expect((await call(ctx, 'GET', '/api/questionnaire/public/detail', { query: { id: draft } })).status).toBe(404);
    expect((await call(ctx, 'GET', '/api/questionnaire/public/detail', { query: { id: withdrawn.id } })).status).toBe(
      404,
    );
  });

  it('counts a published questionnaire past its close time as ended, for the lists and the kernel', async () => {
    const { id, questions } = await published();
    await ctx.db
      .update(questionnaires)
      .set({ closeTime: new Date(Date.now() - 1000) })
      .where(eq(questionnaires.id, id));
    expect((await detail(id)).body.result.status).toBe('2');
    const ended = await call<Page<QuestionnaireRecord>>(ctx, 'GET', '/api/questionnaire/questionnaireList', {
      token: bureau,
      query: { status: '2', pageSize: '100' },
    });
    expect(ended.body.result.records.map((r) => r.id)).toContain(id);
    expect(ended.body.result.records.find((r) => r.id === id)?.questionCount).toBe(4);
    const withdraw = await act([id], 'withdraw');
    expect(withdraw.status).toBe(400);
    expect(withdraw.body.message).toBe('当前状态为“已结束”，不能撤回');
    const res = await answer(id, sheet(questions, 0, [0], null, 5), { token: citizens[1] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('问卷已结束');
    expect(await answerCount(id)).toBe(0);
  });

  it('refuses to publish a draft whose close time has passed', async () => {
    const id = (await save(form({ openTime: iso(-48 * HOUR), closeTime: iso(-HOUR) }))).body.result;
    const res = await act([id], 'publish');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('结束时间已过，请先修改结束时间再发布');
  });

  it('keeps another department’s questionnaires out of reach of a department without 全部部门', async () => {
    const { id } = await published();
    const other = await createDepart(ctx.db);
    const officer = (
      await signedInWith(ctx, ['questionnaire:list', 'questionnaire:edit', 'questionnaire:results'], {
        departs: [other],
      })
    ).token;
    expect((await detail(id, officer)).status).toBe(404);
    expect((await call(ctx, 'GET', '/api/questionnaire/results', { token: officer, query: { id } })).status).toBe(404);
    expect((await act([id], 'withdraw', officer)).status).toBe(404);
    const list = await call<Page<QuestionnaireRecord>>(ctx, 'GET', '/api/questionnaire/questionnaireList', {
      token: officer,
      query: { pageSize: '100' },
    });
    expect(list.body.result.total).toBe(0);
    // Citizens have no back-office access at all.
    expect((await detail(id, citizens[0])).status).toBe(403);
  });
});

describe('answering', () => {
  it('takes one answer per account, counted in joinNumber, and needs login unless anonymous answers are allowed', async () => {
    const { id, questions } = await published();
    const anonymous = await answer(id, sheet(questions, 0, [0, 1], '希望增加实时数据', 5));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe('该问卷需登录后作答，请先登录');

    const first = await answer(id, sheet(questions, 0, [0, 1], '希望增加实时数据', 5), { token: citizens[0] });
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.result.joinNumber).toBe(1);
    const again = await answer(id, sheet(questions, 1, [2], null, 3), { token: citizens[0] });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('您已参与过该问卷，每人只能作答一次');
    expect(await answerCount(id)).toBe(1);

    const page = await call<QuestionnairePublicDetail>(ctx, 'GET', '/api/questionnaire/public/detail', {
      token: citizens[0],
      query: { id },
    });
    expect(page.body.result.answered).toBe(true);
    expect(page.body.result.joinNumber).toBe(1);
  });

  it('holds one answer per account in the database itself, not only in the check', async () => {
    const { id } = await published();
    const [row] = await ctx.db.select({ userId: questionnaireAnswers.userId }).from(questionnaireAnswers).limit(1);
    await ctx.db.insert(questionnaireAnswers).values({ questionnaireId: id, userId: row.userId });
    await expect(
      ctx.db.insert(questionnaireAnswers).values({ questionnaireId: id, userId: row.userId }),
    ).rejects.toThrow();
    await ctx.db.insert(questionnaireAnswers).values({ questionnaireId: id, deviceId: 'dev-1' });
    await expect(
      ctx.db.insert(questionnaireAnswers).values({ questionnaireId: id, deviceId: 'dev-1' }),
    ).rejects.toThrow();
  });

  it('takes one answer per device for an anonymous questionnaire, by a signed cookie', async () => {
    const { id, questions } = await published({ allowAnonymous: true });
    const first = await answer(id, sheet(questions, 2, [3], null, 4));
    expect(first.status, first.body.message).toBe(200);
    expect(first.cookie).toMatch(/^odp_qdev=[0-9a-f-]{36}\.[\w-]+$/);
    const again = await answer(id, sheet(questions, 1, [1], null, 2), { cookie: first.cookie });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('本设备已参与过该问卷，每台设备只能作答一次');
    expect(again.cookie).toBeUndefined();

    // A made-up signature is not that device: it is ignored and a new device issued.
    const forged = `${first.cookie?.split('.')[0]}.AAAA`;
    const other = await answer(id, sheet(questions, 1, [1], null, 2), { cookie: forged });
    expect(other.status).toBe(200);
    expect(other.cookie).toBeDefined();
    expect(other.cookie).not.toBe(first.cookie);

    // A signed-in visitor answers once, whichever device they use.
    const signed = await answer(id, sheet(questions, 0, [0], null, 5), { token: citizens[2] });
    expect(signed.status).toBe(200);
    const secondDevice = await answer(id, sheet(questions, 0, [0], null, 5), { token: citizens[2] });
    expect(secondDevice.status).toBe(400);
    expect(secondDevice.body.message).toBe('您已参与过该问卷，每人只能作答一次');
    expect(await answerCount(id)).toBe(3);

    const page = await ctx.app.inject({
      method: 'GET',
      url: `${ctx.base}/api/questionnaire/public/detail?id=${id}`,
      headers: { cookie: first.cookie as string },
    });
    expect(page.json().result.answered).toBe(true);
    expect(page.json().result.needSignIn).toBe(false);
  });

  it('refuses answers before the open time', async () => {
    const { id, questions } = await published({ openTime: iso(HOUR), closeTime: iso(48 * HOUR) });
    const res = await answer(id, sheet(questions, 0, [0], null, 5), { token: citizens[0] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('问卷尚未开始');
    expect(await answerCount(id)).toBe(0);
  });

  it('names the question that is missing or wrong and writes nothing', async () => {
    const { id, questions: qs } = await published();
    const other = await published();
    const cases: [Sheet, string][] = [
      [sheet(qs, 0, [0], null, 5).filter((a) => a.questionId !== qs[3].id), '第4题“总体满意度”为必答题，请作答'],
      [[{ questionId: qs[0].id, optionIds: [qs[0].options[0].id] }], '第2题“您使用过哪些数据”为必答题，请作答'],
      [
        sheet(qs, 0, [0], null, 5).map((a) =>
          a.questionId === qs[1].id ? { ...a, optionIds: [other.questions[1].options[0].id] } : a,
        ),
        '第2题“您使用过哪些数据”的选项不正确',
      ],
      [
        sheet(qs, 0, [0], null, 5).map((a) =>
          a.questionId === qs[0].id ? { ...a, optionIds: [qs[0].options[0].id, qs[0].options[1].id] } : a,
        ),
        '第1题“您的身份”为单选题，只能选择一项',
      ],
      [sheet(qs, 0, [0], null, 6), '第4题“总体满意度”的评分须为 1–5 分'],
      [sheet(qs, 0, [0], '长'.repeat(501), 5), '第3题“您的建议”的回答不能超过 500 个字'],
      [
        [...sheet(qs, 0, [0], null, 5), { questionId: other.questions[0].id, optionIds: [] }],
        '答卷中有不属于该问卷的题目',
      ],
      [
        sheet(qs, 0, [0], null, 5).map((a) => (a.questionId === qs[3].id ? { questionId: qs[3].id, text: '五分' } : a)),
        '第4题“总体满意度”的回答格式不正确',
      ],
    ];
    for (const [answers, message] of cases) {
      const res = await answer(id, answers, { token: citizens[3] });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await answerCount(id)).toBe(0);
    // The optional text may be left out; the sheet is then taken.
    const ok = await answer(id, sheet(qs, 0, [0], null, 5), { token: citizens[3] });
    expect(ok.status).toBe(200);
  });
});

describe('results and export', () => {
  let id: string;
  let qs: Questions;

  beforeAll(async () => {
    ({ id, questions: qs } = await published({ title: '结果统计测试问卷' }));
    const sheets: [number, number[], string | null, number][] = [
      [0, [0, 1], '希望开放更多交通数据', 5],
      [0, [0], null, 4],
      [1, [1, 2], '=HYPERLINK("http://x")', 4],
      [2, [0, 3], '接口文档可以更详细', 2],
    ];
    for (const [i, [single, multiple, text, rating]] of sheets.entries()) {
      const res = await answer(id, sheet(qs, single, multiple, text, rating), { token: citizens[i] });
      expect(res.status, res.body.message).toBe(200);
    }
  });

  it('aggregates each question against the known answers', async () => {
    const res = await call<QuestionnaireResults>(ctx, 'GET', '/api/questionnaire/results', {
      token: bureau,
      query: { id },
    });
    expect(res.status).toBe(200);
    const r = res.body.result;
    expect(r.joinNumber).toBe(4);
    const [single, multiple, text, rating] = r.questions;
    expect(single.options.map((o) => [o.label, o.count, o.percent])).toEqual([
      ['市民', 2, 50],
      ['企业', 1, 25],
      ['研究人员', 1, 25],
    ]);
    expect(multiple.answered).toBe(4);
    expect(multiple.options.map((o) => o.count)).toEqual([3, 2, 1, 1]);
    expect(multiple.options[0].percent).toBe(75);
    expect(text.answered).toBe(3);
    expect(rating.rating?.distribution.map((d) => d.count)).toEqual([0, 1, 0, 2, 1]);
    expect(rating.rating?.average).toBe(3.75);

    const texts = await call<Page<TextAnswer>>(ctx, 'GET', '/api/questionnaire/textAnswers', {
      token: bureau,
      query: { id, questionId: text.id, pageSize: '2' },
    });
    expect(texts.body.result.total).toBe(3);
    expect(texts.body.result.records).toHaveLength(2);
    const all = await call<Page<TextAnswer>>(ctx, 'GET', '/api/questionnaire/textAnswers', {
      token: bureau,
      query: { id, questionId: text.id, pageSize: '10' },
    });
    expect(all.body.result.records.map((t) => t.text).sort()).toEqual(
      ['希望开放更多交通数据', '=HYPERLINK("http://x")', '接口文档可以更详细'].sort(),
    );
  });

  it('shows the public summary only once ended and allowed', async () => {
    const hidden = await call(ctx, 'GET', '/api/questionnaire/public/results', { query: { id } });
    expect(hidden.status).toBe(400);
    expect(hidden.body.message).toBe('该问卷的结果未公开');
    expect((await act([id], 'end')).status).toBe(200);
    const shown = await call<QuestionnaireResults>(ctx, 'GET', '/api/questionnaire/public/results', { query: { id } });
    expect(shown.status).toBe(200);
    expect(shown.body.result.status).toBe('2');
    expect(shown.body.result.questions[0].options.map((o) => o.count)).toEqual([2, 1, 1]);
    // Late answers are refused once it is ended.
    const late = await answer(id, sheet(qs, 0, [0], null, 5), { token: citizens[5] });
    expect(late.body.message).toBe('问卷已结束');
  });

  it('exports one row per answer and one column per question, in Chinese, read back', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${ctx.base}/api/questionnaire/export?id=${id}`,
      headers: { 'x-access-token': bureau },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('结果统计测试问卷-答卷.xlsx'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      '序号',
      '提交时间',
      '答题人',
      '1. 您的身份（单选题）',
      '2. 您使用过哪些数据（多选题）',
      '3. 您的建议（填空题）',
      '4. 总体满意度（评分题）',
    ]);
    expect(ws.rowCount).toBe(5);
    const rows = [2, 3, 4, 5].map((n) => (ws.getRow(n).values as unknown[]).slice(1));
    expect(rows.map((r) => r[0])).toEqual([1, 2, 3, 4]);
    expect(rows.map((r) => r[3])).toEqual(['市民', '市民', '企业', '研究人员']);
    expect(rows.map((r) => r[4])).toEqual(['交通；医疗', '交通', '医疗；教育', '交通；环境']);
    expect(rows.map((r) => r[6])).toEqual([5, 4, 4, 2]);
    expect(rows[2][5]).toBe('\'=HYPERLINK("http://x")');
    expect(String(rows[0][2])).toMatch(/^测试用户/);
  });

  it('refuses the results to citizens', async () => {
    expect((await call(ctx, 'GET', '/api/questionnaire/results', { token: citizens[0], query: { id } })).status).toBe(
      403,
    );
  });
});
