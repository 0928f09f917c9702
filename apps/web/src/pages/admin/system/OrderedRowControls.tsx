import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Flex, Space, Typography } from 'antd';
import type { ReactNode } from 'react';

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

type RowsProps<T> = {
  items: T[];
  onChange: (next: T[]) => void;
  /** Shown while there is no row yet. */
  empty: string;
  removeLabel: string;
  /** The row's own fields; `replace` puts an edited row in its place. */
  row: (item: T, index: number, replace: (item: T) => void) => ReactNode;
  /** The buttons that add rows, and whatever follows them. */
  children: ReactNode;
};

/** An ordered list edited in a form (a rule's parts or segments): each row with its fields and controls. */
export function OrderedRows<T>({ items, onChange, empty, removeLabel, row, children }: RowsProps<T>) {
  return (
    <Flex vertical gap={8}>
      {items.length === 0 && <Typography.Text type="secondary">{empty}</Typography.Text>}
      {items.map((item, index) => (
        // Rows have no identity of their own; the position is what the user edits.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Flex key={index} gap={8} align="center" wrap>
          {row(item, index, (next) => onChange(items.map((x, i) => (i === index ? next : x))))}
          <OrderedRowControls items={items} index={index} removeLabel={removeLabel} onChange={onChange} />
        </Flex>
      ))}
      {children}
    </Flex>
  );
}
