import {
  FILL_PART_LABEL,
  FILL_RESET_LABEL,
  FillRuleCreateInput,
  type FillRuleJson,
  FillRuleUpdateInput,
  Perm,
} from '@odp/contracts';
import { Alert } from 'antd';
import { addFillRule, deleteFillRule, editFillRule, fillRuleKeys, listFillRules } from '@/api/system/fill-rule';
import { ResourcePage } from '@/components/ResourcePage';
import { defineCodedRuleView } from './coded-rule-view';
import { FillRulePartsEditor, partsProblem } from './FillRulePartsEditor';

const fillRuleView = defineCodedRuleView<FillRuleJson, FillRuleCreateInput, FillRuleUpdateInput>({
  title: '填值规则',
  noun: '填值规则',
  queryKeys: fillRuleKeys,
  api: { list: listFillRules, create: addFillRule, update: editFillRule, remove: deleteFillRule },
  editPermission: Perm.fillRuleEdit,
  schemas: { create: FillRuleCreateInput, update: FillRuleUpdateInput },
  codeColumnWidth: 160,
  placeholders: { ruleName: '如 数据申请编号', ruleCode: '字母开头，字母、数字或下划线，如 data_apply_no' },
  parts: {
    title: '规则组成',
    columnWidth: 360,
    // 「SQ」 日期 YYYYMMDD 流水号 4 位（按日重置）
    tag: (p) =>
      p.type === 'text'
        ? { text: `「${p.value}」`, color: 'default' }
        : p.type === 'date'
          ? { text: `${FILL_PART_LABEL.date} ${p.format}`, color: 'green' }
          : { text: `${FILL_PART_LABEL.seq} ${p.length} 位（${FILL_RESET_LABEL[p.reset]}）`, color: 'blue' },
    problem: partsProblem,
    editor: (rule) => <FillRulePartsEditor ruleCode={rule?.ruleCode} />,
    initial: [
      { type: 'text', value: 'NO' },
      { type: 'date', format: 'YYYYMMDD' },
      { type: 'seq', length: 4, reset: 'daily' },
    ],
  },
  formWidth: 720,
  deleteWarning: '使用该规则编号的功能将无法取号。',
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
