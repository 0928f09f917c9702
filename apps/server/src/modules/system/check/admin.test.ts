import { randomBytes } from 'node:crypto';
import type { CheckRuleRecord } from '@odp/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import { checkRules } from '../../../db/schema/index.js';
import { describeCrudRoutes } from '../../../test/crud-contract.js';
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

/** checkByCode, as any signed-in form asks it. */
const check = (ruleCode: string, value: string) =>
  call(ctx, 'GET', '/sys/checkRule/checkByCode', { token: plainToken, query: { ruleCode, value } });

describeCrudRoutes<CheckRuleRecord>({
  label: '编码校验规则',
  base: '/sys/checkRule',
  ctx: () => ctx,
  tokens: () => ({ editor: adminToken, stranger: plainToken }),
  table: checkRules,
  id: checkRules.id,
  remove: 'delete',
  create: () => input(),
  find: (rule) => ({ ruleCode: rule.ruleCode }),
  edit: (rule) => ({
    ...input(rule.ruleCode),
    id: rule.id,
    ruleJson: [
      { kind: 'literal', value: 'GD-' },
      { kind: 'digit', length: 4 },
    ],
  }),
  refused: () => [
    { body: input('org_code'), message: /^规则编码已存在$/ },
    ...[
      [],
      [{ kind: 'regex', value: '(a+)+$' }],
      [{ kind: 'digit' }],
      [{ kind: 'digit', minLength: 5, maxLength: 2 }],
      [{ kind: 'digit', length: 1001 }],
    ].map((ruleJson) => ({ body: { ...input(), ruleJson }, message: /[\u4e00-\u9fff]/ })),
  ],
  after: {
    // checkByCode uses a rule as soon as it is added or edited, and no longer once it is deleted.
    add: async (rule, _row, sent) => {
      expect(rule.ruleJson).toEqual(sent.ruleJson);
      expect((await check(rule.ruleCode, 'GD-202611-00001')).status).toBe(200);
      expect((await check(rule.ruleCode, 'GD-202611-0001')).body.message).toBe(
        '校验未通过：第 4 段（5 至 8 位数字）不符合要求',
      );
    },
    edit: async (rule) => expect((await check(rule.ruleCode, 'GD-1234')).status).toBe(200),
    delete: async (rule) => expect((await check(rule.ruleCode, 'GD-1234')).body.message).toBe('校验规则不存在'),
  },
});
