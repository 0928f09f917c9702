import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { queryAppNames, resourceKeys } from '@/api/resources';

/** 使用应用系统: one of the signed-in department's enabled application systems, searchable by name. */
export function AppSystemIdSelect(props: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  allowClear?: boolean;
}) {
  const systems = useQuery({
    queryKey: [...resourceKeys.systems.names(), 'ids'],
    queryFn: () => queryAppNames(),
    staleTime: 60_000,
  });
  return (
    <Select<string>
      showSearch
      allowClear={props.allowClear ?? true}
      optionFilterProp="label"
      placeholder="请选择本部门的应用系统"
      loading={systems.isLoading}
      notFoundContent={systems.isLoading ? '加载中…' : '本部门暂无启用的应用系统，请先在系统维护中添加'}
      options={(systems.data ?? []).map((s) => ({ value: s.id, label: s.appName }))}
      value={props.value ?? undefined}
      onChange={(value) => props.onChange?.(value ?? null)}
    />
  );
}
