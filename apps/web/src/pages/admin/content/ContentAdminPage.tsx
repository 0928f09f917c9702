import { PlusOutlined } from '@ant-design/icons';
import {
  type ContentAction,
  type ContentItem,
  type ContentKind,
  ContentPerm,
  contentMachineFor,
  contentStatusLabel,
  DOCUMENT_TYPE_LABEL,
  DOCUMENT_TYPES,
  FAQ_CATEGORIES,
  FAQ_CATEGORY_LABEL,
} from '@odp/contracts';
import { Button, DatePicker, Form, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { type ContentArea, contentKeys, listContent, transitionContent } from '@/api/content';
import { defineResourceView, type ListParams, ResourcePage, useCan } from '@/components/ResourcePage';
import { defineWorkflow, useTransitions, WorkflowButtons } from '@/components/Workflow';
import { ContentFormDrawer } from './ContentFormDrawer';

export type ContentPageConfig = {
  area: ContentArea;
  kind: ContentKind;
  /** 新闻动态 / 政策法规: the page's fixed informationType. */
  type?: '1' | '2';
  title: string;
  noun: string;
  /** The list's title filter under the original's name. */
  titleParam: 'informationName' | 'dataName' | 'question';
  titleLabel: string;
};

const STATUS_COLORS: Record<string, string> = { '1': 'default', '2': 'processing', '3': 'success', '4': 'warning' };

function workflowOf(config: ContentPageConfig) {
  return defineWorkflow<ContentItem, ContentAction>({
    machine: contentMachineFor(config.kind),
    idOf: (r) => r.id,
    nameOf: (r) => r.title,
    stateOf: (r) => ({ status: r.status }),
    offers: ['publish', 'schedule', 'unschedule', 'withdraw', 'pin', 'unpin', 'delete'],
    run: (action, ids, input) => {
      const at = input.appointTime as Dayjs | undefined;
      return transitionContent(config.area, action, ids, at ? at.toISOString() : undefined);
    },
    invalidates: [contentKeys.all],
    confirm: 'popconfirm',
    dialogs: {
      schedule: {
        question: ([r]) => `预约发布“${r?.title}”`,
        hint: '到达预约时间后由系统自动发布',
        comment: false,
        fields: (
          <Form.Item name="appointTime" label="预约时间" rules={[{ required: true, message: '请选择预约发布时间' }]}>
            <DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
          </Form.Item>
        ),
      },
      withdraw: {
        question: ([r]) => `确定${config.kind === 'faq' ? '下架' : '撤回'}“${r?.title}”吗？访客将不再看到它。`,
      },
      delete: { question: ([r]) => `是否确认删除“${r?.title}”？` },
    },
  });
}

const timeText = (r: ContentItem) =>
  r.status === '2' && r.appointTime
    ? `预约 ${r.appointTime.slice(0, 16).replace('T', ' ')}`
    : r.releaseTime
      ? new Date(r.releaseTime).toLocaleString('zh-CN', { hour12: false })
      : '-';

/**
 * One back-office list of content (新闻动态, 政策法规, 资料管理, 常见问题): filters, the publish
 * machine's buttons per row (上架/下架 for FAQ), 置顶, and the edit form with 保存 / 立即发布 / 预约发布.
 */
export function ContentAdminPage({ config }: { config: ContentPageConfig }) {
  const can = useCan();
  const [editing, setEditing] = useState<{ record?: ContentItem } | null>(null);
  const workflow = useMemo(() => workflowOf(config), [config]);
  const transitions = useTransitions(workflow);
  const batchActions = useMemo(
    () => transitions.batchActions(['publish', 'withdraw', 'delete']),
    [transitions.batchActions],
  );

  const view = useMemo(
    () =>
      defineResourceView<ContentItem>({
        title: config.title,
        noun: config.noun,
        rowKey: 'id',
        queryKeys: { all: [...contentKeys.all, config.area], list: (p) => contentKeys.list(config.area, p) },
        api: {
          list: (params: ListParams) => {
            const { title, status, type, ...rest } = params as ListParams & Record<string, string | undefined>;
            return listContent(config.area, {
              ...rest,
              [config.titleParam]: title,
              releaseState: status,
              ...(config.kind === 'information' ? { informationType: config.type } : {}),
              ...(config.kind === 'document' ? { dataManagementType: type } : {}),
              ...(config.kind === 'faq' ? { category: type } : {}),
            });
          },
        },
        columns: [
          {
            title: config.titleLabel,
            dataIndex: 'title',
            searchable: true,
            ellipsis: true,
            width: 280,
            render: (_dom, r) => (
              <Space size={4}>
                {r.isTop && <Tag color="red">置顶</Tag>}
                <Typography.Link onClick={() => setEditing({ record: r })}>{r.title}</Typography.Link>
              </Space>
            ),
          },
          ...(config.kind === 'document'
            ? [
                {
                  title: '资料类型',
                  dataIndex: 'type',
                  searchable: true,
                  width: 100,
                  valueType: 'select' as const,
                  valueEnum: Object.fromEntries(DOCUMENT_TYPES.map((t) => [t.value, { text: t.text }])),
                  render: (_dom: unknown, r: ContentItem) => DOCUMENT_TYPE_LABEL[r.type] ?? r.type,
                },
                {
                  title: '发布范围',
                  dataIndex: 'releaseScope',
                  width: 140,
                  render: (_dom: unknown, r: ContentItem) =>
                    r.releaseScope.length ? `${r.releaseScope.length} 个角色` : '所有人',
                },
              ]
            : []),
          ...(config.kind === 'faq'
            ? [
                {
                  title: '分类',
                  dataIndex: 'type',
                  searchable: true,
                  width: 100,
                  valueType: 'select' as const,
                  valueEnum: Object.fromEntries(FAQ_CATEGORIES.map((t) => [t.value, { text: t.text }])),
                  render: (_dom: unknown, r: ContentItem) => FAQ_CATEGORY_LABEL[r.type] ?? r.type,
                },
                { title: '排序', dataIndex: 'sortNo', width: 70 },
              ]
            : []),
          {
            title: '状态',
            dataIndex: 'status',
            searchable: true,
            width: 100,
            valueType: 'select',
            valueEnum: Object.fromEntries(
              ['1', '2', '3', '4'].map((s) => [s, { text: contentStatusLabel(config.kind, s) }]),
            ),
            render: (_dom, r) => <Tag color={STATUS_COLORS[r.status]}>{contentStatusLabel(config.kind, r.status)}</Tag>,
          },
          { title: '发布时间', dataIndex: 'releaseTime', width: 170, render: (_dom, r) => timeText(r) },
          { title: '操作人', dataIndex: 'releasePerson', width: 100, render: (_dom, r) => r.releasePerson ?? '-' },
          ...(config.kind === 'information' ? [{ title: '访问量', dataIndex: 'viewNum', width: 80 }] : []),
        ],
        rowActions: [
          {
            key: 'workflow',
            render: (r) => (
              <WorkflowButtons
                workflow={workflow}
                item={r}
                variant="link"
                offers={['edit', 'publish', 'schedule', 'unschedule', 'withdraw', r.isTop ? 'unpin' : 'pin', 'delete']}
                handlers={{ edit: (record) => setEditing({ record }) }}
              />
            ),
          },
        ],
        batchActions,
        actionWidth: 260,
      }),
    [config, workflow, batchActions],
  );

  return (
    <>
      <ResourcePage
        view={view}
        toolbar={() =>
          can(ContentPerm.edit)
            ? [
                <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
                  新增{config.noun}
                </Button>,
              ]
            : []
        }
      />
      {transitions.element}
      {editing && <ContentFormDrawer config={config} record={editing.record} onClose={() => setEditing(null)} />}
    </>
  );
}
