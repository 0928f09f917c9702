import { ProForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import {
  CheckRuleCreateInput,
  type CheckRuleRecord,
  type CheckRuleSegment,
  CheckRuleUpdateInput,
  describeSegment,
  Perm,
} from '@odp/contracts';
import { Space, Tag, Typography } from 'antd';
import { addCheckRule, checkRuleKeys, deleteCheckRule, editCheckRule, listCheckRules } from '@/api/system/check-rule';
import { defineResourceView, problemRule, ResourcePage, zodRule } from '@/components/ResourcePage';
import { CheckRuleSegmentsEditor, segmentsProblem } from './CheckRuleSegmentsEditor';
import { CheckRuleTester } from './CheckRuleTester';

type CheckRuleFormValues = {
  ruleName: string;
  ruleCode: string;
  ruleJson: CheckRuleSegment[];
  description?: string | null;
};

const field = CheckRuleCreateInput.shape;

const checkRuleView = defineResourceView<
  CheckRuleRecord,
  CheckRuleCreateInput,
  CheckRuleUpdateInput,
  CheckRuleFormValues
>({
  title: '编码校验规则',
  noun: '校验规则',
  rowKey: 'id',
  queryKeys: checkRuleKeys,
  api: { list: listCheckRules, create: addCheckRule, update: editCheckRule },
  permissions: { add: Perm.checkRuleEdit, edit: Perm.checkRuleEdit },
  columns: [
    { title: '规则名称', dataIndex: 'ruleName', searchable: true, sorter: true, width: 160 },
    { title: '规则编码', dataIndex: 'ruleCode', searchable: true, sorter: true, width: 150, copyable: true },
    {
      title: '校验段',
      dataIndex: 'ruleJson',
      width: 380,
      render: (_dom, rule) =>
        rule.ruleJson.length === 0 ? (
          <Typography.Text type="danger">配置无效</Typography.Text>
        ) : (
          <Space size={[4, 4]} wrap>
            {rule.ruleJson.map((s, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional
              <Tag key={i}>{describeSegment(s)}</Tag>
            ))}
          </Space>
        ),
    },
    { title: '描述', dataIndex: 'description', ellipsis: true, width: 220 },
    { title: '创建时间', dataIndex: 'createTime', valueType: 'dateTime', sorter: true, width: 170 },
  ],
  form: {
    width: 760,
    initialValues: { ruleJson: [{ kind: 'upper', length: 2 }] },
    fields: ({ mode }) => (
      <>
        <ProFormText name="ruleName" label="规则名称" placeholder="如 机构编码" rules={[zodRule(field.ruleName)]} />
        <ProFormText
          name="ruleCode"
          label="规则编码"
          placeholder="字母开头，字母、数字或下划线，如 org_code"
          // Forms ask for a rule by its code, so it is fixed once created.
          disabled={mode === 'edit'}
          rules={mode === 'create' ? [zodRule(field.ruleCode, { required: '请输入规则编码' })] : []}
        />
        <ProForm.Item
          name="ruleJson"
          label="校验段"
          extra="各段按顺序匹配，须恰好覆盖整个值"
          required
          rules={[problemRule(segmentsProblem)]}
        >
          <CheckRuleSegmentsEditor />
        </ProForm.Item>
        <ProFormTextArea
          name="description"
          label="描述"
          placeholder="请输入描述"
          rules={[zodRule(field.description)]}
        />
      </>
    ),
    toValues: (rule) => ({
      ruleName: rule.ruleName,
      ruleCode: rule.ruleCode,
      ruleJson: rule.ruleJson,
      description: rule.description,
    }),
    toCreate: (values) => CheckRuleCreateInput.parse(values),
    toUpdate: (values, rule) => CheckRuleUpdateInput.parse({ ...values, ruleCode: rule.ruleCode, id: rule.id }),
  },
  rowActions: [
    { key: 'test', render: (rule) => <CheckRuleTester rule={rule} /> },
    {
      key: 'delete',
      permission: Perm.checkRuleEdit,
      label: '删除',
      danger: true,
      confirm: (rule) => `确定删除校验规则「${rule.ruleName}」吗？引用该规则的表单将无法校验。`,
      run: (rule) => deleteCheckRule(rule.id),
      success: '删除成功',
    },
  ],
  actionWidth: 180,
});

/** 编码校验规则 (/system/checkRule): segment rules that codes are checked against, with a tester. */
export default function CheckRulePage() {
  return <ResourcePage view={checkRuleView} />;
}
