import { ProForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import {
  FILL_PART_LABEL,
  FILL_RESET_LABEL,
  FillRuleCreateInput,
  type FillRulePart,
  type FillRuleRecord,
  FillRuleUpdateInput,
  Perm,
} from '@odp/contracts';
import { Alert, Space, Tag, Typography } from 'antd';
import { addFillRule, deleteFillRule, editFillRule, fillRuleKeys, listFillRules } from '@/api/system/fill-rule';
import { defineResourceView, problemRule, ResourcePage, zodRule } from '@/components/ResourcePage';
import { FillRulePartsEditor, partsProblem } from './FillRulePartsEditor';

type FillRuleFormValues = {
  ruleName: string;
  ruleCode: string;
  ruleJson: FillRulePart[];
  description?: string | null;
};

const field = FillRuleCreateInput.shape;

/** A part in a few words, for the list: 「SQ」 日期 YYYYMMDD 流水号 4 位（按日重置）. */
function PartTags({ parts }: { parts: FillRulePart[] }) {
  if (parts.length === 0) return <Typography.Text type="danger">配置无效</Typography.Text>;
  return (
    <Space size={[4, 4]} wrap>
      {parts.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional
        <Tag key={i} color={p.type === 'seq' ? 'blue' : p.type === 'date' ? 'green' : 'default'}>
          {p.type === 'text'
            ? `「${p.value}」`
            : p.type === 'date'
              ? `${FILL_PART_LABEL.date} ${p.format}`
              : `${FILL_PART_LABEL.seq} ${p.length} 位（${FILL_RESET_LABEL[p.reset]}）`}
        </Tag>
      ))}
    </Space>
  );
}

const fillRuleView = defineResourceView<FillRuleRecord, FillRuleCreateInput, FillRuleUpdateInput, FillRuleFormValues>({
  title: '填值规则',
  noun: '填值规则',
  rowKey: 'id',
  queryKeys: fillRuleKeys,
  api: { list: listFillRules, create: addFillRule, update: editFillRule },
  permissions: { add: Perm.fillRuleEdit, edit: Perm.fillRuleEdit },
  columns: [
    { title: '规则名称', dataIndex: 'ruleName', searchable: true, sorter: true, width: 160 },
    { title: '规则编码', dataIndex: 'ruleCode', searchable: true, sorter: true, width: 160, copyable: true },
    {
      title: '规则组成',
      dataIndex: 'ruleJson',
      width: 360,
      render: (_dom, rule) => <PartTags parts={rule.ruleJson} />,
    },
    { title: '描述', dataIndex: 'description', ellipsis: true, width: 220 },
    { title: '创建时间', dataIndex: 'createTime', valueType: 'dateTime', sorter: true, width: 170 },
  ],
  form: {
    width: 720,
    initialValues: {
      ruleJson: [
        { type: 'text', value: 'NO' },
        { type: 'date', format: 'YYYYMMDD' },
        { type: 'seq', length: 4, reset: 'daily' },
      ],
    },
    fields: ({ mode, record }) => (
      <>
        <ProFormText name="ruleName" label="规则名称" placeholder="如 数据申请编号" rules={[zodRule(field.ruleName)]} />
        <ProFormText
          name="ruleCode"
          label="规则编码"
          placeholder="字母开头，字母、数字或下划线，如 data_apply_no"
          // Numbers are counted per code: renaming would start them again and could repeat values.
          disabled={mode === 'edit'}
          rules={mode === 'create' ? [zodRule(field.ruleCode, { required: '请输入规则编码' })] : []}
        />
        <ProForm.Item name="ruleJson" label="规则组成" required rules={[problemRule(partsProblem)]}>
          <FillRulePartsEditor ruleCode={mode === 'edit' ? record?.ruleCode : undefined} />
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
    toCreate: (values) => FillRuleCreateInput.parse(values),
    toUpdate: (values, rule) => FillRuleUpdateInput.parse({ ...values, ruleCode: rule.ruleCode, id: rule.id }),
  },
  rowActions: [
    {
      key: 'delete',
      permission: Perm.fillRuleEdit,
      label: '删除',
      danger: true,
      confirm: (rule) => `确定删除填值规则「${rule.ruleName}」吗？使用该规则编号的功能将无法取号。`,
      run: (rule) => deleteFillRule(rule.id),
      success: '删除成功',
    },
  ],
  actionWidth: 140,
});

/** 填值规则 (/system/fillRule): numbering rules that forms take their next code from. */
export default function FillRulePage() {
  return (
    <>
      <Alert
        style={{ marginBottom: 16 }}
        type="info"
        showIcon
        message="固定规则：信息资源代码"
        description="信息资源代码由目录的 类（基础库/专题库/其他）- 项（重点领域 2 位）- 目（部门编号 3 位）- 顺序号（4 位）组成，如 3-06-003-0001。它取自编目信息，由系统按固定规则生成，不能在此配置。"
      />
      <ResourcePage view={fillRuleView} />
    </>
  );
}
