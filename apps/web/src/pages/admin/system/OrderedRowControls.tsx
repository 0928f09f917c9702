import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';

type Props<T> = {
  items: T[];
  index: number;
  /** What removing says, e.g. 删除此段: it names the thing the row is. */
  removeLabel: string;
  onChange: (next: T[]) => void;
};

/** 上移, 下移 and remove for one row of an ordered list edited in a form, where a row is known only by its position. */
export function OrderedRowControls<T>({ items, index, removeLabel, onChange }: Props<T>) {
  const move = (by: -1 | 1) => {
    const next = [...items];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    onChange(next);
  };
  return (
    <Space.Compact style={{ marginLeft: 'auto' }}>
      <Button
        icon={<ArrowUpOutlined />}
        aria-label="上移"
        title="上移"
        disabled={index === 0}
        onClick={() => move(-1)}
      />
      <Button
        icon={<ArrowDownOutlined />}
        aria-label="下移"
        title="下移"
        disabled={index === items.length - 1}
        onClick={() => move(1)}
      />
      <Button
        icon={<DeleteOutlined />}
        aria-label={removeLabel}
        title={removeLabel}
        danger
        onClick={() => onChange(items.filter((_, i) => i !== index))}
      />
    </Space.Compact>
  );
}
