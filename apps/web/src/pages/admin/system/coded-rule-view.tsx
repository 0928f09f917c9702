import { ProForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import type { CodedRuleRecord } from '@odp/contracts';
import { Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import {
  defineResourceView,
  problemRule,
  type RenderRowAction,
  type ResourceApi,
  type ResourceQueryKeys,
  type ResourceView,
  zodRule,
} from '@/components/ResourcePage';

type Values<Json> = { ruleName: string; ruleCode: string; ruleJson: Json; description?: string | null };

type Parses<T> = { parse(value: unknown): T };
type FieldSchema = Parameters<typeof zodRule>[0];

/** What one kind of coded rule (填值规则, 编码校验规则) brings to the shared list and form. */
export type CodedRuleKind<Json extends unknown[], Create, Update> = {
  title: string;
  noun: string;
  queryKeys: ResourceQueryKeys;
  api: Required<Pick<ResourceApi<CodedRuleRecord<Json>, Create, Update>, 'list' | 'create' | 'update'>> & {
    remove: (id: string) => Promise<unknown>;
  };
  /** The kind's edit permission: adding, editing and deleting all need it. */
  editPermission: string;
  schemas: {
    create: Parses<Create> & { shape: { ruleName: FieldSchema; ruleCode: FieldSchema; description: FieldSchema } };
    update: Parses<Update>;
  };
  codeColumnWidth: number;
  placeholders: { ruleName: string; ruleCode: string };
  /** The column and form item of the rule's parts, and the control that edits them. */
  parts: {
    title: string;
    columnWidth: number;
    /** One part as a tag of the list. */
    tag: (part: Json[number]) => { text: string; color?: string };
    extra?: string;
    problem: (parts: unknown) => string | null;
    editor: (record?: CodedRuleRecord<Json>) => ReactNode;
    initial: Json;
  };
  formWidth: number;
  /** What deleting the rule breaks, said in the confirmation. */
  deleteWarning: string;
  rowActions?: RenderRowAction<CodedRuleRecord<Json>>[];
  actionWidth: number;
};

/** The parts of a stored rule as tags; a rule whose parts no longer parse arrives with none. */
function RuleParts<Part>({ parts, tag }: { parts: Part[]; tag: (part: Part) => { text: string; color?: string } }) {
  if (parts.length === 0) return <Typography.Text type="danger">配置无效</Typography.Text>;
  return (
    <Space size={[4, 4]} wrap>
      {parts.map((part, i) => {
        const { text, color } = tag(part);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional
          <Tag key={i} color={color}>
            {text}
          </Tag>
        );
      })}
    </Space>
  );
}

/** The list and form of a kind of coded rule: name, code (fixed once created), parts, description. */
export function defineCodedRuleView<Json extends unknown[], Create, Update>(
  kind: CodedRuleKind<Json, Create, Update>,
): ResourceView<CodedRuleRecord<Json>, Create, Update, Values<Json>> {
  const field = kind.schemas.create.shape;
  return defineResourceView<CodedRuleRecord<Json>, Create, Update, Values<Json>>({
    title: kind.title,
    noun: kind.noun,
    rowKey: 'id',
    queryKeys: kind.queryKeys,
    api: { list: kind.api.list, create: kind.api.create, update: kind.api.update },
    permissions: { add: kind.editPermission, edit: kind.editPermission },
    columns: [
      { title: '规则名称', dataIndex: 'ruleName', searchable: true, sorter: true, width: 160 },
      {
        title: '规则编码',
        dataIndex: 'ruleCode',
        searchable: true,
        sorter: true,
        width: kind.codeColumnWidth,
        copyable: true,
      },
      {
        title: kind.parts.title,
        dataIndex: 'ruleJson',
        width: kind.parts.columnWidth,
        render: (_dom, rule) => <RuleParts parts={rule.ruleJson} tag={kind.parts.tag} />,
      },
      { title: '描述', dataIndex: 'description', ellipsis: true, width: 220 },
      { title: '创建时间', dataIndex: 'createTime', valueType: 'dateTime', sorter: true, width: 170 },
    ],
    form: {
      width: kind.formWidth,
      initialValues: { ruleJson: kind.parts.initial },
      fields: ({ mode, record }) => (
        <>
          <ProFormText
            name="ruleName"
            label="规则名称"
            placeholder={kind.placeholders.ruleName}
            rules={[zodRule(field.ruleName)]}
          />
          <ProFormText
            name="ruleCode"
            label="规则编码"
            placeholder={kind.placeholders.ruleCode}
            // Forms ask for a rule by its code, and a fill rule counts its numbers per code: renaming
            // would break the forms or start the numbers again, so the code is fixed once created.
            disabled={mode === 'edit'}
            rules={mode === 'create' ? [zodRule(field.ruleCode, { required: '请输入规则编码' })] : []}
          />
          <ProForm.Item
            name="ruleJson"
            label={kind.parts.title}
            extra={kind.parts.extra}
            required
            rules={[problemRule(kind.parts.problem)]}
          >
            {kind.parts.editor(mode === 'edit' ? record : undefined)}
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
      toCreate: (values) => kind.schemas.create.parse(values),
      toUpdate: (values, rule) => kind.schemas.update.parse({ ...values, ruleCode: rule.ruleCode, id: rule.id }),
    },
    rowActions: [
      ...(kind.rowActions ?? []),
      {
        key: 'delete',
        permission: kind.editPermission,
        label: '删除',
        danger: true,
        confirm: (rule) => `确定删除${kind.noun}「${rule.ruleName}」吗？${kind.deleteWarning}`,
        run: (rule) => kind.api.remove(rule.id),
        success: '删除成功',
      },
    ],
    actionWidth: kind.actionWidth,
  });
}
