import { randomBytes } from 'node:crypto';
import type { CheckRuleRecord, Page } from '@odp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRules, logs } from '../../../db/schema/index.js';
import { signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';

let ctx: TestContext;
/** The seeded 系统管理员 role: holds checkRuleList and checkRuleEdit. */
let adminToken: string;
let plainToken: string;

const uniq = () => randomBytes(4).toString('hex');
const input = (ruleCode = `t_${uniq()}`) => ({
  ruleName: '工单编号校验',
  ruleCode,
  ruleJson: [
    { kind: 'literal', value: 'GD-' },
    { kind: 'digit', length: 6 },
    { kind: 'literal', value: '-' },
    { kind: 'digit', minLength: 5, maxLength: 8 },
  ],
  description: null,
});

beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = (await signedIn(ctx, { roles: ['admin'] })).token;
  plainToken = (await signedIn(ctx)).token;
});
afterAll(() => ctx.close());

describe('check rule administration', () => {
  it('adds a rule that checkByCode then uses, edits it, and deletes it, logging each change', async () => {
    const body = input();
    const added = await call<CheckRuleRecord>(ctx, 'POST', '/sys/checkRule/add', { token: adminToken, body });
    expect(added.status).toBe(200);
    const id = added.body.result.id;
    const check = (value: string) =>
      call(ctx, 'GET', '/sys/checkRule/checkByCode', { token: plainToken, query: { ruleCode: body.ruleCode, value } });
    expect((await check('GD-202611-00001')).status).toBe(200);
    expect((await check('GD-202611-0001')).body.message).toBe('校验未通过：第 4 段（5 至 8 位数字）不符合要求');

    const list = await call<Page<CheckRuleRecord>>(ctx, 'GET', '/sys/checkRule/list', {
      token: adminToken,
      query: { ruleCode: body.ruleCode },
    });
    expect(list.body.result.records).toEqual([expect.objectContaining({ id, ruleJson: body.ruleJson })]);

    const edited = await call(ctx, 'PUT', '/sys/checkRule/edit', {
      token: adminToken,
      body: {
        ...body,
        id,
        ruleJson: [
          { kind: 'literal', value: 'GD-' },
          { kind: 'digit', length: 4 },
        ],
      },
    });
    expect(edited.status).toBe(200);
    expect((await check('GD-1234')).status).toBe(200);

    expect((await call(ctx, 'DELETE', '/sys/checkRule/delete', { token: adminToken, query: { id } })).status).toBe(200);
    expect(await ctx.db.select().from(checkRules).where(eq(checkRules.id, id))).toEqual([]);
    expect((await check('GD-1234')).body.message).toBe('校验规则不存在');
    const logged = await ctx.db.select().from(logs).where(eq(logs.target, id));
    expect(logged.map((l) => l.operateType).sort()).toEqual(['add', 'delete', 'edit']);
  });

  it('refuses a taken code naming 规则编码 and segments outside the schema, writing nothing', async () => {
    const taken = await call(ctx, 'POST', '/sys/checkRule/add', { token: adminToken, body: input('org_code') });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe('规则编码已存在');
    expect(await ctx.db.select().from(checkRules).where(eq(checkRules.ruleCode, 'org_code'))).toHaveLength(1);
    for (const ruleJson of [
      [],
      [{ kind: 'regex', value: '(a+)+$' }],
      [{ kind: 'digit' }],
      [{ kind: 'digit', minLength: 5, maxLength: 2 }],
      [{ kind: 'digit', length: 1001 }],
    ]) {
      const body = { ...input(), ruleJson };
      const res = await call(ctx, 'POST', '/sys/checkRule/add', { token: adminToken, body });
      expect(res.status, JSON.stringify(ruleJson)).toBe(400);
      expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
      expect(await ctx.db.select().from(checkRules).where(eq(checkRules.ruleCode, body.ruleCode))).toEqual([]);
    }
  });

  it('needs a signed-in user holding the permissions', async () => {
    expect((await call(ctx, 'GET', '/sys/checkRule/list')).status).toBe(401);
    expect((await call(ctx, 'GET', '/sys/checkRule/list', { token: plainToken })).status).toBe(403);
    const body = input();
    expect((await call(ctx, 'POST', '/sys/checkRule/add', { body })).status).toBe(401);
    expect((await call(ctx, 'POST', '/sys/checkRule/add', { token: plainToken, body })).status).toBe(403);
    expect(await ctx.db.select().from(checkRules).where(eq(checkRules.ruleCode, body.ruleCode))).toEqual([]);
    const [seeded] = await ctx.db.select().from(checkRules).where(eq(checkRules.ruleCode, 'org_code'));
    const del = await call(ctx, 'DELETE', '/sys/checkRule/delete', { token: plainToken, query: { id: seeded.id } });
    expect(del.status).toBe(403);
    const edit = await call(ctx, 'PUT', '/sys/checkRule/edit', {
      token: plainToken,
      body: { ...input('org_code'), id: seeded.id },
    });
    expect(edit.status).toBe(403);
  });
});
