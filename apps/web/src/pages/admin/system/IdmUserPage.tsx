import { ModalForm, ProForm, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import {
  IDM_STATUS,
  IDM_STATUS_LABEL,
  IdmAuthorizeInput,
  type IdmUserItem,
  SsoPerm as P,
  SG_SSO_ISSUER,
} from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Tag, Typography } from 'antd';
import { feedback } from '@/api/feedback';
import { authorizeIdmUser, disableIdmUser, listIdmUsers, ssoKeys } from '@/api/sso';
import { systemKeys } from '@/api/system/query-keys';
import { queryAllRoles } from '@/api/system/role';
import { defineResourceView, ResourcePage, zodRule } from '@/components/ResourcePage';
import { DepartTreeSelect } from './DepartTreeSelect';

type AuthorizeValues = { username?: string; roleId: string; departId: string };

const field = IdmAuthorizeInput.shape;
const STATUS_COLOR: Record<number, string> = { 0: 'warning', 1: 'success', 2: 'default' };
const statusOptions = Object.entries(IDM_STATUS_LABEL).map(([value, label]) => ({ value: Number(value), label }));

/** 授权: a role and a department for the identity's local account (default: its claimed name). */
function AuthorizeAction({ idm, done }: { idm: IdmUserItem; done: () => Promise<void> }) {
  const [form] = Form.useForm<AuthorizeValues>();
  const roles = useQuery({ queryKey: systemKeys.roles.options, queryFn: queryAllRoles, staleTime: 5 * 60_000 });
  return (
    <ModalForm<AuthorizeValues>
      title={`授权：${idm.nickName ?? idm.userName ?? idm.subject}`}
      width={520}
      form={form}
      name={`idm-authorize-${idm.id}`}
      layout="horizontal"
      labelCol={{ flex: '100px' }}
      trigger={<Typography.Link>授权</Typography.Link>}
      modalProps={{ maskClosable: false, destroyOnHidden: true }}
      initialValues={{ username: idm.userName ?? '' }}
      onFinish={async (values) => {
        try {
          await authorizeIdmUser({ id: idm.id, ...values, username: values.username || null });
        } catch {
          return false; // the request client has shown why
        }
        feedback.message.success('授权成功');
        await done();
        return true;
      }}
    >
      <Typography.Paragraph type="secondary">
        授权后该外部账号即可通过统一身份认证登录。本地账号已存在时关联该账号并增加所选角色与部门，不存在时新建账号（无密码，仅可单点登录）。
      </Typography.Paragraph>
      <ProFormText
        name="username"
        label="本地账号"
        placeholder="默认与外部账号相同"
        fieldProps={{ autoComplete: 'off', maxLength: 64 }}
        rules={[zodRule(field.username)]}
      />
      <ProFormSelect
        name="roleId"
        label="角色"
        placeholder="请选择角色"
        options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.roleName }))}
        fieldProps={{ loading: roles.isLoading, optionFilterProp: 'label', showSearch: true }}
        rules={[{ required: true, message: '请选择角色' }]}
      />
      <ProForm.Item name="departId" label="部门" rules={[{ required: true, message: '请选择部门' }]}>
        <DepartTreeSelect placeholder="请选择部门" />
      </ProForm.Item>
    </ModalForm>
  );
}

const idmView = defineResourceView<IdmUserItem>({
  title: 'IDM用户',
  noun: 'IDM用户',
  rowKey: 'id',
  queryKeys: ssoKeys.idm,
  api: { list: listIdmUsers },
  columns: [
    { title: '用户账号', dataIndex: 'userName', searchable: true, sorter: true, width: 150, ellipsis: true },
    { title: '用户姓名', dataIndex: 'nickName', searchable: true, width: 130, ellipsis: true },
    { title: '手机号码', dataIndex: 'mobile', searchable: true, width: 130 },
    { title: '邮箱', dataIndex: 'email', width: 200, ellipsis: true, defaultHidden: true },
    {
      title: '来源',
      dataIndex: 'issuer',
      width: 200,
      ellipsis: true,
      render: (_dom, idm) => (idm.issuer === SG_SSO_ISSUER ? '业务协同系统' : idm.issuer),
    },
    { title: '本地账号', dataIndex: 'localUsername', width: 130, ellipsis: true },
    {
      title: '状态',
      dataIndex: 'userStatus',
      searchable: true,
      width: 100,
      valueType: 'select',
      fieldProps: { options: statusOptions, placeholder: '请选择状态' },
      render: (_dom, idm) => <Tag color={STATUS_COLOR[idm.userStatus]}>{IDM_STATUS_LABEL[idm.userStatus]}</Tag>,
    },
    { title: '首次登录', dataIndex: 'firstSeenTime', valueType: 'dateTime', sorter: true, width: 170 },
    { title: '最近登录', dataIndex: 'lastSeenTime', valueType: 'dateTime', sorter: true, width: 170 },
  ],
  rowActions: [
    {
      key: 'authorize',
      permission: P.idmAuthorize,
      visible: (idm) => idm.userStatus !== IDM_STATUS.active,
      render: (idm, done) => <AuthorizeAction idm={idm} done={done} />,
    },
    {
      key: 'disable',
      permission: P.idmDisable,
      label: '停用',
      danger: true,
      visible: (idm) => idm.userStatus !== IDM_STATUS.disabled,
      confirm: (idm) =>
        `确定停用“${idm.nickName ?? idm.userName ?? idm.subject}”吗？停用后该外部账号将无法通过统一身份认证登录。`,
      run: (idm) => disableIdmUser(idm.id),
      success: '已停用',
    },
  ],
  actionWidth: 130,
});

/** IDM用户 (/system/IDMUser): external accounts seen through single sign-on, and their 授权. */
export default function IdmUserPage() {
  return <ResourcePage view={idmView} />;
}
