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
import { and, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { catalogues, workflowTasks } from '../../../db/schema/index.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { containing } from '../../../platform/resource/like.js';
import { paginate } from '../../../platform/resource/paging.js';
import { subjectOf } from '../../../platform/workflow/registry.js';
import type { EntryRow } from '../entry/repository.js';
import { type EntryPick, transitionMany } from '../lifecycle/service.js';
import { countWorkOrders, departmentCounts, inboxOf, liveEntry, selectWorkOrders } from './repository.js';

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

/**
 * The 工单 inbox: the catalogue's reviews, and the reviews of other subjects about entries that the
 * actor deals with (a department's 数源部门 share reviews, the bureau's), each with its `workStatus`.
 */
export async function listWorkOrders(db: Db, actor: Actor, q: WorkOrderListQuery): Promise<Page<WorkOrderItem>> {
  const pending = q.type === 1;
  const inbox = inboxOf(actor);
  const where = and(
    eq(workflowTasks.status, q.type),
    pending ? liveEntry : undefined,
    q.orderType ? eq(workflowTasks.taskType, q.orderType) : undefined,
    q.workStatus ? sql`${inbox.workStatus} = ${q.workStatus}` : undefined,
    q.catalogName ? ilike(catalogues.catalogName, containing(q.catalogName)) : undefined,
    q.launchOrgCode ? sql`${inbox.launchOrgCode} = ${q.launchOrgCode}` : undefined,
    q.processCode ? sql`${inbox.processCode} = ${q.processCode}` : undefined,
  );
  const page = await paginate(
    q,
    (limit, offset) => selectWorkOrders(db, where, limit, offset, pending, inbox),
    () => countWorkOrders(db, where, inbox),
  );
  return {
    ...page,
    records: page.records.map((r): WorkOrderItem => {
      const orderType = r.order.orderType as WorkOrderItem['orderType'];
      const decision = r.order.decision as WorkOrderDecision | null;
      const labels: Readonly<Record<string, string>> = subjectOf(r.subjectType)?.machine.tasks ?? WORK_ORDER_TYPE_LABEL;
      return {
        id: r.order.id,
        workStatus: r.workStatus,
        subjectId: r.order.catalogId,
        catalogId: r.entryId,
        catalogName: r.catalogName,
        catalogCode: r.catalogCode,
        orderType,
        typeLabel: labels[orderType] ?? orderType,
        status: r.order.status,
        launchOrgCode: r.launchOrgCode ?? '',
        launchDepartName: r.launchDepartName,
        processCode: r.processCode,
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

/**
 * Work orders waiting for a reviewer: the 目录审核 menu's badge. Given the signed-in user, it counts
 * the other subjects' reviews that user's inbox lists as well.
 */
export function pendingWorkOrderCount(db: Db, actor?: Actor): Promise<number> {
  return countWorkOrders(db, and(eq(workflowTasks.status, TaskStatus.open), liveEntry), inboxOf(actor ?? null));
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
