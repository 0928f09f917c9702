import { randomBytes } from 'node:crypto';
import type { FillRuleJson, FillRuleRecord } from '@odp/contracts';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeSequences, fillRules } from '../../../db/schema/index.js';
import { describeCrudRoutes } from '../../../test/crud-contract.js';
import { signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { renderValue, shanghaiDate } from './format.js';
import { nextCodeByRule, previewRule } from './service.js';

let ctx: TestContext;
/** The seeded 系统管理员 role: holds fillRuleList and fillRuleEdit. */
let adminToken: string;
/** Signed in, without any fill-rule permission. */
let plainToken: string;

const uniq = () => randomBytes(4).toString('hex');
const code = () => `t_${uniq()}`;
const input = (ruleCode = code()) => ({ ruleName: '测试编号', ruleCode, ruleJson: DAILY, description: '测试' });

const DAILY: FillRuleJson = [
  { type: 'text', value: 'SQ' },
  { type: 'date', format: 'YYYYMMDD' },
  { type: 'seq', length: 4, reset: 'daily' },
];

async function createRule(ruleJson: FillRuleJson, ruleCode = code()) {
  const [row] = await ctx.db.insert(fillRules).values({ ruleCode, ruleName: '测试规则', ruleJson }).returning();
  return row;
}

beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = (await signedIn(ctx, { roles: ['admin'] })).token;
  plainToken = (await signedIn(ctx)).token;
});
afterAll(() => ctx.close());

describe('format', () => {
  it('uses the date in Asia/Shanghai, which is already tomorrow at 16:00 UTC', () => {
    expect(shanghaiDate(new Date('2026-11-21T15:59:59Z'))).toBe('20261121');
    expect(shanghaiDate(new Date('2026-11-21T16:00:00Z'))).toBe('20261122');
  });

  it('pads the sequence and keeps a longer number whole instead of truncating it', () => {
    const at = new Date('2026-03-05T02:00:00Z');
    expect(renderValue(DAILY, 7, at)).toBe('SQ202603050007');
    expect(renderValue(DAILY, 12345, at)).toBe('SQ2026030512345');
  });
});

describe('GET /sys/fillRule/executeRuleByCode/:ruleCode', () => {
  const execute = (ruleCode: string, token: string | null = plainToken) =>
    call<string>(ctx, 'GET', `/sys/fillRule/executeRuleByCode/${ruleCode}`, { token: token ?? undefined });

  it('gives 50 concurrent callers 50 distinct values', async () => {
    const rule = await createRule([
      { type: 'text', value: 'GD-' },
      { type: 'date', format: 'YYYYMM' },
      { type: 'text', value: '-' },
      { type: 'seq', length: 5, reset: 'monthly' },
    ]);
    const results = await Promise.all(Array.from({ length: 50 }, () => execute(rule.ruleCode)));
    for (const res of results) expect(res.status).toBe(200);
    const values = results.map((r) => r.body.result);
    expect(new Set(values).size).toBe(50);
    const month = shanghaiDate(new Date()).slice(0, 6);
    for (const v of values) expect(v).toMatch(new RegExp(`^GD-${month}-\\d{5}$`));
    expect(values.map((v) => Number(v.slice(-5))).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
  });

  it('needs a signed-in user and a known rule', async () => {
    const rule = await createRule(DAILY);
    expect((await execute(rule.ruleCode, null)).status).toBe(401);
    const unknown = await execute('no_such_rule');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('填值规则不存在');
  });

  it('refuses a stored rule that no longer fits the schema', async () => {
    const ruleCode = code();
    await ctx.db.insert(fillRules).values({ ruleCode, ruleName: '坏规则', ruleJson: [{ type: 'text', value: 'X' }] });
    const res = await execute(ruleCode);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('填值规则配置不正确，请联系管理员');
  });
});

describe('nextCodeByRule', () => {
  it('starts the daily sequence at 0001 again the next day (Shanghai calendar)', async () => {
    const rule = await createRule(DAILY);
    const day1 = new Date('2026-11-20T03:00:00Z');
    const day2 = new Date('2026-11-20T16:30:00Z'); // 00:30 on the 21st in Shanghai
    const run = (now: Date) => ctx.db.transaction((tx) => nextCodeByRule(tx, rule.ruleCode, now));
    expect(await run(day1)).toBe('SQ202611200001');
    expect(await run(day1)).toBe('SQ202611200002');
    expect(await run(day2)).toBe('SQ202611210001');
    expect(await run(day1)).toBe('SQ202611200003');
  });

  it('never resets a `never` rule and gives its number back when the caller rolls back', async () => {
    const rule = await createRule([
      { type: 'text', value: 'JC' },
      { type: 'seq', length: 3, reset: 'never' },
    ]);
    const jan = new Date('2026-01-01T00:00:00Z');
    const dec = new Date('2026-12-31T00:00:00Z');
    expect(await ctx.db.transaction((tx) => nextCodeByRule(tx, rule.ruleCode, jan))).toBe('JC001');
    await expect(
      ctx.db.transaction(async (tx) => {
        await nextCodeByRule(tx, rule.ruleCode, dec);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await ctx.db.transaction((tx) => nextCodeByRule(tx, rule.ruleCode, dec))).toBe('JC002');
  });
});

describe('seeded rules', () => {
  it('are valid and number as documented', async () => {
    const at = new Date('2031-05-06T01:00:00Z');
    const run = (ruleCode: string) => ctx.db.transaction((tx) => nextCodeByRule(tx, ruleCode, at));
    expect(await run('data_apply_no')).toBe('SQ203105060001');
    expect(await run('work_order_no')).toBe('GD-203105-00001');
    expect(await run('correction_no')).toBe('JC203100001');
  });
});

describe('POST /sys/fillRule/preview', () => {
  it('shows the next value without taking a number', async () => {
    const rule = await createRule(DAILY);
    const now = new Date();
    await ctx.db.transaction((tx) => nextCodeByRule(tx, rule.ruleCode, now));
    const before = await ctx.db
      .select()
      .from(codeSequences)
      .where(like(codeSequences.prefix, `fill:${rule.ruleCode}:%`));
    const res = await call<string>(ctx, 'POST', '/sys/fillRule/preview', {
      token: adminToken,
      body: { ruleJson: DAILY, ruleCode: rule.ruleCode },
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toBe(`SQ${shanghaiDate(now)}0002`);
    const after = await ctx.db
      .select()
      .from(codeSequences)
      .where(like(codeSequences.prefix, `fill:${rule.ruleCode}:%`));
    expect(after).toEqual(before);
    expect(await previewRule(ctx.db, { ruleJson: DAILY }, new Date('2026-01-02T00:00:00Z'))).toBe('SQ202601020001');
  });

  it('needs the list permission and a valid rule', async () => {
    expect((await call(ctx, 'POST', '/sys/fillRule/preview', { body: { ruleJson: DAILY } })).status).toBe(401);
    expect(
      (await call(ctx, 'POST', '/sys/fillRule/preview', { token: plainToken, body: { ruleJson: DAILY } })).status,
    ).toBe(403);
    const noSeq = await call(ctx, 'POST', '/sys/fillRule/preview', {
      token: adminToken,
      body: { ruleJson: [{ type: 'text', value: 'A' }] },
    });
    expect(noSeq.status).toBe(400);
    expect(noSeq.body.message).toMatch(/流水号/);
  });
});

describe('fill rule administration', () => {
  it('keeps the rule code once created, since its counters are named after it', async () => {
    const rule = await createRule(DAILY);
    const res = await call(ctx, 'PUT', '/sys/fillRule/edit', {
      token: adminToken,
      body: { ...input(code()), id: rule.id, ruleName: '改名' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('规则编码创建后不能修改');
    const [row] = await ctx.db.select().from(fillRules).where(eq(fillRules.id, rule.id));
    expect(row).toMatchObject({ ruleCode: rule.ruleCode, ruleName: rule.ruleName });
  });
});

describeCrudRoutes<FillRuleRecord>({
  label: '填值规则',
  base: '/sys/fillRule',
  ctx: () => ctx,
  tokens: () => ({ editor: adminToken, stranger: plainToken }),
  table: fillRules,
  id: fillRules.id,
  remove: 'delete',
  create: () => input(),
  find: (rule) => ({ ruleCode: rule.ruleCode }),
  edit: (rule) => ({ ...input(rule.ruleCode), id: rule.id, ruleName: '改名' }),
  refused: async () => [
    { body: input((await createRule(DAILY)).ruleCode), message: /^规则编码已存在$/ },
    ...[
      [{ type: 'text', value: 'A' }],
      [
        { type: 'seq', length: 4, reset: 'never' },
        { type: 'seq', length: 4, reset: 'never' },
      ],
      [{ type: 'seq', length: 13, reset: 'never' }],
      [{ type: 'seq', length: 0, reset: 'never' }],
      [
        { type: 'date', format: 'YY' },
        { type: 'seq', length: 4, reset: 'never' },
      ],
      // A daily restart without the day in the code would repeat yesterday's codes.
      [
        { type: 'date', format: 'YYYYMM' },
        { type: 'seq', length: 4, reset: 'daily' },
      ],
      [{ type: 'seq', length: 4, reset: 'yearly' }],
    ].map((ruleJson) => ({ body: { ...input(), ruleJson }, message: /[\u4e00-\u9fff]/ })),
  ],
  after: {
    add: (rule, _row, sent) => expect(rule).toMatchObject({ ruleCode: sent.ruleCode, ruleJson: DAILY }),
    edit: (_rule, row) => expect(row.ruleName).toBe('改名'),
  },
});
