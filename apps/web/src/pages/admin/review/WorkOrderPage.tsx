import { type BatchResult, CATALOGUE_MACHINE, type WorkOrderItem, WorkOrderKind } from '@odp/contracts';
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
import { batchResultOf, defineTaskInbox, type InboxDecision, TaskInboxPage } from '@/components/Workflow';
import { decideShares } from '@/pages/admin/sharing/review/decide';
import { ShareReviewContent } from '@/pages/admin/sharing/review/ShareReview';
import { SHARE_STALE_KEYS } from '@/pages/admin/sharing/review/stale';

const TYPE_COLORS: Record<WorkOrderItem['orderType'], string> = {
  catalog: 'blue',
  upShelf: 'green',
  offShelf: 'orange',
  source: 'cyan',
  bureau: 'purple',
};

/** Share applications' reviews (workStatus '2') are decided by application, not by entry. */
const isShare = (order: WorkOrderItem) => order.workStatus === WorkOrderKind.share;
const SHARE_ID = 'share:';

/** What the submitter said: the off-shelf reason and text. */
function requestText(order: WorkOrderItem) {
  const { payload } = order;
  return [payload?.reasonLabel, payload?.comment].filter(Boolean).join('：') || '-';
}

/** One entry goes to the single-entry routes, several to the batch ones; all answer per entry. */
function decideEntries(decision: InboxDecision, ids: string[], comment: string | undefined) {
  if (ids.length === 1) {
    return decision === 'approve' ? approveWorkOrder(ids[0], comment) : rejectWorkOrder(ids[0], comment ?? '');
  }
  return decision === 'approve' ? batchApproveWorkOrders(ids, comment) : batchRejectWorkOrders(ids, comment ?? '');
}

/** Entries and share applications each go to their own calls; the answers are put together per id. */
async function decide(decision: InboxDecision, ids: string[], comment: string | undefined): Promise<unknown> {
  const shareIds = ids.filter((id) => id.startsWith(SHARE_ID));
  if (shareIds.length === 0) return decideEntries(decision, ids, comment);
  const entryIds = ids.filter((id) => !id.startsWith(SHARE_ID));
  const shares = await decideShares(
    decision,
    shareIds.map((id) => id.slice(SHARE_ID.length)),
    comment,
  );
  const prefixed: BatchResult = {
    succeeded: shares.succeeded.map((id) => SHARE_ID + id),
    refused: shares.refused.map((r) => ({ ...r, id: SHARE_ID + r.id })),
  };
  if (entryIds.length === 0) return prefixed;
  const entries = await decideEntries(decision, entryIds, comment).then(
    (answer) => batchResultOf(answer) ?? { succeeded: entryIds, refused: [] },
    (error: unknown) =>
      batchResultOf(error) ?? {
        succeeded: [],
        refused: entryIds.map((id) => ({ id, reason: String((error as Error).message) })),
      },
  );
  return {
    succeeded: [...entries.succeeded, ...prefixed.succeeded],
    refused: [...entries.refused, ...prefixed.refused],
  };
}

function ReviewedEntry({ catalogId }: { catalogId: string }) {
  const entry = useQuery({ queryKey: catalogueKeys.detail(catalogId), queryFn: () => getCatalogue(catalogId) });
  return entry.data ? <CatalogueDetailView entry={entry.data} /> : <Skeleton active paragraph={{ rows: 10 }} />;
}

/**
 * Decisions name the entry (`catalogId`) and apply to whichever review of it is pending; a share
 * application's review (数源部门, 大数据局) names the application and opens its own view.
 */
const WORK_ORDER_INBOX = defineTaskInbox<WorkOrderItem>({
  title: '目录审核',
  noun: '工单',
  machine: CATALOGUE_MACHINE,
  queryKeys: { all: workOrderKeys.all, list: (params) => workOrderKeys.list(params) },
  list: (params, status) => listWorkOrders({ ...params, type: status }),
  decide,
  subjectIdOf: (order) => (isShare(order) ? SHARE_ID + order.subjectId : order.catalogId),
  nameOf: (order) => order.catalogName,
  nameColumn: { title: '目录名称', dataIndex: 'catalogName' },
  columns: (pending) => [{ title: '信息资源代码', dataIndex: 'catalogCode', width: 140, hideInTable: !pending }],
  typeField: 'orderType',
  typeColors: TYPE_COLORS,
  requestOf: requestText,
  detail: (order) =>
    isShare(order) && order.processCode ? (
      <ShareReviewContent processCode={order.processCode} />
    ) : (
      <ReviewedEntry catalogId={order.catalogId} />
    ),
  invalidates: [...CATALOGUE_STALE_KEYS, ...SHARE_STALE_KEYS],
  silent: true,
});

/** 目录审核 (/review/catalogue): the reviewer's work orders, decided one by one or in batch. */
export default function WorkOrderPage() {
  return <TaskInboxPage inbox={WORK_ORDER_INBOX} />;
}
