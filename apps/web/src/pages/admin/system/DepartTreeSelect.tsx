import { useQuery } from '@tanstack/react-query';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { queryDepartTree } from '@/api/system/depart';
import { systemKeys } from '@/api/system/query-keys';

export type DepartTreeSelectProps = Omit<TreeSelectProps<string | string[]>, 'treeData' | 'fieldNames'> & {
  /** The search form filters by `orgCode`; a user's membership is stored by department `id`. */
  valueField?: 'id' | 'orgCode';
};

/** The department tree as a (multi) select, searchable by name. */
export function DepartTreeSelect({ valueField = 'id', ...props }: DepartTreeSelectProps) {
  const { data, isLoading } = useQuery({
    queryKey: systemKeys.departs.tree,
    queryFn: queryDepartTree,
    staleTime: 5 * 60_000,
  });
  return (
    <TreeSelect<string | string[]>
      placeholder="请选择部门"
      allowClear
      showSearch
      treeDefaultExpandAll
      treeNodeFilterProp="departName"
      loading={isLoading}
      notFoundContent="暂无部门"
      popupMatchSelectWidth={false}
      {...props}
      treeData={data ?? []}
      fieldNames={{ label: 'departName', value: valueField, children: 'children' }}
    />
  );
}
