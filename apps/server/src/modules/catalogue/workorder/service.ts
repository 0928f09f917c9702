import {
  CATALOGUE_MACHINE,
  CatalogStatus,
  CataloguePerm,
  type CatalogueTodo,
  decisionAction,
  type LifecycleResult,
  type Page,
  ShelfStatus,
  TaskStatus,
  WORK_ORDER_DECISION_LABEL,
  WORK_ORDER_TYPE_LABEL,
  type WorkOrderDecision,
  type WorkOrderItem,
  type WorkOrderListQuery,
  WorkOrderMessages,
  type WorkOrderPayload,
  type WorkOrderType,
} from '@odp/contracts';
import { and, eq, ilike } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { catalogues, workflowTasks } from '../../../db/schema/index.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { containing } from '../../../platform/resource/like.js';
import { paginate } from '../../../platform/resource/paging.js';
import type { EntryRow } from '../entry/repository.js';
import { type EntryPick, transitionMany } from '../lifecycle/service.js';
import { countWorkOrders, departmentCounts, liveEntry, selectWorkOrders } from './repository.js';

/** The review an entry waits for, judged from its state. */
export function pendingReviewOf(entry: Pick<EntryRow, 'catalogStatus' | 'shelfStatus'>): WorkOrderType | null {
  if (entry.catalogStatus === CatalogStatus.pending) return 'catalog';
  if (entry.shelfStatus === ShelfStatus.upPending) return 'upShelf';
  if (entry.shelfStatus === ShelfStatus.downPending) return 'offShelf';
  return null;
}

/** Approve or reject whichever review of the entry is pending, as the machine decides it. */
const decide =
  (decision: 'approve' | 'reject'): EntryPick =>
  (entry) =>
    decisionAction(CATALOGUE_MACHINE, entry.state, decision) ?? { refused: WorkOrderMessages.nothingPending };

export function completeByDataIds(db: Db, actor: Actor, dataIds: string[], comment?: string): Promise<LifecycleResult> {
  return transitionMany(db, actor, dataIds, decide('approve'), { comment });
}

export function rejectByDataIds(db: Db, actor: Actor, dataIds: string[], comment?: string): Promise<LifecycleResult> {
  return transitionMany(db, actor, dataIds, decide('reject'), { comment });
}

export async function listWorkOrders(db: Db, q: WorkOrderListQuery): Promise<Page<WorkOrderItem>> {
  const pending = q.type === 1;
  const where = and(
    eq(workflowTasks.status, q.type),
    pending ? liveEntry : undefined,
    q.orderType ? eq(workflowTasks.taskType, q.orderType) : undefined,
    q.catalogName ? ilike(catalogues.catalogName, containing(q.catalogName)) : undefined,
    q.launchOrgCode ? eq(workflowTasks.ownerOrgCode, q.launchOrgCode) : undefined,
  );
  const page = await paginate(
    q,
    (limit, offset) => selectWorkOrders(db, where, limit, offset, pending),
    () => countWorkOrders(db, where),
  );
  return {
    ...page,
    records: page.records.map((r): WorkOrderItem => {
      const orderType = r.order.orderType as WorkOrderType;
      const decision = r.order.decision as WorkOrderDecision | null;
      return {
        id: r.order.id,
        catalogId: r.order.catalogId,
        catalogName: r.catalogName,
        catalogCode: r.catalogCode,
        orderType,
        typeLabel: WORK_ORDER_TYPE_LABEL[orderType] ?? orderType,
        status: r.order.status,
        launchOrgCode: r.order.launchOrgCode ?? '',
        launchDepartName: r.launchDepartName,
        submitter: r.submitter,
        submitTime: r.order.submitTime.toISOString(),
        approvalTime: r.order.approvalTime?.toISOString() ?? null,
        handler: r.handler,
        decision,
        decisionLabel: decision ? (WORK_ORDER_DECISION_LABEL[decision] ?? decision) : null,
        comment: r.order.comment,
        payload: (r.order.payload as WorkOrderPayload | null) ?? null,
      };
    }),
  };
}

/** Work orders waiting for a reviewer: the 目录审核 menu's badge. */
export function pendingWorkOrderCount(db: Db): Promise<number> {
  return countWorkOrders(db, and(eq(workflowTasks.status, TaskStatus.open), liveEntry));
}

/** The home page's pending work: reviews for reviewers, the department's entries needing attention. */
export async function todoOf(db: Db, actor: Actor): Promise<CatalogueTodo> {
  const pendingReview = actor.perms.has(CataloguePerm.workOrder) ? await pendingWorkOrderCount(db) : 0;
  if (!actor.orgCode) return { pendingReview, myDrafts: 0, myRejected: 0, myPendingShelf: 0, myInReview: 0 };
  const row = await departmentCounts(db, actor.orgCode);
  return {
    pendingReview,
    myDrafts: Number(row.drafts),
    myRejected: Number(row.rejected),
    myPendingShelf: Number(row.pendingShelf),
    myInReview: Number(row.inReview),
  };
}
