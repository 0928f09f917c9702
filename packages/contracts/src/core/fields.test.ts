import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  commaList,
  INT4_MAX,
  idOf,
  int4Of,
  letterCode,
  optionalMatching,
  optionalText,
  positiveInt,
  requiredText,
  sortNumber,
  trimmedText,
  uuidOf,
} from './fields.js';

const messages = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('field helpers', () => {
  it('store blank optional text as null and name the field in the length message', () => {
    expect(optionalText(5, '描述').parse('  ')).toBeNull();
    expect(optionalText(5, '描述').parse(undefined)).toBeNull();
    expect(optionalText(5, '描述').parse(' 简介 ')).toBe('简介');
    expect(messages(optionalText(5, '描述'), '123456')).toEqual(['描述不能超过 5 个字符']);
    expect(messages(optionalText(5), '123456')).toEqual(['不能超过 5 个字符']);
  });

  it('check optional patterns only on given values, and only once the length is right', () => {
    const colour = optionalMatching(/^#[0-9a-f]{3}$/, '颜色不正确', 4);
    expect(colour.parse('')).toBeNull();
    expect(colour.parse('#abc')).toBe('#abc');
    expect(messages(colour, 'red')).toEqual(['颜色不正确']);
    expect(messages(colour, '#abcd')).toEqual(['不能超过 4 个字符']);
  });

  it('ask for required text by name, also when it was not sent if told to', () => {
    expect(messages(requiredText('名称', 3), ' ')).toEqual(['请输入名称']);
    expect(messages(requiredText('名称', 3), 'abcd')).toEqual(['名称不能超过 3 个字符']);
    expect(messages(requiredText('名称', 3, { missing: true }), undefined)).toEqual(['请输入名称']);
    expect(messages(requiredText('名称', 3), undefined)).not.toEqual(['请输入名称']);
  });

  it('say which code is malformed', () => {
    expect(messages(letterCode('角色编码', 64), '1abc')).toEqual(['角色编码以字母开头，只能包含字母、数字和下划线']);
    expect(letterCode('角色编码', 64).parse(' a_1 ')).toBe('a_1');
  });

  it('word uuid refusals as the two styles the contract has', () => {
    expect(messages(idOf('角色'), 'x')).toEqual(['角色 ID 格式不正确']);
    expect(messages(idOf(), 'x')).toEqual(['ID 格式不正确']);
    expect(messages(uuidOf('上级部门'), 'x')).toEqual(['上级部门格式不正确']);
  });

  it('read lists, numbers and filters as the original client sends them', () => {
    expect(commaList().parse(' a, ,b ')).toEqual(['a', 'b']);
    expect(commaList().parse([' a ', ''])).toEqual(['a']);
    expect(messages(commaList('请选择用户'), 3)).toEqual(['请选择用户']);
    expect(positiveInt(10, 50).parse(undefined)).toBe(10);
    expect(messages(positiveInt(10, 50), '51')).toEqual(['不能超过 50']);
    // Without a limit of its own a page number still fits the database's integer.
    expect(positiveInt(1).parse(String(INT4_MAX))).toBe(INT4_MAX);
    expect(messages(positiveInt(1), String(INT4_MAX + 1))).toEqual([`不能超过 ${INT4_MAX}`]);
    expect(int4Of('租户编号').parse('7')).toBe(7);
    expect(messages(int4Of('租户编号'), '1.5')).toEqual(['租户编号必须是整数']);
    expect(messages(int4Of('租户编号'), '-1')).toEqual(['租户编号不能小于 0']);
    expect(messages(int4Of('租户编号'), '2147483648')).toEqual([`租户编号不能超过 ${INT4_MAX}`]);
    expect(messages(int4Of('数量', { min: 1, max: 9 }), '10')).toEqual(['数量不能超过 9']);
    expect(sortNumber(1).parse(undefined)).toBe(1);
    expect(messages(sortNumber(1), '-1')).toEqual(['排序不能小于 0']);
    expect(trimmedText(3).parse(' ab ')).toBe('ab');
    expect(messages(trimmedText(3, '太长'), 'abcd')).toEqual(['太长']);
  });
});
