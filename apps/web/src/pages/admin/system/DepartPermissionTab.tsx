import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Space, Spin } from 'antd';
import { feedback } from '@/api/feedback';
import { queryKeys } from '@/api/query-keys';
import {
  departKeys,
  queryDepartPermission,
  queryDepartPermissionTree,
  saveDepartPermission,
} from '@/api/system/depart';
import { DepartGrantTree } from './DepartGrantTree';

/**
 * 部门权限: the menus and buttons a department may hold, the ceiling of what its own roles grant.
 * Saving withdraws from the department's roles whatever the department lost.
 */
export function DepartPermissionTab({ departId }: { departId: string }) {
  const { message } = feedback;
  const queryClient = useQueryClient();
  const tree = useQuery({ queryKey: departKeys.permissionTree, queryFn: queryDepartPermissionTree });
  const granted = useQuery({
    queryKey: departKeys.permissions(departId),
    queryFn: () => queryDepartPermission(departId),
    staleTime: 0,
  });
  const save = useMutation({
    mutationFn: (ids: string[]) => saveDepartPermission(departId, ids, granted.data),
    onSuccess: async () => {
      message.success('部门授权已保存');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: departKeys.permissions(departId) }),
        queryClient.invalidateQueries({ queryKey: departKeys.roles.all }),
        // The signed-in user's own menu may come through this department's roles.
        queryClient.invalidateQueries({ queryKey: queryKeys.permission }),
      ]);
    },
  });

  if (tree.isLoading || granted.isLoading || !tree.data || !granted.data) {
    return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  }
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        message="部门权限是本部门角色可授予的上限；取消勾选的菜单或按钮会同时从本部门的角色中收回。"
      />
      <DepartGrantTree
        tree={tree.data}
        granted={granted.data}
        emptyText="暂无菜单"
        saving={save.isPending}
        onSave={(ids) => save.mutate(ids)}
      />
    </Space>
  );
}
