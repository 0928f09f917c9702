import { CheckRuleCreateInput, type CheckRuleJson, CheckRuleUpdateInput, describeSegment, Perm } from '@odp/contracts';
import { addCheckRule, checkRuleKeys, deleteCheckRule, editCheckRule, listCheckRules } from '@/api/system/check-rule';
import { ResourcePage } from '@/components/ResourcePage';
import { CheckRuleSegmentsEditor, segmentsProblem } from './CheckRuleSegmentsEditor';
import { CheckRuleTester } from './CheckRuleTester';
import { defineCodedRuleView } from './coded-rule-view';

const checkRuleView = defineCodedRuleView<CheckRuleJson, CheckRuleCreateInput, CheckRuleUpdateInput>({
  title: '编码校验规则',
  noun: '校验规则',
  queryKeys: checkRuleKeys,
  api: { list: listCheckRules, create: addCheckRule, update: editCheckRule, remove: deleteCheckRule },
  editPermission: Perm.checkRuleEdit,
  schemas: { create: CheckRuleCreateInput, update: CheckRuleUpdateInput },
  codeColumnWidth: 150,
  placeholders: { ruleName: '如 机构编码', ruleCode: '字母开头，字母、数字或下划线，如 org_code' },
  parts: {
    title: '校验段',
    columnWidth: 380,
    tag: (segment) => ({ text: describeSegment(segment) }),
    extra: '各段按顺序匹配，须恰好覆盖整个值',
    problem: segmentsProblem,
    editor: () => <CheckRuleSegmentsEditor />,
    initial: [{ kind: 'upper', length: 2 }],
  },
  formWidth: 760,
  deleteWarning: '引用该规则的表单将无法校验。',
  rowActions: [{ key: 'test', render: (rule) => <CheckRuleTester rule={rule} /> }],
  actionWidth: 180,
});

/** 编码校验规则 (/system/checkRule): segment rules that codes are checked against, with a tester. */
export default function CheckRulePage() {
  return <ResourcePage view={checkRuleView} />;
}
