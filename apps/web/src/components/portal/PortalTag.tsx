import { useDictOptions } from '@/components/DictSelect/use-dict-options';
import type { DictTagProps } from '@/components/DictTag';
import { labelOf } from '@/components/DictTag';
import './portal-ui.css';

/** The colours the public pages give tags (antd's preset names, darkened to read at 4.5:1). */
export type PortalTagColor = 'green' | 'orange' | 'blue' | 'cyan' | 'purple' | 'default';

/**
 * A dictionary value as a tag on the public pages: the label in a coloured box, plain markup. A result
 * list shows dozens of them, and antd's tag costs a styled component each on a phone's first render.
 */
export function PortalDictTag({ code, value, colors }: DictTagProps) {
  const items = useDictOptions(code);
  if (value === null || value === undefined || value === '') return null;
  const key = String(value);
  const color = colors?.[key] ?? 'default';
  return <span className={`portal-tag portal-tag-${color}`}>{labelOf(items, key).label}</span>;
}
