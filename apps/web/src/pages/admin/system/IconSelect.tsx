import { Select, Space } from 'antd';
import { MENU_ICON_NAMES, menuIcon } from '@/layouts/AdminLayout/icons';

const options = MENU_ICON_NAMES.map((name) => ({
  value: name,
  label: (
    <Space size={6}>
      {menuIcon(name)}
      {name}
    </Space>
  ),
}));

/** Picks a menu icon among those the back-office layout can draw; any other name would show nothing. */
export function IconSelect(props: { value?: string | null; onChange?: (value: string | null) => void }) {
  return (
    <Select
      allowClear
      showSearch
      placeholder="请选择图标"
      options={options}
      value={props.value ?? undefined}
      onChange={(value?: string) => props.onChange?.(value ?? null)}
      filterOption={(input, option) =>
        String(option?.value ?? '')
          .toLowerCase()
          .includes(input.toLowerCase())
      }
    />
  );
}
