import type { Page, QuestionnaireCard, QuestionnaireRecord, QuestionnaireResults } from '@odp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../test/harness.js';
import { seedAccounts, seedDemoCity } from './demo.js';
import { DEMO_QUESTIONNAIRES, seedDemoQuestionnaires } from './demo-questionnaires.js';

let ctx: TestContext;
let made: number;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoCity(ctx.db);
  await seedAccounts(ctx.db, true);
  made = await ctx.db.transaction((tx) => seedDemoQuestionnaires(tx));
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('the demo city’s questionnaires', () => {
  it('has one open with about 30 answers and one ended whose results are public', async () => {
    expect(made).toBe(2);
    const list = await call<Page<QuestionnaireCard>>(ctx, 'GET', '/api/questionnaire/public/list');
    const [open, ended] = list.body.result.records;
    expect(open.title).toBe(DEMO_QUESTIONNAIRES[0].title);
    expect([open.phase, open.joinNumber, open.questionCount]).toEqual(['open', 30, 6]);
    expect(ended.title).toBe(DEMO_QUESTIONNAIRES[1].title);
    expect([ended.phase, ended.joinNumber, ended.resultsPublic]).toEqual(['ended', 24, true]);

    const results = await call<QuestionnaireResults>(ctx, 'GET', '/api/questionnaire/public/results', {
      query: { id: ended.id },
    });
    expect(results.status).toBe(200);
    const [single, , rating] = results.body.result.questions;
    // Every sheet answered the required single choice and rating once.
    expect(single.options.reduce((n, o) => n + o.count, 0)).toBe(24);
    expect(rating.rating?.distribution.reduce((n, d) => n + d.count, 0)).toBe(24);
  });

  it('are the bureau’s, with the demo citizens among those who answered', async () => {
    const reviewer = await login(ctx, 'reviewer', 'Review@2026');
    const list = await call<Page<QuestionnaireRecord>>(ctx, 'GET', '/api/questionnaire/questionnaireList', {
      token: reviewer,
    });
    expect(list.body.result.records.map((r) => [r.departName, r.status, r.locked])).toEqual([
      ['滨江市大数据管理局', '2', true],
      ['滨江市大数据管理局', '1', true],
    ]);
    const citizen = await login(ctx, 'citizen', 'User@2026');
    const open = list.body.result.records[1];
    const page = await call<{ answered: boolean }>(ctx, 'GET', '/api/questionnaire/public/detail', {
      token: citizen,
      query: { id: open.id },
    });
    expect(page.body.result.answered).toBe(true);
  });
});
