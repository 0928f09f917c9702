import { DepartRoleCreateInput, type DepartRoleItem, DepartRoleUpdateInput, Perm } from '@odp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Drawer, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { feedback } from '@/api/feedback';
import { queryKeys } from '@/api/query-keys';
import {
  addDepartRole,
  type DepartRoleListParams,
  deleteDepartRole,
  departKeys,
  editDepartRole,
  listDepartRoles,
  queryDeptRolePermission,
  queryGrantableTree,
  saveDeptRolePermission,
} from '@/api/system/depart';
import { defineResourceView, ResourcePage } from '@/components/ResourcePage';
import { DepartGrantTree } from './DepartGrantTree';
import { DepartMemberRoles } from './DepartMemberRoles';
import { RoleFormFields } from './RoleFormFields';

type DepartRoleFormValues = { roleCode: string; roleName: string; description?: string | null };

/** 授权: what a department role grants, ticked within the department's own permissions. */
function DepartRoleGrantDrawer({ role, onClose }: { role: DepartRoleItem; onClose: () => void }) {
  const { message } = feedback;
  const queryClient = useQueryClient();
  const tree = useQuery({
    queryKey: departKeys.grantableTree(role.departId),
    queryFn: () => queryGrantableTree(role.departId),
    staleTime: 0,
  });
  const granted = useQuery({
    queryKey: departKeys.rolePermissions(role.id),
    queryFn: () => queryDeptRolePermission(role.id),
    staleTime: 0,
  });
  const save = useMutation({
    mutationFn: (ids: string[]) => saveDeptRolePermission(role.id, ids),
    onSuccess: async () => {
      message.success('授权成功');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: departKeys.rolePermissions(role.id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.permission }),
      ]);
      onClose();
    },
  });
  return (
    <Drawer title={`部门角色授权：${role.roleName}`} width={560} open onClose={onClose} destroyOnHidden>
      {tree.data && granted.data ? (
        <DepartGrantTree
          tree={tree.data}
          granted={granted.data}
          emptyText="本部门尚未获得任何菜单权限，请先在「部门权限」中为部门授权"
          saving={save.isPending}
          onSave={(ids) => save.mutate(ids)}
        />
      ) : (
        <Spin style={{ display: 'block', marginTop: 48 }} />
      )}
    </Drawer>
  );
}

function GrantAction({ role }: { role: DepartRoleItem }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Typography.Link onClick={() => setOpen(true)}>授权</Typography.Link>
      {open && <DepartRoleGrantDrawer role={role} onClose={() => setOpen(false)} />}
    </>
  );
}

function departRoleView(departId: string) {
  return defineResourceView<DepartRoleItem, DepartRoleCreateInput, DepartRoleUpdateInput, DepartRoleFormValues>({
    title: '部门角色',
    noun: '部门角色',
    rowKey: 'id',
    queryKeys: departKeys.roles,
    api: {
      list: (params) => listDepartRoles({ ...params, deptId: departId } as DepartRoleListParams),
      create: addDepartRole,
      update: editDepartRole,
    },
    permissions: { add: Perm.departRole, edit: Perm.departRole },
    columns: [
      { title: '角色名称', dataIndex: 'roleName', searchable: true, sorter: true, width: 150 },
      { title: '角色编码', dataIndex: 'roleCode', sorter: true, width: 130 },
      { title: '描述', dataIndex: 'description', ellipsis: true, width: 180 },
      { title: '成员数', dataIndex: 'userCount', width: 80 },
      { title: '创建时间', dataIndex: 'createTime', valueType: 'dateTime', sorter: true, width: 170 },
    ],
    form: {
      width: 520,
      fields: ({ mode }) => <RoleFormFields mode={mode} field={DepartRoleCreateInput.shape} />,
      toValues: (role) => ({ roleCode: role.roleCode, roleName: role.roleName, description: role.description }),
      toCreate: (values) => DepartRoleCreateInput.parse({ ...values, departId }),
      toUpdate: (values, role) =>
        DepartRoleUpdateInput.parse({ id: role.id, roleName: values.roleName, description: values.description }),
    },
    rowActions: [
      { key: 'grant', permission: Perm.departRole, render: (role) => <GrantAction role={role} /> },
      {
        key: 'delete',
        permission: Perm.departRole,
        label: '删除',
        danger: true,
        confirm: (role) =>
          role.userCount > 0
            ? `部门角色「${role.roleName}」还有 ${role.userCount} 名成员，需先在下方成员列表中取消。仍要尝试删除吗？`
            : `确定删除部门角色「${role.roleName}」吗？`,
        run: (role) => deleteDepartRole(role.id),
        success: '删除成功',
      },
    ],
    actionWidth: 160,
    pageSize: 5,
  });
}

/** 部门角色: the department's own roles, their grants, and which members hold them. */
export function DepartRoleTab({ departId }: { departId: string }) {
  const view = useMemo(() => departRoleView(departId), [departId]);
  return (
    <>
      <ResourcePage view={view} params={{ deptId: departId }} />
      <DepartMemberRoles departId={departId} />
    </>
  );
}
