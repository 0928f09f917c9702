import { ProForm, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { Messages, NewPassword, Perm, UserCreateInput } from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { systemKeys } from '@/api/system/query-keys';
import { queryAllRoles } from '@/api/system/role';
import { listTenants, tenantKeys } from '@/api/system/tenant';
import { checkOnlyUser } from '@/api/system/user';
import { DictSelect } from '@/components/DictSelect';
import { type FormMode, remoteRule, sameAsRule, useCan, zodRule } from '@/components/ResourcePage';
import { DepartTreeSelect } from './DepartTreeSelect';

/** What the user form holds; the contract schemas turn it into `UserCreateInput` / `UserUpdateInput`. */
export type UserFormValues = {
  username: string;
  password?: string;
  confirmPassword?: string;
  realname: string;
  nickname?: string | null;
  sex?: string | null;
  phone?: string | null;
  email?: string | null;
  roleIds?: string[];
  departIds?: string[];
  tenantIds?: number[];
};

const field = UserCreateInput.shape;

/** The add/edit fields of a user; rules come from the contract so messages match the server's. */
export function UserFormFields({ mode }: { mode: FormMode }) {
  // Roles and departments are sent only by those who may assign them; a form without these fields
  // leaves them out of the request, which the server reads as "unchanged".
  const can = useCan();
  const mayAssign = can(Perm.userAssign);
  // Tenants are offered to those who also administer tenants (the 编辑租户 button of 租户管理, whose
  // list the options come from); without it the field stays out of the form and of the request.
  const mayAssignTenants = mayAssign && can(Perm.tenantEdit);
  const tenants = useQuery({
    queryKey: tenantKeys.list({ options: true }),
    queryFn: () => listTenants({ pageNo: 1, pageSize: 100 }),
    staleTime: 5 * 60_000,
    enabled: mayAssignTenants,
  });
  const roles = useQuery({
    queryKey: systemKeys.roles.options,
    queryFn: queryAllRoles,
    staleTime: 5 * 60_000,
    enabled: mayAssign,
  });
  const creating = mode === 'create';

  return (
    <>
      <ProFormText
        name="username"
        label="用户账号"
        disabled={!creating}
        placeholder="请输入用户账号"
        fieldProps={{ autoComplete: 'off' }}
        // The account name is the sign-in name and cannot change; only a new one is checked for clashes.
        rules={
          creating
            ? [
                zodRule(field.username, { required: '请输入用户账号' }),
                remoteRule((v) => checkOnlyUser(v).then(() => {})),
              ]
            : []
        }
      />
      {creating && (
        <>
          <ProFormText.Password
            name="password"
            label="登录密码"
            placeholder="至少 8 位，包含字母和数字"
            fieldProps={{ autoComplete: 'new-password' }}
            rules={[zodRule(NewPassword, { required: '请输入登录密码' })]}
          />
          <ProFormText.Password
            name="confirmPassword"
            label="确认密码"
            placeholder="请再次输入登录密码"
            dependencies={['password']}
            fieldProps={{ autoComplete: 'new-password' }}
            rules={[
              { required: true, message: '请再次输入登录密码' },
              sameAsRule('password', Messages.passwordMismatch),
            ]}
          />
        </>
      )}
      <ProFormText name="realname" label="姓名" placeholder="请输入姓名" rules={[zodRule(field.realname)]} />
      <ProFormText name="nickname" label="昵称" placeholder="请输入昵称" rules={[zodRule(field.nickname)]} />
      <ProForm.Item name="sex" label="性别">
        <DictSelect code="sex" placeholder="请选择性别" />
      </ProForm.Item>
      <ProFormText name="phone" label="手机号" placeholder="请输入手机号" rules={[zodRule(field.phone)]} />
      <ProFormText name="email" label="邮箱" placeholder="请输入邮箱" rules={[zodRule(field.email)]} />
      {mayAssign && (
        <>
          <ProFormSelect
            name="roleIds"
            label="角色"
            mode="multiple"
            placeholder="请选择角色"
            options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.roleName }))}
            fieldProps={{ loading: roles.isLoading, optionFilterProp: 'label' }}
          />
          <ProForm.Item name="departIds" label="所属部门">
            <DepartTreeSelect multiple placeholder="请选择所属部门" />
          </ProForm.Item>
          {mayAssignTenants && (
            <ProFormSelect
              name="tenantIds"
              label="所属租户"
              mode="multiple"
              placeholder="请选择租户（多个租户时登录需选择）"
              options={(tenants.data?.records ?? []).map((t) => ({ value: t.id, label: t.name }))}
              fieldProps={{ loading: tenants.isLoading, optionFilterProp: 'label' }}
            />
          )}
        </>
      )}
    </>
  );
}
