import { useQuery } from '@tanstack/react-query';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { CATALOGUE_TREE, categoryKeys, getCategoryNodes } from '@/api/category';

export type CategoryTreeSelectProps = Omit<TreeSelectProps<string>, 'treeData' | 'fieldNames'> & {
  treeItemId?: number;
};

/** A node of the catalogue's category tree (资源分类); the value is the node's id. */
export function CategoryTreeSelect({ treeItemId = CATALOGUE_TREE, ...props }: CategoryTreeSelectProps) {
  const tree = useQuery({
    queryKey: categoryKeys.tree(treeItemId),
    queryFn: () => getCategoryNodes(treeItemId),
    staleTime: 60_000,
  });
  return (
    <TreeSelect<string>
      placeholder="请选择资源分类"
      allowClear
      showSearch
      treeNodeFilterProp="categoryName"
      treeDefaultExpandAll
      loading={tree.isLoading}
      notFoundContent="暂无分类"
      {...props}
      treeData={tree.data ?? []}
      fieldNames={{ label: 'categoryName', value: 'id', children: 'children' }}
    />
  );
}
