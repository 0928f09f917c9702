import { Button, Space } from 'antd';
import { type LifecycleTarget, useLifecycle } from './LifecycleModal';
import { lifecycleButtons } from './lifecycle';

type Props = {
  entry: LifecycleTarget & { actions: string[] };
  /** Called after an action went through (e.g. to leave a page whose entry was deleted). */
  onDone?: () => void;
};

/** The lifecycle actions the server allows on this entry now, each confirmed before it runs. */
export function LifecycleButtons({ entry, onDone }: Props) {
  const lifecycle = useLifecycle((_action, result) => {
    if (result.succeeded.length > 0) onDone?.();
  });
  const buttons = lifecycleButtons(entry.actions);
  if (buttons.length === 0) return null;
  return (
    <Space wrap>
      {buttons.map((button) => (
        <Button
          key={button.action}
          danger={button.danger}
          type={button.action === 'submit' || button.action === 'upShelfApply' ? 'primary' : 'default'}
          onClick={() => lifecycle.start(button.action, [entry])}
        >
          {button.label}
        </Button>
      ))}
      {lifecycle.element}
    </Space>
  );
}
