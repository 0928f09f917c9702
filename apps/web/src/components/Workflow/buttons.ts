import { allowedActions, commentRefusal, type Machine, type MachineTransition } from '@odp/contracts';
import type { TransitionButton, Workflow } from './types';

type Can = (code: string) => boolean;

/** The machine's permissions the user holds, as the set `allowedActions` reads. */
export const heldPermissions = (machine: Machine, can: Can): ReadonlySet<string> =>
  new Set(machine.transitions.map((t) => t.permission).filter((code) => can(code)));

/**
 * The actions a record allows the user now: the server's when its row carries them (the server knows
 * the department scope), else those its state and the user's permissions give.
 */
export function allowedOf<Item, A extends string>(
  workflow: Workflow<Item, A>,
  item: Item,
  can: Can,
): readonly string[] {
  const sent = workflow.actionsOf?.(item);
  if (sent) return sent;
  if (!workflow.stateOf) return [];
  return allowedActions(workflow.machine, workflow.stateOf(item), heldPermissions(workflow.machine, can));
}

/** Which of a record's actions a page shows. */
export type ButtonFilter<A extends string> = {
  /** The actions this page offers, of those the workflow offers; default all of them. */
  offers?: readonly A[];
  /** Actions the page takes itself (e.g. 编辑 opening its form): shown when allowed, whatever the workflow offers. */
  handled?: readonly A[];
};

const offered = <Item, A extends string>(workflow: Workflow<Item, A>, action: A, filter: ButtonFilter<A> = {}) =>
  Boolean(filter.handled?.includes(action)) ||
  ((workflow.offers?.includes(action) ?? true) && (filter.offers?.includes(action) ?? true));

const toButton = <Item, A extends string>(
  workflow: Workflow<Item, A>,
  t: MachineTransition<A>,
): TransitionButton<A> => ({
  action: t.action,
  label: t.label,
  danger: Boolean(t.danger),
  primary: workflow.primary?.includes(t.action) ?? false,
});

/** Buttons of the allowed actions in the machine's order, keeping those the workflow (and the page) offers. */
export function buttonsFor<Item, A extends string>(
  workflow: Workflow<Item, A>,
  actions: readonly string[] | undefined,
  filter?: ButtonFilter<A>,
): TransitionButton<A>[] {
  const allowed = new Set(actions ?? []);
  return workflow.machine.transitions
    .filter((t) => allowed.has(t.action) && offered(workflow, t.action, filter))
    .map((t) => toButton(workflow, t));
}

/**
 * Batch buttons of these actions, for a user holding their permission (or their batch permission): the
 * rows of a selection differ, so the server decides per record and says why it skipped one.
 */
export function batchButtonsFor<Item, A extends string>(
  workflow: Workflow<Item, A>,
  actions: readonly A[],
  can: Can,
): TransitionButton<A>[] {
  const permitted = (t: MachineTransition<A>) => {
    const alsoBy = workflow.batchPermissions?.[t.action];
    return can(t.permission) || (alsoBy !== undefined && can(alsoBy));
  };
  return workflow.machine.transitions
    .filter((t) => actions.includes(t.action) && offered(workflow, t.action) && permitted(t))
    .map((t) => toButton(workflow, t));
}

/** The comment box of a transition's dialog, or false when it takes none. */
export function commentBoxOf<Item, A extends string>(workflow: Workflow<Item, A>, t: MachineTransition<A>) {
  const declared = workflow.dialogs?.[t.action]?.comment;
  if (declared === false) return false;
  return {
    label: declared?.label ?? '意见',
    required: Boolean(t.commentRequired),
    missing: declared?.missing ?? commentRefusal(t, null) ?? '',
    placeholder: t.commentRequired ? '必填' : '选填',
    rows: 3,
  };
}

/** The confirmation question of a transition on these records. */
export function questionOf<Item, A extends string>(
  workflow: Workflow<Item, A>,
  t: MachineTransition<A>,
  items: Item[],
): string {
  const declared = workflow.dialogs?.[t.action]?.question;
  if (declared) return declared(items);
  const noun = workflow.machine.label;
  return items.length === 1
    ? `确定对${noun}「${workflow.nameOf(items[0])}」${t.label}吗？`
    : `确定对选中的 ${items.length} 条${noun}${t.label}吗？不符合条件的${noun}将被跳过并说明原因。`;
}

/** A transition asks in a dialog when it takes a comment or fields, or when its workflow always does. */
export function needsDialog<Item, A extends string>(workflow: Workflow<Item, A>, t: MachineTransition<A>): boolean {
  return workflow.confirm !== 'popconfirm' || Boolean(t.commentRequired || workflow.dialogs?.[t.action]?.fields);
}
