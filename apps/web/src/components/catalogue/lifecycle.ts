import {
  CatalogStatus,
  type CatalogueAction,
  type CatalogueItem,
  CataloguePerm,
  type LifecycleResult,
  TRANSITIONS,
} from '@odp/contracts';
import { isDirectAction } from '@/api/catalogue';

/** A lifecycle button as the list and the view page show it, from the contract's transition table. */
export type LifecycleButton = {
  action: CatalogueAction;
  label: string;
  danger: boolean;
  /** The confirmation asks for a comment and refuses to go on without one. */
  commentRequired: boolean;
  /** The confirmation asks for a reason from dict `early_warning_information` (下架申请). */
  reasonRequired: boolean;
};

const toButton = (t: (typeof TRANSITIONS)[number]): LifecycleButton => ({
  action: t.action,
  label: t.label,
  danger: t.action === 'delete' || t.action === 'offShelfApply',
  commentRequired: Boolean(t.commentRequired),
  reasonRequired: t.action === 'offShelfApply',
});

/**
 * The buttons of one entry: the actions the server says the caller may take now (the row's
 * `actions`), in the order of the transition table, keeping those the department sends itself
 * (a reviewer's approve/reject are taken in 目录审核).
 */
export function lifecycleButtons(actions: readonly string[] | undefined): LifecycleButton[] {
  const allowed = new Set(actions ?? []);
  return TRANSITIONS.filter((t) => allowed.has(t.action) && isDirectAction(t.action)).map(toButton);
}

/**
 * The actions of a list row: the server's, plus 删除 for a draft its department may edit (drafts are
 * removed by whoever edits them; other entries only by holders of catalog:delete).
 */
export function rowActions(item: Pick<CatalogueItem, 'actions' | 'editable' | 'catalogStatus'>): string[] {
  const draft = item.catalogStatus === CatalogStatus.draft && item.editable;
  return draft && !item.actions.includes('delete') ? [...item.actions, 'delete'] : item.actions;
}

/** Batch actions of the list: offered when the user holds the permission; the server refuses per entry. */
export const BATCH_ACTIONS: readonly CatalogueAction[] = ['submit', 'upShelfApply', 'delete'];

export function batchButtons(can: (perm: string) => boolean): LifecycleButton[] {
  const allowed = (t: (typeof TRANSITIONS)[number]) =>
    can(t.permission) || (t.action === 'delete' && can(CataloguePerm.edit));
  return TRANSITIONS.filter((t) => BATCH_ACTIONS.includes(t.action) && allowed(t)).map(toButton);
}

export function buttonOf(action: CatalogueAction): LifecycleButton {
  const t = TRANSITIONS.find((x) => x.action === action);
  if (!t) throw new Error(`unknown action ${action}`);
  return toButton(t);
}

const isResult = (value: unknown): value is LifecycleResult =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as LifecycleResult).succeeded) &&
  Array.isArray((value as LifecycleResult).refused);

/**
 * The per-entry outcome of a lifecycle call: its answer, or the `result` of the 400 the server sends
 * when it refused every entry. Null for any other failure (the caller shows its message).
 */
export function lifecycleOutcome(answer: unknown): LifecycleResult | null {
  if (isResult(answer)) return answer;
  const result = (answer as { result?: unknown } | null)?.result;
  return isResult(result) ? result : null;
}
