import { CATALOGUE_MACHINE, type WorkOrderItem, type WorkOrderType } from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { catalogueKeys, getCatalogue } from '@/api/catalogue';
import {
  approveWorkOrder,
  batchApproveWorkOrders,
  batchRejectWorkOrders,
  listWorkOrders,
  rejectWorkOrder,
  workOrderKeys,
} from '@/api/workorder';
import { CatalogueDetailView } from '@/components/catalogue/CatalogueDetailView';
import { CATALOGUE_STALE_KEYS } from '@/components/catalogue/use-catalogue-refresh';
import { defineTaskInbox, type InboxDecision, TaskInboxPage } from '@/components/Workflow';

const TYPE_COLORS: Record<WorkOrderType, string> = { catalog: 'blue', upShelf: 'green', offShelf: 'orange' };

/** What the submitter said: the off-shelf reason and text. */
function requestText(order: WorkOrderItem) {
  const { payload } = order;
  return [payload?.reasonLabel, payload?.comment].filter(Boolean).join('：') || '-';
}

/** One entry goes to the single-entry routes, several to the batch ones; all answer per entry. */
function decide(decision: InboxDecision, ids: string[], comment: string | undefined) {
  if (ids.length === 1) {
    return decision === 'approve' ? approveWorkOrder(ids[0], comment) : rejectWorkOrder(ids[0], comment ?? '');
  }
  return decision === 'approve' ? batchApproveWorkOrders(ids, comment) : batchRejectWorkOrders(ids, comment ?? '');
}

function ReviewedEntry({ catalogId }: { catalogId: string }) {
  const entry = useQuery({ queryKey: catalogueKeys.detail(catalogId), queryFn: () => getCatalogue(catalogId) });
  return entry.data ? <CatalogueDetailView entry={entry.data} /> : <Skeleton active paragraph={{ rows: 10 }} />;
}

/** Decisions name the entry (`catalogId`) and apply to whichever review of it is pending. */
const WORK_ORDER_INBOX = defineTaskInbox<WorkOrderItem>({
  title: '目录审核',
  noun: '工单',
  machine: CATALOGUE_MACHINE,
  queryKeys: { all: workOrderKeys.all, list: (params) => workOrderKeys.list(params) },
  list: (params, status) => listWorkOrders({ ...params, type: status }),
  decide,
  subjectIdOf: (order) => order.catalogId,
  nameOf: (order) => order.catalogName,
  nameColumn: { title: '目录名称', dataIndex: 'catalogName' },
  columns: (pending) => [{ title: '信息资源代码', dataIndex: 'catalogCode', width: 140, hideInTable: !pending }],
  typeField: 'orderType',
  typeColors: TYPE_COLORS,
  requestOf: requestText,
  detail: (order) => <ReviewedEntry catalogId={order.catalogId} />,
  invalidates: CATALOGUE_STALE_KEYS,
  silent: true,
});

/** 目录审核 (/review/catalogue): the reviewer's work orders, decided one by one or in batch. */
export default function WorkOrderPage() {
  return <TaskInboxPage inbox={WORK_ORDER_INBOX} />;
}
