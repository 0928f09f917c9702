import { type BatchResult, transitionIn } from '@odp/contracts';
import { useCallback, useState } from 'react';
import type { OpenBatchAction } from '../ResourcePage';
import { useCan } from '../ResourcePage/permission';
import { ActionDialog } from './ActionDialog';
import { allowedOf, type ButtonFilter, batchButtonsFor, buttonsFor, commentBoxOf, questionOf } from './buttons';
import type { Outcome } from './outcome';
import type { Workflow } from './types';

/** How the outcome of a transition on these records is told. */
export function transitionOutcome<Item, A extends string>(
  workflow: Workflow<Item, A>,
  action: A,
  items: Item[],
): Outcome {
  const { label } = transitionIn(workflow.machine, action);
  const names = new Map(items.map((item) => [workflow.idOf(item), workflow.nameOf(item)]));
  return {
    label,
    success: `${label}成功`,
    batchTitle: label,
    noun: workflow.machine.label,
    ids: [...names.keys()],
    nameOf: (id) => names.get(id) ?? id,
    silent: workflow.silent,
    invalidates: workflow.invalidates,
  };
}

type DialogProps<Item, A extends string> = {
  workflow: Workflow<Item, A>;
  action: A;
  items: Item[];
  onClose: () => void;
  onDone?: (result: BatchResult) => void;
};

/** The dialog of one transition: the machine's label and comment rule, the workflow's texts and fields. */
export function TransitionDialog<Item, A extends string>({
  workflow,
  action,
  items,
  onClose,
  onDone,
}: DialogProps<Item, A>) {
  const t = transitionIn(workflow.machine, action);
  const outcome = transitionOutcome(workflow, action, items);
  return (
    <ActionDialog
      title={t.label}
      okText="确定"
      danger={Boolean(t.danger)}
      formName="lifecycle"
      question={questionOf(workflow, t, items)}
      hint={workflow.dialogs?.[action]?.hint}
      fields={workflow.dialogs?.[action]?.fields}
      comment={commentBoxOf(workflow, t)}
      outcome={outcome}
      run={(input) => workflow.run(action, outcome.ids, input)}
      onClose={onClose}
      onDone={onDone}
    />
  );
}

/**
 * The transitions of a workflow on a page: the buttons a record shows, the batch actions of a list and
 * the dialog they open. Render `element` once on the page.
 */
export function useTransitions<Item, A extends string>(workflow: Workflow<Item, A>) {
  const can = useCan();
  type Pending = { action: A; items: Item[]; onDone?: (result: BatchResult) => void };
  const [pending, setPending] = useState<Pending | null>(null);

  /** Asks for confirmation; `onDone` runs once the server answered (e.g. to clear a selection). */
  const start = useCallback((action: A, items: Item[], onDone?: (result: BatchResult) => void) => {
    if (items.length > 0) setPending({ action, items, onDone });
  }, []);

  /** The buttons of a record, optionally only the actions this page offers. */
  const buttonsOf = useCallback(
    (item: Item, filter?: ButtonFilter<A>) => buttonsFor(workflow, allowedOf(workflow, item, can), filter),
    [workflow, can],
  );

  /** A list's batch actions (批量<动作>) of these actions, for the selection bar of a `ResourcePage`. */
  const batchActions = useCallback(
    (actions: readonly A[]): OpenBatchAction<Item>[] =>
      batchButtonsFor(workflow, actions, can).map((button) => ({
        key: button.action,
        label: `批量${button.label}`,
        danger: button.danger,
        open: (rows, done) => start(button.action, rows, () => void done()),
      })),
    [workflow, can, start],
  );

  const element = pending ? (
    <TransitionDialog
      key={`${pending.action}:${pending.items.map(workflow.idOf).join(',')}`}
      workflow={workflow}
      action={pending.action}
      items={pending.items}
      onClose={() => setPending(null)}
      onDone={pending.onDone}
    />
  ) : null;

  return { start, buttonsOf, batchActions, element };
}
