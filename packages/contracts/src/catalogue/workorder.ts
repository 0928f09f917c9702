import { z } from 'zod';
import { PageQuery } from '../core/envelope.js';
import { idOf, tooLong, trimmedText } from '../core/fields.js';
import { TASK_DECISION_LABEL, type TaskDecision } from '../core/workflow.js';
import type { OpenApplyTaskType } from '../sharing/open-apply.js';
import type { ShareTaskType } from '../sharing/share.js';
import type { WorkOrderType } from './lifecycle.js';

export const WORK_ORDER_TYPES = ['catalog', 'upShelf', 'offShelf'] as const;

/**
 * Task types of other subjects the inbox lists: a share application's 数源部门 and 大数据局 reviews,
 * an open application's 提供部门 review (its 大数据局 one shares the share's name).
 */
const OTHER_ORDER_TYPES = ['source', 'bureau', 'provider'] as const satisfies readonly (
  | ShareTaskType
  | OpenApplyTaskType
)[];

/**
 * The spec's `workStatus`: which view a work order opens ('1' the catalogue review, '2' the share
 * application; '3', this platform's own, the open application).
 */
export const WorkOrderKind = { catalogue: '1', share: '2', openApply: '3' } as const;
export type WorkOrderKind = (typeof WorkOrderKind)[keyof typeof WorkOrderKind];

/** 1 待处理, 2 已处理 */
export const WorkOrderStatus = { pending: 1, done: 2 } as const;

/** How a work order was closed: approved or rejected by a reviewer, or withdrawn by the submitter. */
export type WorkOrderDecision = TaskDecision;
export const WORK_ORDER_DECISION_LABEL = TASK_DECISION_LABEL;

export const WorkOrderListQuery = PageQuery.extend({
  type: z.coerce
    .number()
    .int()
    .refine((v) => v === 1 || v === 2, '工单类型只能是 1（待处理）或 2（已处理）')
    .default(1),
  orderType: z.enum([...WORK_ORDER_TYPES, ...OTHER_ORDER_TYPES], { error: '审核类型不正确' }).optional(),
  workStatus: z
    .enum([WorkOrderKind.catalogue, WorkOrderKind.share, WorkOrderKind.openApply], { error: '工单类别不正确' })
    .optional(),
  catalogName: trimmedText(100),
  launchOrgCode: trimmedText(64),
  processCode: trimmedText(32),
});
export type WorkOrderListQuery = z.infer<typeof WorkOrderListQuery>;

export type WorkOrderItem = {
  id: string;
  /**
   * '1' a catalogue review (decided by `dataId` = catalogId), '2' a share application's, '3' an open
   * application's (both by `subjectId`).
   */
  workStatus: string;
  /** The record the task is about: the entry itself, or the share or open application. */
  subjectId: string;
  catalogId: string;
  catalogName: string;
  catalogCode: string;
  orderType: WorkOrderType | ShareTaskType | OpenApplyTaskType;
  typeLabel: string;
  status: number;
  /**
   * 发起部门: the entry's department for catalogue reviews, the applying department for share reviews;
   * none for an open application, whose applicant is a person or company (`submitter`).
   */
  launchOrgCode: string;
  launchDepartName: string | null;
  /** 流程编码 of a share application, the code of an open application; null for catalogue reviews. */
  processCode: string | null;
  submitter: string | null;
  submitTime: string;
  approvalTime: string | null;
  handler: string | null;
  decision: WorkOrderDecision | null;
  decisionLabel: string | null;
  comment: string | null;
  payload: WorkOrderPayload | null;
};

/** What the submitter attached: the off-shelf reason code and its label, and the request's text. */
export type WorkOrderPayload = { reason?: string | null; reasonLabel?: string | null; comment?: string | null };

const comment = trimmedText(500, tooLong(500, '意见'));
const dataId = idOf('目录');
const dataIds = z.array(dataId).min(1, '请选择要处理的工单').max(200, '一次最多处理 200 条');

/** `dataId` is the catalogue entry's id: the decision applies to whichever review of it is pending. */
export const CompleteByDataIdInput = z.object({ dataId, comment });
export type CompleteByDataIdInput = z.infer<typeof CompleteByDataIdInput>;
export const RejectByDataIdInput = z.object({ dataId, comment });
export type RejectByDataIdInput = z.infer<typeof RejectByDataIdInput>;
export const BatchCompleteByDataIdInput = z.object({ dataIds, comment });
export type BatchCompleteByDataIdInput = z.infer<typeof BatchCompleteByDataIdInput>;
export const BatchRejectByDataIdInput = z.object({ dataIds, comment });
export type BatchRejectByDataIdInput = z.infer<typeof BatchRejectByDataIdInput>;

/** The signed-in user's pending work for the back-office home page. */
export type CatalogueTodo = {
  /** Work orders waiting for a reviewer (0 for users who do not review). */
  pendingReview: number;
  /** Drafts of the user's department. */
  myDrafts: number;
  /** Entries of the department that failed review and wait to be fixed. */
  myRejected: number;
  /** Approved entries of the department not yet on shelf (waiting for an on-shelf request). */
  myPendingShelf: number;
  /** Entries of the department waiting for a reviewer (catalogue, on-shelf or off-shelf review). */
  myInReview: number;
};

export const WorkOrderMessages = {
  rejectCommentRequired: '请填写驳回意见',
  nothingPending: '该目录没有待处理的审核',
} as const;
