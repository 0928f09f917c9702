import type { DictOption } from '@odp/contracts';
import { Tag } from 'antd';
import { useDictOptions } from '../DictSelect/use-dict-options';

type DictValue = string | number | null | undefined;

export type DictTagProps = {
  code: string;
  value: DictValue;
  /** Tag colour per item code (e.g. `{ '1': 'success', '2': 'error' }`); else the item's own colour. */
  colors?: Record<string, string>;
};

export const labelOf = (items: DictOption[], key: string) => {
  const item = items.find((option) => option.value === key);
  return { item, label: item ? item.text || item.label : key };
};

/** The Chinese label of a dictionary value as a tag; the raw code when the dictionary does not know it. */
export function DictTag({ code, value, colors }: DictTagProps) {
  const items = useDictOptions(code);
  if (value === null || value === undefined || value === '') return <>-</>;
  const key = String(value);
  const { item, label } = labelOf(items, key);
  return <Tag color={colors?.[key] ?? item?.color ?? undefined}>{label}</Tag>;
}

/** The Chinese label of a dictionary value as plain text, for values that need no emphasis (性别). */
export function DictText({ code, value }: Omit<DictTagProps, 'colors'>) {
  const items = useDictOptions(code);
  if (value === null || value === undefined || value === '') return <>-</>;
  return <>{labelOf(items, String(value)).label}</>;
}
