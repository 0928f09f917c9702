import { CataloguePerm, WORK_ORDER_TYPE_LABEL, type WorkOrderItem, type WorkOrderType } from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Select, Skeleton, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { catalogueKeys, getCatalogue } from '@/api/catalogue';
import { listWorkOrders, workOrderKeys } from '@/api/workorder';
import { CatalogueDetailView } from '@/components/catalogue/CatalogueDetailView';
import { defineResourceView, type ListParams, ResourcePage, useCan } from '@/components/ResourcePage';
import { type Decision, DecisionModal } from './DecisionModal';

type Tab = '1' | '2';

const TYPE_COLORS: Record<WorkOrderType, string> = { catalog: 'blue', upShelf: 'green', offShelf: 'orange' };
const DECISION_COLORS: Record<string, string> = { approve: 'success', reject: 'error', recall: 'default' };

const time = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '-');

/** What the submitter said: the off-shelf reason and text. */
function requestText(order: WorkOrderItem) {
  const { payload } = order;
  return [payload?.reasonLabel, payload?.comment].filter(Boolean).join('：') || '-';
}

function useCount(type: 1 | 2) {
  return useQuery({
    queryKey: workOrderKeys.list({ type, count: true }),
    queryFn: () => listWorkOrders({ type, pageNo: 1, pageSize: 1 }),
    select: (page) => page.total,
  }).data;
}

/** 目录审核 (/review/catalogue): the reviewer's work orders, decided one by one or in batch. */
export default function WorkOrderPage() {
  const can = useCan();
  const [tab, setTab] = useState<Tab>('1');
  const [viewing, setViewing] = useState<WorkOrderItem | null>(null);
  const [deciding, setDeciding] = useState<{ decision: Decision; orders: WorkOrderItem[]; after?: () => void } | null>(
    null,
  );
  const pending = useCount(1);
  const done = useCount(2);
  const canReview = can(CataloguePerm.review);
  const isPending = tab === '1';

  const view = useMemo(
    () =>
      defineResourceView<WorkOrderItem>({
        title: '目录审核',
        noun: '工单',
        rowKey: 'id',
        queryKeys: {
          all: workOrderKeys.all,
          list: (params: ListParams) => workOrderKeys.list(params),
        },
        api: { list: (params) => listWorkOrders({ ...params, type: Number(params.type) === 2 ? 2 : 1 }) },
        actionWidth: isPending ? 150 : 70,
        columns: [
          {
            title: '目录名称',
            dataIndex: 'catalogName',
            searchable: true,
            ellipsis: true,
            width: 220,
            render: (_dom, order) => (
              <Typography.Link onClick={() => setViewing(order)} title={order.catalogName}>
                {order.catalogName}
              </Typography.Link>
            ),
          },
          { title: '信息资源代码', dataIndex: 'catalogCode', width: 140, hideInTable: !isPending },
          {
            title: '类型',
            dataIndex: 'orderType',
            searchable: true,
            width: 100,
            render: (_dom, order) => <Tag color={TYPE_COLORS[order.orderType]}>{order.typeLabel}</Tag>,
            renderFormItem: () => (
              <Select
                placeholder="请选择"
                allowClear
                options={Object.entries(WORK_ORDER_TYPE_LABEL).map(([value, label]) => ({ value, label }))}
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
            render: (_dom, order) => time(order.submitTime),
          },
          {
            title: '申请说明',
            key: 'request',
            ellipsis: true,
            width: 180,
            hideInTable: !isPending,
            render: (_dom, order) => requestText(order),
          },
          {
            title: '审核结果',
            dataIndex: 'decision',
            width: 90,
            hideInTable: isPending,
            render: (_dom, order) =>
              order.decision ? (
                <Tag color={DECISION_COLORS[order.decision]}>{order.decisionLabel ?? order.decision}</Tag>
              ) : (
                '-'
              ),
          },
          {
            title: '审核意见',
            dataIndex: 'comment',
            ellipsis: true,
            width: 180,
            hideInTable: isPending,
            render: (_dom, order) => order.comment || '-',
          },
          {
            title: '审核人',
            dataIndex: 'handler',
            width: 90,
            hideInTable: isPending,
            render: (_d, o) => o.handler || '-',
          },
          {
            title: '审核时间',
            dataIndex: 'approvalTime',
            width: 150,
            hideInTable: isPending,
            render: (_dom, order) => time(order.approvalTime),
          },
        ],
        rowActions: [
          {
            key: 'view',
            render: (order) => <Typography.Link onClick={() => setViewing(order)}>查看</Typography.Link>,
          },
          ...(isPending && canReview
            ? [
                {
                  key: 'approve',
                  render: (order: WorkOrderItem) => (
                    <Typography.Link onClick={() => setDeciding({ decision: 'approve', orders: [order] })}>
                      通过
                    </Typography.Link>
                  ),
                },
                {
                  key: 'reject',
                  render: (order: WorkOrderItem) => (
                    <Typography.Link type="danger" onClick={() => setDeciding({ decision: 'reject', orders: [order] })}>
                      驳回
                    </Typography.Link>
                  ),
                },
              ]
            : []),
        ],
        batchActions:
          isPending && canReview
            ? [
                {
                  key: 'approve',
                  label: '批量通过',
                  open: (orders, finish) => setDeciding({ decision: 'approve', orders, after: () => void finish() }),
                },
                {
                  key: 'reject',
                  label: '批量驳回',
                  danger: true,
                  open: (orders, finish) => setDeciding({ decision: 'reject', orders, after: () => void finish() }),
                },
              ]
            : [],
      }),
    [isPending, canReview],
  );

  const countLabel = (label: string, count: number | undefined) =>
    count === undefined ? label : `${label}（${count}）`;

  return (
    <>
      <ResourcePage
        view={view}
        params={{ type: Number(tab) }}
        tabs={{
          activeKey: tab,
          items: [
            { key: '1', label: countLabel('待处理', pending) },
            { key: '2', label: countLabel('已处理', done) },
          ],
          onChange: (key) => setTab(key === '2' ? '2' : '1'),
        }}
      />
      <WorkOrderDrawer
        order={viewing}
        canDecide={isPending && canReview && viewing?.status === 1}
        onClose={() => setViewing(null)}
        onDecide={(decision, order) => setDeciding({ decision, orders: [order], after: () => setViewing(null) })}
      />
      {deciding && (
        <DecisionModal
          key={`${deciding.decision}:${deciding.orders.map((o) => o.id).join(',')}`}
          decision={deciding.decision}
          orders={deciding.orders}
          onClose={() => setDeciding(null)}
          onDone={deciding.after}
        />
      )}
    </>
  );
}

function WorkOrderDrawer({
  order,
  canDecide,
  onClose,
  onDecide,
}: {
  order: WorkOrderItem | null;
  canDecide: boolean;
  onClose: () => void;
  onDecide: (decision: Decision, order: WorkOrderItem) => void;
}) {
  const catalogId = order?.catalogId ?? '';
  const entry = useQuery({
    queryKey: catalogueKeys.detail(catalogId),
    queryFn: () => getCatalogue(catalogId),
    enabled: Boolean(order),
  });
  return (
    <Drawer
      open={order !== null}
      width={Math.min(1100, window.innerWidth - 64)}
      title={order ? `${order.typeLabel}：${order.catalogName}` : ''}
      onClose={onClose}
      destroyOnHidden
      extra={
        order &&
        canDecide && (
          <Space>
            <Button danger onClick={() => onDecide('reject', order)}>
              驳回
            </Button>
            <Button type="primary" onClick={() => onDecide('approve', order)}>
              通过
            </Button>
          </Space>
        )
      }
    >
      {order && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
            items={[
              { key: 'type', label: '审核类型', children: order.typeLabel },
              { key: 'depart', label: '发起部门', children: order.launchDepartName || '-' },
              { key: 'submitter', label: '提交人', children: order.submitter || '-' },
              { key: 'time', label: '提交时间', children: time(order.submitTime) },
              { key: 'request', label: '申请说明', children: requestText(order), span: 2 },
              ...(order.decision
                ? [
                    { key: 'decision', label: '审核结果', children: order.decisionLabel ?? order.decision },
                    { key: 'handler', label: '审核人', children: order.handler || '-' },
                    { key: 'comment', label: '审核意见', children: order.comment || '-', span: 2 },
                  ]
                : []),
            ]}
          />
          {entry.data ? <CatalogueDetailView entry={entry.data} /> : <Skeleton active paragraph={{ rows: 10 }} />}
        </Space>
      )}
    </Drawer>
  );
}
