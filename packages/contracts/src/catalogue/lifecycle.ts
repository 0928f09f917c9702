import {
  allowedActions,
  defineMachine,
  type MachineTransition,
  refusalOf,
  type SubjectState,
  transitionIn,
} from '../core/workflow.js';

/**
 * The two state machines of a catalogue entry (DOMAIN.md §2). The server applies a transition only
 * if it is in this table; the web derives which buttons to show from the same table.
 */
export const CatalogStatus = { draft: 0, pending: 1, approved: 2, rejected: 3 } as const;
export const ShelfStatus = { off: 0, upPending: 1, on: 2, downPending: 3, down: 4, deleted: 9 } as const;

export const CATALOG_STATUS_LABEL: Record<number, string> = { 0: '草稿', 1: '待审核', 2: '审核通过', 3: '审核不通过' };
export const SHELF_STATUS_LABEL: Record<number, string> = {
  0: '未上架',
  1: '上架审核中',
  2: '已上架',
  3: '下架审核中',
  4: '已下架',
  9: '已删除',
};

export const CataloguePerm = {
  list: 'catalog:list',
  add: 'catalog:add',
  edit: 'catalog:edit',
  submit: 'catalog:submit',
  shelf: 'catalog:shelf',
  review: 'catalog:review',
  remove: 'catalog:delete',
  import: 'catalog:import',
  export: 'catalog:export',
  category: 'catalog:category',
  workOrder: 'catalog:workorder',
} as const;

export type CatalogueAction =
  | 'submit'
  | 'recovery'
  | 'approve'
  | 'reject'
  | 'upShelfApply'
  | 'upShelfApprove'
  | 'upShelfReject'
  | 'offShelfApply'
  | 'offShelfApprove'
  | 'offShelfReject'
  | 'delete'
  | 'recover';

export type WorkOrderType = 'catalog' | 'upShelf' | 'offShelf';

export const WORK_ORDER_TYPE_LABEL: Record<WorkOrderType, string> = {
  catalog: '编目审核',
  upShelf: '上架审核',
  offShelf: '下架审核',
};

const { draft, pending, approved, rejected } = CatalogStatus;
const { off, upPending, on, downPending, down, deleted } = ShelfStatus;
const P = CataloguePerm;

/** Reviews are owed by the big-data bureau's reviewers. */
const reviewers = { kind: 'role', role: 'reviewer' } as const;
const notDeleted = { axis: 'shelf', in: [deleted], refusal: '目录已删除，请先恢复' } as const;
const REJECT_COMMENT = '请填写驳回意见';

/** The entry's two axes as one machine: 编目状态 (catalog) and 上架状态 (shelf). */
export const CATALOGUE_MACHINE = defineMachine({
  subject: 'catalogue',
  label: '目录',
  axes: {
    catalog: { label: '编目状态', states: CATALOG_STATUS_LABEL },
    shelf: { label: '上架状态', states: SHELF_STATUS_LABEL },
  },
  tasks: WORK_ORDER_TYPE_LABEL,
  allDepartmentsPermission: P.review,
  transitions: [
    {
      action: 'submit',
      label: '提交审核',
      axis: 'catalog',
      from: [draft, rejected],
      to: pending,
      permission: P.submit,
      ownDepartment: true,
      blockedWhen: notDeleted,
      task: { opens: 'catalog', assignee: reviewers },
    },
    {
      action: 'recovery',
      label: '撤回',
      axis: 'catalog',
      from: [pending],
      to: draft,
      permission: P.submit,
      ownDepartment: true,
      blockedWhen: notDeleted,
      task: { closes: 'catalog', decision: 'recall' },
    },
    {
      action: 'approve',
      label: '审核通过',
      axis: 'catalog',
      from: [pending],
      to: approved,
      permission: P.review,
      blockedWhen: notDeleted,
      task: { closes: 'catalog', decision: 'approve' },
    },
    {
      action: 'reject',
      label: '审核不通过',
      axis: 'catalog',
      from: [pending],
      to: rejected,
      permission: P.review,
      commentRequired: true,
      commentMissing: REJECT_COMMENT,
      blockedWhen: notDeleted,
      task: { closes: 'catalog', decision: 'reject' },
    },
    {
      action: 'upShelfApply',
      label: '上架申请',
      axis: 'shelf',
      from: [off, down],
      to: upPending,
      permission: P.shelf,
      requires: { axis: 'catalog', in: [approved], refusal: '目录尚未审核通过，不能上架申请' },
      ownDepartment: true,
      task: { opens: 'upShelf', assignee: reviewers },
    },
    {
      action: 'upShelfApprove',
      label: '上架审核通过',
      axis: 'shelf',
      from: [upPending],
      to: on,
      permission: P.review,
      task: { closes: 'upShelf', decision: 'approve' },
    },
    {
      action: 'upShelfReject',
      label: '上架审核驳回',
      axis: 'shelf',
      from: [upPending],
      to: off,
      permission: P.review,
      commentRequired: true,
      commentMissing: REJECT_COMMENT,
      task: { closes: 'upShelf', decision: 'reject' },
    },
    {
      action: 'offShelfApply',
      label: '下架申请',
      axis: 'shelf',
      from: [on],
      to: downPending,
      permission: P.shelf,
      ownDepartment: true,
      commentRequired: true,
      commentMissing: '请填写下架原因',
      danger: true,
      task: { opens: 'offShelf', assignee: reviewers },
    },
    {
      action: 'offShelfApprove',
      label: '下架审核通过',
      axis: 'shelf',
      from: [downPending],
      to: down,
      permission: P.review,
      task: { closes: 'offShelf', decision: 'approve' },
    },
    {
      action: 'offShelfReject',
      label: '下架审核驳回',
      axis: 'shelf',
      from: [downPending],
      to: on,
      permission: P.review,
      commentRequired: true,
      commentMissing: REJECT_COMMENT,
      task: { closes: 'offShelf', decision: 'reject' },
    },
    {
      action: 'delete',
      label: '删除',
      axis: 'shelf',
      from: [off, on, down],
      to: deleted,
      permission: P.remove,
      danger: true,
    },
    { action: 'recover', label: '恢复', axis: 'shelf', from: [deleted], to: 'previous', permission: P.remove },
  ] satisfies MachineTransition<CatalogueAction>[],
});

export type Transition = MachineTransition<CatalogueAction>;
export const TRANSITIONS: readonly Transition[] = CATALOGUE_MACHINE.transitions;

export type EntryState = { catalogStatus: number; shelfStatus: number };

/** The entry's columns as the machine's state. */
export const entryState = (s: EntryState): SubjectState => ({ catalog: s.catalogStatus, shelf: s.shelfStatus });

/** Why an action may not be taken on an entry in this state, or null when it may. */
export function refusal(t: Transition, s: EntryState): string | null {
  return refusalOf(CATALOGUE_MACHINE, t, entryState(s));
}

export function transitionOf(action: CatalogueAction): Transition {
  return transitionIn(CATALOGUE_MACHINE, action);
}

/** Actions a user holding `perms` may take on an entry now: what the row's buttons show. */
export function availableActions(s: EntryState, perms: ReadonlySet<string>): CatalogueAction[] {
  return allowedActions(CATALOGUE_MACHINE, entryState(s), perms);
}

/** Editing is locked while any review is pending, and for deleted entries. */
export function isEditable(s: EntryState): boolean {
  return (
    s.catalogStatus !== pending &&
    s.shelfStatus !== upPending &&
    s.shelfStatus !== downPending &&
    s.shelfStatus !== deleted
  );
}

/** Entries the public may see anywhere: on shelf, and open unconditionally or on conditions. */
export const isPublic = (e: { shelfStatus: number; openType: string }) =>
  e.shelfStatus === on && (e.openType === '1' || e.openType === '2');
