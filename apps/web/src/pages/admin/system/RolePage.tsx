import { Perm, RoleCreateInput, type RoleItem, RoleUpdateInput } from '@odp/contracts';
import { Tag, Typography } from 'antd';
import { useState } from 'react';
import { systemKeys } from '@/api/system/query-keys';
import { addRole, deleteRole, editRole, listRoles } from '@/api/system/role';
import { defineResourceView, ResourcePage } from '@/components/ResourcePage';
import { RoleFormFields } from './RoleFormFields';
import { RolePermissionDrawer } from './RolePermissionDrawer';

type RoleFormValues = { roleCode: string; roleName: string; description?: string | null };

function RolePermissionAction({ role }: { role: RoleItem }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Typography.Link onClick={() => setOpen(true)}>授权</Typography.Link>
      {open && <RolePermissionDrawer role={role} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}

const roleView = defineResourceView<RoleItem, RoleCreateInput, RoleUpdateInput, RoleFormValues>({
  title: '角色管理',
  noun: '角色',
  rowKey: 'id',
  queryKeys: systemKeys.roles,
  api: { list: listRoles, create: addRole, update: editRole },
  permissions: { add: Perm.roleAdd, edit: Perm.roleEdit },
  columns: [
    { title: '角色名称', dataIndex: 'roleName', searchable: true, sorter: true, width: 160 },
    {
      title: '角色编码',
      dataIndex: 'roleCode',
      searchable: true,
      sorter: true,
      width: 150,
      render: (_dom, role) => (
        <>
          {role.roleCode} {role.builtIn && <Tag color="blue">内置</Tag>}
        </>
      ),
    },
    { title: '描述', dataIndex: 'description', ellipsis: true, width: 240 },
    { title: '用户数', dataIndex: 'userCount', width: 80 },
    { title: '创建时间', dataIndex: 'createTime', valueType: 'dateTime', sorter: true, width: 170 },
  ],
  form: {
    width: 560,
    fields: ({ mode }) => <RoleFormFields mode={mode} field={RoleCreateInput.shape} />,
    toValues: (role) => ({ roleCode: role.roleCode, roleName: role.roleName, description: role.description }),
    toCreate: (values) => RoleCreateInput.parse(values),
    toUpdate: (values, role) => RoleUpdateInput.parse({ ...values, id: role.id }),
  },
  rowActions: [
    {
      key: 'assign',
      permission: Perm.roleAssign,
      render: (role) => <RolePermissionAction role={role} />,
    },
    {
      key: 'delete',
      permission: Perm.roleDelete,
      label: '删除',
      danger: true,
      // The server refuses both as well; the button is hidden so nobody is invited to try.
      visible: (role) => !role.builtIn,
      confirm: (role) =>
        role.userCount > 0
          ? `角色「${role.roleName}」下还有 ${role.userCount} 个用户，需先移除这些用户的该角色。仍要尝试删除吗？`
          : `确定删除角色「${role.roleName}」吗？`,
      run: (role) => deleteRole(role.id),
      success: '删除成功',
    },
  ],
  actionWidth: 160,
});

/** 角色管理 (/system/Role). */
export default function RolePage() {
  return <ResourcePage view={roleView} />;
}
