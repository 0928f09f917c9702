import { Select, type SelectProps } from 'antd';
import { useDictOptions } from './use-dict-options';

export { useDictOptions } from './use-dict-options';

export type DictSelectProps = Omit<SelectProps<string>, 'options'> & { code: string };

/** A select over one dictionary's items; the value is the item's code (a string). */
export function DictSelect({ code, placeholder = '请选择', allowClear = true, ...props }: DictSelectProps) {
  const items = useDictOptions(code);
  return (
    <Select<string>
      placeholder={placeholder}
      allowClear={allowClear}
      {...props}
      options={items.map((item) => ({ value: item.value, label: item.text || item.label }))}
    />
  );
}
