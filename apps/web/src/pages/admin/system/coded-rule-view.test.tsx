import { CheckRuleCreateInput, type CheckRuleJson, CheckRuleUpdateInput, type CodedRuleRecord } from '@odp/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MutationRowAction } from '@/components/ResourcePage';
import { defineCodedRuleView } from './coded-rule-view';

afterEach(cleanup);

const remove = vi.fn(async () => null);
const view = defineCodedRuleView<CheckRuleJson, CheckRuleCreateInput, CheckRuleUpdateInput>({
  title: '编码校验规则',
  noun: '校验规则',
  queryKeys: { all: ['checkRule'], list: () => ['checkRule', 'list'] },
  api: { list: vi.fn(), create: vi.fn(), update: vi.fn(), remove },
  editPermission: 'system:checkRule:edit',
  schemas: { create: CheckRuleCreateInput, update: CheckRuleUpdateInput },
  codeColumnWidth: 150,
  placeholders: { ruleName: '如 机构编码', ruleCode: '如 org_code' },
  parts: {
    title: '校验段',
    columnWidth: 380,
    tag: (s) => ({ text: s.kind === 'literal' ? `“${s.value}”` : `${s.length} 位` }),
    problem: () => null,
    editor: () => null,
    initial: [{ kind: 'upper', length: 2 }],
  },
  formWidth: 760,
  deleteWarning: '引用该规则的表单将无法校验。',
  actionWidth: 180,
});

const rule: CodedRuleRecord<CheckRuleJson> = {
  id: '3f2b7c1e-8a4d-4c2b-9e1f-0a1b2c3d4e5f',
  ruleName: '机构编码',
  ruleCode: 'org_code',
  ruleJson: [
    { kind: 'literal', value: 'JG' },
    { kind: 'digit', length: 3 },
  ],
  description: null,
  createTime: '2026-01-01T00:00:00.000Z',
};

const partsCell = (record: CodedRuleRecord<CheckRuleJson>) => {
  const column = view.columns.find((c) => c.dataIndex === 'ruleJson');
  return column?.render?.(null, record, 0, undefined as never, undefined as never) as ReactElement;
};

describe('defineCodedRuleView', () => {
  it('lists the parts as tags, and a rule whose parts did not parse as 配置无效', () => {
    render(partsCell(rule));
    expect(screen.getByText('“JG”')).toBeTruthy();
    expect(screen.getByText('3 位')).toBeTruthy();
    cleanup();
    render(partsCell({ ...rule, ruleJson: [] }));
    expect(screen.getByText('配置无效')).toBeTruthy();
  });

  it('keeps the stored code on edit, whatever the form holds', () => {
    const values = { ruleName: ' 新名称 ', ruleCode: 'other_code', ruleJson: rule.ruleJson, description: '' };
    expect(view.form?.toUpdate(values, rule)).toEqual({
      id: rule.id,
      ruleName: '新名称',
      ruleCode: 'org_code',
      ruleJson: rule.ruleJson,
      description: null,
    });
    expect(() => view.form?.toCreate({ ...values, ruleCode: '1bad' })).toThrow(/规则编码须以字母开头/);
  });

  it('asks before deleting, naming the rule and what breaks, then deletes it by id', async () => {
    const del = view.rowActions?.find((a) => a.key === 'delete') as MutationRowAction<CodedRuleRecord<CheckRuleJson>>;
    expect(del.permission).toBe('system:checkRule:edit');
    expect(del.confirm?.(rule)).toBe('确定删除校验规则「机构编码」吗？引用该规则的表单将无法校验。');
    await del.run(rule);
    expect(remove).toHaveBeenCalledWith(rule.id);
  });
});
