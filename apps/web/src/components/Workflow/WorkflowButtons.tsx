import { transitionIn } from '@odp/contracts';
import { Button, Popconfirm, Space, Typography } from 'antd';
import { needsDialog, questionOf } from './buttons';
import { useOutcome } from './outcome';
import type { TransitionButton, Workflow } from './types';
import { transitionOutcome, useTransitions } from './useTransitions';

type Props<Item, A extends string> = {
  workflow: Workflow<Item, A>;
  item: Item;
  /** The actions this page offers, of those the workflow offers; default all of them. */
  offers?: readonly A[];
  /** Actions the page takes itself in place of a transition, e.g. 编辑 opening its form; shown when allowed. */
  handlers?: Partial<Record<A, (item: Item) => void>>;
  /** Buttons for a header, links for a table's 操作 column. */
  variant?: 'button' | 'link';
  /** After an action went through for the record (e.g. to leave a page whose record was deleted). */
  onDone?: () => void;
};

/** The actions a record allows the user now, each confirmed before it runs; danger ones in red. */
export function WorkflowButtons<Item, A extends string>({
  workflow,
  item,
  offers,
  handlers,
  variant = 'button',
  onDone,
}: Props<Item, A>) {
  const transitions = useTransitions(workflow);
  const { call, settle } = useOutcome();
  const handled = Object.keys(handlers ?? {}) as A[];
  const buttons = transitions.buttonsOf(item, { offers, handled });
  if (buttons.length === 0) return null;

  const afterwards = (result: { succeeded: string[] }) => {
    if (result.succeeded.length > 0) onDone?.();
  };

  const confirmInPlace = async (action: A) => {
    const outcome = transitionOutcome(workflow, action, [item]);
    const result = await call(outcome, () => workflow.run(action, outcome.ids, {}));
    if (result) await settle(outcome, result, afterwards);
  };

  const trigger = (button: TransitionButton<A>, onClick?: () => void) =>
    variant === 'link' ? (
      <Typography.Link key={button.action} type={button.danger ? 'danger' : undefined} onClick={onClick}>
        {button.label}
      </Typography.Link>
    ) : (
      <Button
        key={button.action}
        danger={button.danger}
        type={button.primary ? 'primary' : 'default'}
        onClick={onClick}
      >
        {button.label}
      </Button>
    );

  const render = (button: TransitionButton<A>) => {
    const handler = handlers?.[button.action];
    if (handler) return trigger(button, () => handler(item));
    const t = transitionIn(workflow.machine, button.action);
    if (needsDialog(workflow, t)) return trigger(button, () => transitions.start(button.action, [item], afterwards));
    return (
      <Popconfirm
        key={button.action}
        title={questionOf(workflow, t, [item])}
        okText="确定"
        cancelText="取消"
        onConfirm={() => confirmInPlace(button.action)}
      >
        {trigger(button)}
      </Popconfirm>
    );
  };

  return (
    // Links keep to one line like the other actions of a table row.
    <Space wrap={variant === 'button'} size={variant === 'link' ? 8 : undefined}>
      {buttons.map(render)}
      {transitions.element}
    </Space>
  );
}
