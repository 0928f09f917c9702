import { ProFormRadio, ProFormText } from '@ant-design/pro-components';
import { Perm, TENANT_STATUS, TenantCreateInput, type TenantItem, TenantUpdateInput } from '@odp/contracts';
import { Tag } from 'antd';
import { addTenant, editTenant, listTenants, tenantKeys } from '@/api/system/tenant';
import { defineResourceView, ResourcePage, zodRule } from '@/components/ResourcePage';

type TenantFormValues = { name: string; status: number };

const field = TenantCreateInput.shape;

const statusOptions = [
  { value: TENANT_STATUS.normal, label: '正常' },
  { value: TENANT_STATUS.frozen, label: '冻结' },
];

const tenantView = defineResourceView<TenantItem, TenantCreateInput, TenantUpdateInput, TenantFormValues>({
  title: '租户管理',
  noun: '租户',
  rowKey: 'id',
  queryKeys: tenantKeys,
  api: { list: listTenants, create: addTenant, update: editTenant },
  // Adding is part of editing the tenant list: the server asks the same permission.
  permissions: { add: Perm.tenantEdit, edit: Perm.tenantEdit },
  columns: [
    { title: '租户编号', dataIndex: 'id', sorter: true, width: 100 },
    { title: '租户名称', dataIndex: 'name', searchable: true, sorter: true, width: 200 },
    {
      title: '状态',
      dataIndex: 'status',
      searchable: true,
      width: 90,
      valueType: 'select',
      fieldProps: { options: statusOptions },
      render: (_dom, tenant) =>
        tenant.status === TENANT_STATUS.normal ? <Tag color="success">正常</Tag> : <Tag color="error">冻结</Tag>,
    },
    { title: '关联用户数', dataIndex: 'userCount', width: 110 },
    { title: '创建时间', dataIndex: 'createTime', valueType: 'dateTime', sorter: true, width: 170 },
  ],
  form: {
    width: 480,
    initialValues: { status: TENANT_STATUS.normal },
    fields: ({ record }) => (
      <>
        <ProFormText name="name" label="租户名称" placeholder="请输入租户名称" rules={[zodRule(field.name)]} />
        <ProFormRadio.Group
          name="status"
          label="状态"
          options={statusOptions}
          // The default tenant serves every request without a tenant_id header.
          disabled={record?.id === 0}
          extra="冻结的租户在登录时不再可选"
          rules={[{ required: true, message: '请选择状态' }]}
        />
      </>
    ),
    toValues: (tenant) => ({ name: tenant.name, status: tenant.status }),
    toCreate: (values) => TenantCreateInput.parse(values),
    toUpdate: (values, tenant) => TenantUpdateInput.parse({ ...values, id: tenant.id }),
  },
});

/** 租户管理 (/system/tenant): the tenants users can be assigned to and choose at sign-in. */
export default function TenantPage() {
  return <ResourcePage view={tenantView} />;
}
