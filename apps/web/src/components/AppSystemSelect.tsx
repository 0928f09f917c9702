import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { queryAppNames, resourceKeys } from '@/api/resources';

type Props = Omit<SelectProps<string>, 'options'> & {
  /** The department whose systems are offered; the caller's own when omitted (the server decides for others). */
  orgCode?: string;
  /** What the value is: the system's name (a catalogue entry's 数源应用系统), or its id (a share application's). */
  storedBy?: 'name' | 'id';
};

/**
 * 数源应用系统 / 使用应用系统: the enabled systems of 系统维护 for a department, stored by name (a name
 * kept from before — a closed or renamed system — stays shown as the current value) or by id.
 */
export function AppSystemSelect({ orgCode, value, storedBy = 'name', ...props }: Props) {
  const { data, isLoading } = useQuery({
    queryKey: resourceKeys.systems.names(orgCode),
    queryFn: () => queryAppNames(orgCode),
    staleTime: 60_000,
  });
  const names = (data ?? []).map((s) => s.appName);
  const options =
    storedBy === 'id'
      ? (data ?? []).map((s) => ({ value: s.id, label: s.appName }))
      : [...(value && !names.includes(value) ? [value] : []), ...names].map((name) => ({ value: name, label: name }));
  return (
    <Select<string>
      showSearch
      allowClear
      optionFilterProp="label"
      placeholder="请选择应用系统"
      notFoundContent={isLoading ? '加载中…' : '本部门暂无启用的应用系统，请先在系统维护中添加'}
      loading={isLoading}
      {...props}
      value={value ?? undefined}
      options={options}
    />
  );
}
