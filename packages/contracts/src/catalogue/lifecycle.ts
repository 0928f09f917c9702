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

export type Transition = {
  action: CatalogueAction;
  label: string;
  axis: 'catalog' | 'shelf';
  from: readonly number[];
  /** 'previous' restores the shelf state recorded at deletion. */
  to: number | 'previous';
  perm: string;
  /** The other axis must be in this state (shelf actions need an approved catalogue). */
  requiresCatalogStatus?: number;
  commentRequired?: boolean;
  /** Opens a reviewer work order of this type, or decides the open one. */
  workOrder?: { opens: WorkOrderType } | { decides: WorkOrderType; decision: 'approve' | 'reject' };
  /** Only the department that owns the entry may take it (reviewers act on every department). */
  ownDepartment?: boolean;
};

const { draft, pending, approved, rejected } = CatalogStatus;
const { off, upPending, on, downPending, down, deleted } = ShelfStatus;
const P = CataloguePerm;

export const TRANSITIONS: readonly Transition[] = [
  {
    action: 'submit',
    label: '提交审核',
    axis: 'catalog',
    from: [draft, rejected],
    to: pending,
    perm: P.submit,
    ownDepartment: true,
    workOrder: { opens: 'catalog' },
  },
  {
    action: 'recovery',
    label: '撤回',
    axis: 'catalog',
    from: [pending],
    to: draft,
    perm: P.submit,
    ownDepartment: true,
    workOrder: { decides: 'catalog', decision: 'reject' },
  },
  {
    action: 'approve',
    label: '审核通过',
    axis: 'catalog',
    from: [pending],
    to: approved,
    perm: P.review,
    workOrder: { decides: 'catalog', decision: 'approve' },
  },
  {
    action: 'reject',
    label: '审核不通过',
    axis: 'catalog',
    from: [pending],
    to: rejected,
    perm: P.review,
    commentRequired: true,
    workOrder: { decides: 'catalog', decision: 'reject' },
  },
  {
    action: 'upShelfApply',
    label: '上架申请',
    axis: 'shelf',
    from: [off, down],
    to: upPending,
    perm: P.shelf,
    requiresCatalogStatus: approved,
    ownDepartment: true,
    workOrder: { opens: 'upShelf' },
  },
  {
    action: 'upShelfApprove',
    label: '上架审核通过',
    axis: 'shelf',
    from: [upPending],
    to: on,
    perm: P.review,
    workOrder: { decides: 'upShelf', decision: 'approve' },
  },
  {
    action: 'upShelfReject',
    label: '上架审核驳回',
    axis: 'shelf',
    from: [upPending],
    to: off,
    perm: P.review,
    commentRequired: true,
    workOrder: { decides: 'upShelf', decision: 'reject' },
  },
  {
    action: 'offShelfApply',
    label: '下架申请',
    axis: 'shelf',
    from: [on],
    to: downPending,
    perm: P.shelf,
    ownDepartment: true,
    commentRequired: true,
    workOrder: { opens: 'offShelf' },
  },
  {
    action: 'offShelfApprove',
    label: '下架审核通过',
    axis: 'shelf',
    from: [downPending],
    to: down,
    perm: P.review,
    workOrder: { decides: 'offShelf', decision: 'approve' },
  },
  {
    action: 'offShelfReject',
    label: '下架审核驳回',
    axis: 'shelf',
    from: [downPending],
    to: on,
    perm: P.review,
    commentRequired: true,
    workOrder: { decides: 'offShelf', decision: 'reject' },
  },
  { action: 'delete', label: '删除', axis: 'shelf', from: [off, on, down], to: deleted, perm: P.remove },
  { action: 'recover', label: '恢复', axis: 'shelf', from: [deleted], to: 'previous', perm: P.remove },
];

export type EntryState = { catalogStatus: number; shelfStatus: number };

/** Why an action may not be taken on an entry in this state, or null when it may. */
export function refusal(t: Transition, s: EntryState): string | null {
  const current = t.axis === 'catalog' ? s.catalogStatus : s.shelfStatus;
  if (t.axis === 'catalog' && s.shelfStatus === deleted) return '目录已删除，请先恢复';
  if (!t.from.includes(current)) {
    const label = t.axis === 'catalog' ? CATALOG_STATUS_LABEL[current] : SHELF_STATUS_LABEL[current];
    return `当前状态为“${label}”，不能${t.label}`;
  }
  if (t.requiresCatalogStatus !== undefined && s.catalogStatus !== t.requiresCatalogStatus) {
    return `目录尚未审核通过，不能${t.label}`;
  }
  return null;
}

export function transitionOf(action: CatalogueAction): Transition {
  const t = TRANSITIONS.find((x) => x.action === action);
  if (!t) throw new Error(`unknown action ${action}`);
  return t;
}

/** Actions a user holding `perms` may take on an entry now: what the row's buttons show. */
export function availableActions(s: EntryState, perms: ReadonlySet<string>): CatalogueAction[] {
  return TRANSITIONS.filter((t) => perms.has(t.perm) && refusal(t, s) === null).map((t) => t.action);
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
