import {
  type BatchResult,
  commentRefusal,
  type Machine,
  TASK_DECISION_LABEL,
  type TaskDecision,
  TaskStatus,
} from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Select, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { defineResourceView, type ResourceColumn, ResourcePage, useCan } from '../ResourcePage';
import { ActionDialog } from './ActionDialog';
import type { InboxDecision, TaskInbox, TaskRow, TaskStatusCode } from './types';

type Tab = '1' | '2';

const DECISION_COLORS: Record<TaskDecision, string> = { approve: 'success', reject: 'error', recall: 'default' };
const DECIDED: Record<InboxDecision, string> = { approve: '审核通过', reject: '已驳回' };

const time = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '-');

/** The transitions that close a task with this decision: they carry its permission and comment rule. */
const closing = (machine: Machine, decision: InboxDecision) =>
  machine.transitions.filter((t) => t.task && 'closes' in t.task && t.task.decision === decision);

/** The list is asked for one status; the page keeps it among the fixed filters under this name. */
const STATUS_PARAM = 'taskStatus';
const statusOf = (value: unknown): TaskStatusCode =>
  Number(value) === TaskStatus.done ? TaskStatus.done : TaskStatus.open;

function useCount<Item extends TaskRow>(inbox: TaskInbox<Item>, status: TaskStatusCode) {
  return useQuery({
    queryKey: inbox.queryKeys.list({ pageNo: 1, pageSize: 1, [STATUS_PARAM]: status, count: true }),
    queryFn: () => inbox.list({ pageNo: 1, pageSize: 1 }, status),
    select: (page) => page.total,
  }).data;
}

type Deciding<Item> = { decision: InboxDecision; items: Item[]; after?: () => void };

/**
 * A reviewers' inbox (e.g. 目录审核): tabs 待处理 / 已处理 with their counts, the record's columns and
 * filters, and 通过 / 驳回 of one task, from its drawer or of a selection, with a per-record result.
 */
export function TaskInboxPage<Item extends TaskRow>({ inbox }: { inbox: TaskInbox<Item> }) {
  const can = useCan();
  const [tab, setTab] = useState<Tab>('1');
  const [viewing, setViewing] = useState<Item | null>(null);
  const [deciding, setDeciding] = useState<Deciding<Item> | null>(null);
  const pending = useCount(inbox, TaskStatus.open);
  const done = useCount(inbox, TaskStatus.done);
  const canDecide = (['approve', 'reject'] as const).some((d) =>
    closing(inbox.machine, d).some((t) => can(t.permission)),
  );
  const isPending = tab === '1';

  const view = useMemo(() => {
    const decideLink = (decision: InboxDecision) => ({
      key: decision,
      render: (item: Item) => (
        <Typography.Link
          type={decision === 'reject' ? 'danger' : undefined}
          onClick={() => setDeciding({ decision, items: [item] })}
        >
          {TASK_DECISION_LABEL[decision]}
        </Typography.Link>
      ),
    });
    const decideBatch = (decision: InboxDecision) => ({
      key: decision,
      label: `批量${TASK_DECISION_LABEL[decision]}`,
      danger: decision === 'reject',
      open: (items: Item[], finish: () => Promise<void>) =>
        setDeciding({ decision, items, after: () => void finish() }),
    });
    const columns: ResourceColumn<Item>[] = [
      {
        title: inbox.nameColumn.title,
        dataIndex: inbox.nameColumn.dataIndex,
        searchable: true,
        ellipsis: true,
        width: 220,
        render: (_dom, item) => (
          <Typography.Link onClick={() => setViewing(item)} title={inbox.nameOf(item)}>
            {inbox.nameOf(item)}
          </Typography.Link>
        ),
      },
      ...(inbox.columns?.(isPending) ?? []),
      {
        title: '类型',
        dataIndex: inbox.typeField,
        searchable: true,
        width: 100,
        render: (_dom, item) => <Tag color={inbox.typeColors?.[String(item[inbox.typeField])]}>{item.typeLabel}</Tag>,
        renderFormItem: () => (
          <Select
            placeholder="请选择"
            allowClear
            options={Object.entries(inbox.machine.tasks ?? {}).map(([value, label]) => ({ value, label }))}
          />
        ),
      },
      { title: '发起部门', dataIndex: 'launchDepartName', ellipsis: true, width: 140 },
      { title: '提交人', dataIndex: 'submitter', width: 90, hideInTable: !isPending },
      {
        title: '提交时间',
        dataIndex: 'submitTime',
        width: 150,
        hideInTable: !isPending,
        render: (_dom, item) => time(item.submitTime),
      },
      {
        title: '申请说明',
        key: 'request',
        ellipsis: true,
        width: 180,
        hideInTable: !isPending,
        render: (_dom, item) => inbox.requestOf(item),
      },
      {
        title: '审核结果',
        dataIndex: 'decision',
        width: 90,
        hideInTable: isPending,
        render: (_dom, item) =>
          item.decision ? <Tag color={DECISION_COLORS[item.decision]}>{item.decisionLabel ?? item.decision}</Tag> : '-',
      },
      {
        title: '审核意见',
        dataIndex: 'comment',
        ellipsis: true,
        width: 180,
        hideInTable: isPending,
        render: (_dom, item) => item.comment || '-',
      },
      {
        title: '审核人',
        dataIndex: 'handler',
        width: 90,
        hideInTable: isPending,
        render: (_dom, item) => item.handler || '-',
      },
      {
        title: '审核时间',
        dataIndex: 'approvalTime',
        width: 150,
        hideInTable: isPending,
        render: (_dom, item) => time(item.approvalTime),
      },
    ];
    return defineResourceView<Item>({
      title: inbox.title,
      noun: inbox.noun,
      rowKey: 'id',
      queryKeys: inbox.queryKeys,
      api: { list: ({ [STATUS_PARAM]: status, ...params }) => inbox.list(params, statusOf(status)) },
      actionWidth: isPending ? 150 : 70,
      columns,
      rowActions: [
        {
          key: 'view',
          render: (item) => <Typography.Link onClick={() => setViewing(item)}>查看</Typography.Link>,
        },
        ...(isPending && canDecide ? [decideLink('approve'), decideLink('reject')] : []),
      ],
      batchActions: isPending && canDecide ? [decideBatch('approve'), decideBatch('reject')] : [],
    });
  }, [inbox, isPending, canDecide]);

  const countLabel = (label: string, count: number | undefined) =>
    count === undefined ? label : `${label}（${count}）`;

  return (
    <>
      <ResourcePage
        view={view}
        params={{ [STATUS_PARAM]: Number(tab) }}
        tabs={{
          activeKey: tab,
          items: [
            { key: '1', label: countLabel('待处理', pending) },
            { key: '2', label: countLabel('已处理', done) },
          ],
          onChange: (key) => setTab(key === '2' ? '2' : '1'),
        }}
      />
      <TaskDrawer
        inbox={inbox}
        item={viewing}
        canDecide={isPending && canDecide && viewing?.status === TaskStatus.open}
        onClose={() => setViewing(null)}
        onDecide={(decision, item) => setDeciding({ decision, items: [item], after: () => setViewing(null) })}
      />
      {deciding && (
        <DecisionDialog
          key={`${deciding.decision}:${deciding.items.map((item) => item.id).join(',')}`}
          inbox={inbox}
          decision={deciding.decision}
          items={deciding.items}
          onClose={() => setDeciding(null)}
          onDone={deciding.after}
        />
      )}
    </>
  );
}

type DecisionProps<Item extends TaskRow> = {
  inbox: TaskInbox<Item>;
  decision: InboxDecision;
  items: Item[];
  onClose: () => void;
  /** After the decision went through for at least one task. */
  onDone?: () => void;
};

/** 通过 / 驳回 of one or several tasks, with the comment the machine asks of the decision. */
function DecisionDialog<Item extends TaskRow>({ inbox, decision, items, onClose, onDone }: DecisionProps<Item>) {
  const label = TASK_DECISION_LABEL[decision];
  const single = items.length === 1;
  const needsComment = closing(inbox.machine, decision).find((t) => t.commentRequired);
  const names = new Map(items.map((item) => [inbox.subjectIdOf(item), inbox.nameOf(item)]));
  const ids = [...names.keys()];
  return (
    <ActionDialog
      title={single ? `审核${label}` : `批量${label}`}
      okText={label}
      danger={decision === 'reject'}
      formName="decision"
      question={
        single
          ? `${items[0]?.typeLabel}：${items[0] ? inbox.nameOf(items[0]) : ''}`
          : `已选择 ${items.length} 条${inbox.noun}，将逐条${label}；不能处理的${inbox.noun}会说明原因。`
      }
      comment={{
        label: '审核意见',
        required: Boolean(needsComment),
        missing: (needsComment && commentRefusal(needsComment, null)) || '',
        placeholder: decision === 'reject' ? '请说明驳回原因，提交人将收到此意见' : '选填',
        rows: 4,
      }}
      outcome={{
        label,
        success: DECIDED[decision],
        batchTitle: `批量${label}`,
        noun: inbox.machine.label,
        ids,
        nameOf: (id) => names.get(id) ?? id,
        silent: inbox.silent,
        invalidates: inbox.invalidates,
      }}
      run={({ comment }) => inbox.decide(decision, ids, comment)}
      onClose={onClose}
      onDone={(result: BatchResult) => {
        if (result.succeeded.length > 0) onDone?.();
      }}
    />
  );
}

type DrawerProps<Item extends TaskRow> = {
  inbox: TaskInbox<Item>;
  item: Item | null;
  canDecide: boolean;
  onClose: () => void;
  onDecide: (decision: InboxDecision, item: Item) => void;
};

/** A task with the request, its decision once taken, and the record under review. */
function TaskDrawer<Item extends TaskRow>({ inbox, item, canDecide, onClose, onDecide }: DrawerProps<Item>) {
  return (
    <Drawer
      open={item !== null}
      width={Math.min(1100, window.innerWidth - 64)}
      title={item ? `${item.typeLabel}：${inbox.nameOf(item)}` : ''}
      onClose={onClose}
      destroyOnHidden
      extra={
        item &&
        canDecide && (
          <Space>
            <Button danger onClick={() => onDecide('reject', item)}>
              {TASK_DECISION_LABEL.reject}
            </Button>
            <Button type="primary" onClick={() => onDecide('approve', item)}>
              {TASK_DECISION_LABEL.approve}
            </Button>
          </Space>
        )
      }
    >
      {item && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
            items={[
              { key: 'type', label: '审核类型', children: item.typeLabel },
              { key: 'depart', label: '发起部门', children: item.launchDepartName || '-' },
              { key: 'submitter', label: '提交人', children: item.submitter || '-' },
              { key: 'time', label: '提交时间', children: time(item.submitTime) },
              { key: 'request', label: '申请说明', children: inbox.requestOf(item), span: 2 },
              ...(item.decision
                ? [
                    { key: 'decision', label: '审核结果', children: item.decisionLabel ?? item.decision },
                    { key: 'handler', label: '审核人', children: item.handler || '-' },
                    { key: 'comment', label: '审核意见', children: item.comment || '-', span: 2 },
                  ]
                : []),
            ]}
          />
          {inbox.detail(item)}
        </Space>
      )}
    </Drawer>
  );
}
