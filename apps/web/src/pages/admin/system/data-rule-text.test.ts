import { describe, expect, it } from 'vitest';
import {
  conditionLabel,
  conditionOptions,
  readableValue,
  ruleSummary,
  valuePlaceholder,
  variableHints,
} from './data-rule-text';

describe('conditionOptions', () => {
  it('offers every operator with its Chinese label, and no raw SQL', () => {
    expect(conditionOptions.map((o) => o.label)).toEqual([
      '等于（=）',
      '不等于（!=）',
      '大于（>）',
      '大于等于（>=）',
      '小于（<）',
      '小于等于（<=）',
      '包含（LIKE）',
      '以…结尾（LEFT_LIKE）',
      '以…开头（RIGHT_LIKE）',
      '在…中（IN）',
      '不在…中（NOT_IN）',
    ]);
    expect(conditionOptions.map((o) => o.value)).not.toContain('SQL_RULES');
  });

  it('labels an unknown condition as written', () => {
    expect(conditionLabel('RIGHT_LIKE')).toBe('以…开头');
    expect(conditionLabel('USE_SQL_RULES')).toBe('USE_SQL_RULES');
  });
});

describe('variable hints and values', () => {
  it('lists the five system variables with their tokens', () => {
    expect(variableHints).toEqual([
      { token: '#{sys_user_code}', label: '当前用户账号' },
      { token: '#{sys_user_id}', label: '当前用户ID' },
      { token: '#{sys_org_code}', label: '当前部门编码' },
      { token: '#{sys_date}', label: '当前日期' },
      { token: '#{sys_time}', label: '当前时间' },
    ]);
  });

  it('reads variables by name and leaves literals and unknown tokens alone', () => {
    expect(readableValue('#{sys_org_code}')).toBe('「当前部门编码」');
    expect(readableValue('A01,#{sys_user_code}')).toBe('A01,「当前用户账号」');
    expect(readableValue('#{sys_nope}')).toBe('#{sys_nope}');
  });

  it('summarises a rule with the column label when known', () => {
    const rule = { ruleColumn: 'orgCode', ruleConditions: '=', ruleValue: '#{sys_org_code}' };
    expect(ruleSummary(rule)).toBe('orgCode 等于 「当前部门编码」');
    expect(ruleSummary(rule, new Map([['orgCode', '部门编码']]))).toBe('部门编码 等于 「当前部门编码」');
  });

  it('asks for a comma list for IN and NOT_IN', () => {
    expect(valuePlaceholder('IN')).toMatch(/逗号分隔/);
    expect(valuePlaceholder('NOT_IN')).toMatch(/逗号分隔/);
    expect(valuePlaceholder('=')).toMatch(/#\{sys_org_code\}/);
    expect(valuePlaceholder(undefined)).toMatch(/系统变量/);
  });
});
