import { describe, expect, it } from 'vitest';
import { CheckRuleCreateInput, CheckRuleMessages } from './check.js';
import { ruleCodeOf } from './coded-rule.js';
import { FillRuleCode, FillRuleCreateInput, FillRuleMessages } from './fill-rule.js';

const code = (n: number) => `a${'1'.repeat(n - 1)}`;

describe('coded rules', () => {
  it('take codes of 2 to `max` characters starting with a letter', () => {
    expect(ruleCodeOf(50).parse(` ${code(50)} `)).toBe(code(50));
    expect(ruleCodeOf(50).safeParse(code(51)).error?.issues[0].message).toBe(
      '规则编码须以字母开头，只含字母、数字和下划线，2 到 50 个字符',
    );
    expect(ruleCodeOf(64).safeParse('a').success).toBe(false);
    expect(FillRuleCode.safeParse(code(51)).success).toBe(false);
  });

  it('keep what differs per kind: the code length and the description message', () => {
    const base = { ruleName: '规则', ruleCode: code(60), description: 'x'.repeat(256) };
    const fill = FillRuleCreateInput.safeParse({ ...base, ruleJson: [{ type: 'seq', length: 4, reset: 'never' }] });
    const check = CheckRuleCreateInput.safeParse({ ...base, ruleJson: [{ kind: 'digit', length: 2 }] });
    expect(fill.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['ruleCode', '规则编码须以字母开头，只含字母、数字和下划线，2 到 50 个字符'],
      ['description', '不能超过 255 个字符'],
    ]);
    expect(check.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['description', '描述不能超过 255 个字符'],
    ]);
    expect(FillRuleMessages.codeTaken).toBe(CheckRuleMessages.codeTaken);
  });
});
