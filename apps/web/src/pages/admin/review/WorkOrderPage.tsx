import { type BatchResult, CATALOGUE_MACHINE, type WorkOrderItem, WorkOrderKind } from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { catalogueKeys, getCatalogue } from '@/api/catalogue';
import { decideOpenApply, getOpenApplyForStaff, openApplyAdminKeys } from '@/api/open-apply-admin';
import { decideShare } from '@/api/share';
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
import { batchResultOf, defineTaskInbox, type InboxDecision, oneByOne, TaskInboxPage } from '@/components/Workflow';
import { OpenApplyDetailView } from '@/pages/admin/openApply/OpenApplyDetailDrawer';
import { OPEN_APPLY_STALE_KEYS } from '@/pages/admin/openApply/workflow';
import { ShareReviewContent } from '@/pages/admin/sharing/review/ShareReview';
import { SHARE_STALE_KEYS } from '@/pages/admin/sharing/review/stale';

const TYPE_COLORS: Record<WorkOrderItem['orderType'], string> = {
  catalog: 'blue',
  upShelf: 'green',
  offShelf: 'orange',
  source: 'cyan',
  bureau: 'purple',
  provider: 'geekblue',
};

/**
 * Reviews of other subjects in the inbox (a share application's, an open application's): each is
 * decided by its own record and opens its own view. Their ids in the inbox carry the kind, so that a
 * batch of mixed rows goes to each kind's own calls.
 */
type OtherKind = {
  decide: (decision: InboxDecision, ids: string[], comment: string | undefined) => Promise<BatchResult>;
  detail: (order: WorkOrderItem) => ReactNode;
};

const OTHER_KINDS: Record<string, OtherKind> = {
  [WorkOrderKind.share]: {
    decide: (decision, ids, comment) =>
      oneByOne(ids, (applyId) =>
        decideShare({ applyId, decision, comment: comment?.trim() || null }, { silent: true }),
      ),
    detail: (order) => (order.processCode ? <ShareReviewContent processCode={order.processCode} /> : null),
  },
  [WorkOrderKind.openApply]: {
    // As asked: narrowing fields or period is the 开放申请 page's dialog.
    decide: (decision, ids, comment) =>
      oneByOne(ids, (id) => decideOpenApply({ id, decision, comment: comment?.trim() || null })),
    detail: (order) => <ReviewedOpenApply applyId={order.subjectId} />,
  },
};

const kindOf = (order: WorkOrderItem) => (OTHER_KINDS[order.workStatus] ? order.workStatus : null);
const inboxId = (order: WorkOrderItem) => {
  const kind = kindOf(order);
  return kind ? `${kind}:${order.subjectId}` : order.catalogId;
};
/** The kind and record of an inbox id; a catalogue entry's id (a UUID) has no kind. */
function parseInboxId(id: string): { kind: string | null; id: string } {
  const [kind, rest] = id.split(':', 2);
  return rest !== undefined && OTHER_KINDS[kind] ? { kind, id: rest } : { kind: null, id };
}

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

/** Entries and each other kind go to their own calls; the answers are put together per inbox id. */
async function decide(decision: InboxDecision, ids: string[], comment: string | undefined): Promise<unknown> {
  const byKind = new Map<string | null, string[]>();
  for (const id of ids) {
    const parsed = parseInboxId(id);
    byKind.set(parsed.kind, [...(byKind.get(parsed.kind) ?? []), parsed.id]);
  }
  const entryIds = byKind.get(null) ?? [];
  // Only entries: the catalogue's own answer, as before (its batch result or its single message).
  if (byKind.size === 1 && entryIds.length) return decideEntries(decision, entryIds, comment);
  const result: BatchResult = { succeeded: [], refused: [] };
  for (const [kind, kindIds] of byKind) {
    if (kind === null) continue;
    const answer = await OTHER_KINDS[kind].decide(decision, kindIds, comment);
    result.succeeded.push(...answer.succeeded.map((id) => `${kind}:${id}`));
    result.refused.push(...answer.refused.map((r) => ({ ...r, id: `${kind}:${r.id}` })));
  }
  if (entryIds.length) {
    const entries = await decideEntries(decision, entryIds, comment).then(
      (answer) => batchResultOf(answer) ?? { succeeded: entryIds, refused: [] },
      (error: unknown) =>
        batchResultOf(error) ?? {
          succeeded: [],
          refused: entryIds.map((id) => ({ id, reason: String((error as Error).message) })),
        },
    );
    result.succeeded.unshift(...entries.succeeded);
    result.refused.unshift(...entries.refused);
  }
  return result;
}

function ReviewedOpenApply({ applyId }: { applyId: string }) {
  const detail = useQuery({
    queryKey: openApplyAdminKeys.detail(applyId),
    queryFn: () => getOpenApplyForStaff(applyId),
  });
  return detail.data ? <OpenApplyDetailView detail={detail.data} /> : <Skeleton active paragraph={{ rows: 10 }} />;
}

function ReviewedEntry({ catalogId }: { catalogId: string }) {
  const entry = useQuery({ queryKey: catalogueKeys.detail(catalogId), queryFn: () => getCatalogue(catalogId) });
  return entry.data ? <CatalogueDetailView entry={entry.data} /> : <Skeleton active paragraph={{ rows: 10 }} />;
}

/**
 * Decisions name the entry (`catalogId`) and apply to whichever review of it is pending; a share or
 * open application's review names the application and opens its own view.
 */
const WORK_ORDER_INBOX = defineTaskInbox<WorkOrderItem>({
  title: '目录审核',
  noun: '工单',
  machine: CATALOGUE_MACHINE,
  queryKeys: { all: workOrderKeys.all, list: (params) => workOrderKeys.list(params) },
  list: (params, status) => listWorkOrders({ ...params, type: status }),
  decide,
  subjectIdOf: inboxId,
  nameOf: (order) => order.catalogName,
  nameColumn: { title: '目录名称', dataIndex: 'catalogName' },
  columns: (pending) => [{ title: '信息资源代码', dataIndex: 'catalogCode', width: 140, hideInTable: !pending }],
  typeField: 'orderType',
  typeColors: TYPE_COLORS,
  requestOf: requestText,
  detail: (order) => {
    const kind = kindOf(order);
    return kind ? OTHER_KINDS[kind].detail(order) : <ReviewedEntry catalogId={order.catalogId} />;
  },
  invalidates: [...CATALOGUE_STALE_KEYS, ...SHARE_STALE_KEYS, ...OPEN_APPLY_STALE_KEYS],
  silent: true,
});

/** 目录审核 (/review/catalogue): the reviewer's work orders, decided one by one or in batch. */
export default function WorkOrderPage() {
  return <TaskInboxPage inbox={WORK_ORDER_INBOX} />;
}
