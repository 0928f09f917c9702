import { Perm, USER_STATUS, UserCreateInput, type UserItem, UserUpdateInput } from '@odp/contracts';
import { Tag } from 'antd';
import { systemKeys } from '@/api/system/query-keys';
import { addUser, editUser, frozenBatch, listUsers, queryUserRole } from '@/api/system/user';
import { defineResourceView, ResourcePage } from '@/components/ResourcePage';
import { DepartTreeSelect } from './DepartTreeSelect';
import { ResetPasswordAction } from './ResetPasswordAction';
import { UserFormFields, type UserFormValues } from './UserFormFields';

const isFrozen = (user: UserItem) => user.status === USER_STATUS.frozen;
const freezeVerb = (user: UserItem) => (isFrozen(user) ? '解冻' : '冻结');

const userView = defineResourceView<UserItem, UserCreateInput, UserUpdateInput, UserFormValues>({
  title: '用户管理',
  noun: '用户',
  rowKey: 'id',
  queryKeys: systemKeys.users,
  api: { list: listUsers, create: addUser, update: editUser },
  permissions: { add: Perm.userAdd, edit: Perm.userEdit },
  columns: [
    { title: '用户账号', dataIndex: 'username', searchable: true, sorter: true, width: 110 },
    { title: '姓名', dataIndex: 'realname', searchable: true, sorter: true, width: 90 },
    { title: '性别', dataIndex: 'sex', dict: 'sex', width: 60 },
    { title: '手机号', dataIndex: 'phone', searchable: true, width: 115 },
    { title: '邮箱', dataIndex: 'email', ellipsis: true, width: 160, defaultHidden: true },
    {
      title: '部门',
      dataIndex: 'departNames',
      ellipsis: true,
      width: 140,
      render: (_dom, user) => user.departNames.join('、') || '-',
    },
    {
      title: '角色',
      dataIndex: 'roleNames',
      width: 110,
      render: (_dom, user) =>
        user.roleNames.length ? user.roleNames.map((name) => <Tag key={name}>{name}</Tag>) : '-',
    },
    {
      title: '状态',
      dataIndex: 'status',
      dict: 'user_status',
      dictColors: { [USER_STATUS.normal]: 'success', [USER_STATUS.frozen]: 'error' },
      searchable: true,
      width: 80,
    },
    { title: '创建时间', dataIndex: 'createTime', valueType: 'dateTime', sorter: true, width: 170 },
    // The department filter goes by orgCode, which the table does not show: a search-only column.
    {
      title: '部门',
      dataIndex: 'orgCode',
      hideInTable: true,
      searchable: true,
      renderFormItem: () => <DepartTreeSelect valueField="orgCode" />,
    },
  ],
  form: {
    width: 760,
    fields: ({ mode }) => <UserFormFields mode={mode} />,
    initialValues: { roleIds: [], departIds: [], tenantIds: [0] },
    // The roles are read afresh: the row may predate a change made elsewhere.
    toValues: async (user) => ({
      username: user.username,
      realname: user.realname,
      nickname: user.nickname,
      sex: user.sex,
      phone: user.phone,
      email: user.email,
      departIds: user.departIds,
      tenantIds: user.tenantIds,
      roleIds: await queryUserRole(user.id),
    }),
    // The contract schemas trim, turn blanks into null and drop the confirmation field.
    toCreate: (values) => UserCreateInput.parse(values),
    toUpdate: (values, user) => UserUpdateInput.parse({ ...values, id: user.id }),
  },
  rowActions: [
    {
      key: 'freeze',
      permission: Perm.userFreeze,
      label: freezeVerb,
      confirm: (user) => `确定${freezeVerb(user)}用户「${user.realname}」吗？`,
      run: (user) => frozenBatch([user.id], isFrozen(user) ? USER_STATUS.normal : USER_STATUS.frozen),
      success: (user) => `${freezeVerb(user)}成功`,
    },
    {
      key: 'resetPassword',
      permission: Perm.userResetPassword,
      render: (user, done) => <ResetPasswordAction user={user} done={done} />,
    },
  ],
  batchActions: [
    {
      key: 'freeze',
      label: '批量冻结',
      permission: Perm.userFreeze,
      danger: true,
      confirm: (users) => `确定冻结选中的 ${users.length} 个用户吗？冻结后这些用户将无法登录。`,
      run: (users) =>
        frozenBatch(
          users.map((user) => user.id),
          USER_STATUS.frozen,
        ),
      success: '冻结成功',
    },
    {
      key: 'unfreeze',
      label: '批量解冻',
      permission: Perm.userFreeze,
      confirm: (users) => `确定解冻选中的 ${users.length} 个用户吗？`,
      run: (users) =>
        frozenBatch(
          users.map((user) => user.id),
          USER_STATUS.normal,
        ),
      success: '解冻成功',
    },
  ],
});

/** 用户管理 (/system/User). */
export default function UserPage() {
  return <ResourcePage view={userView} />;
}
