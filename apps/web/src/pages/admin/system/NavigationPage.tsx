import { UploadOutlined } from '@ant-design/icons';
import { ProForm, ProFormDigit, ProFormRadio, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import {
  NAV_OPEN_MODE,
  NAV_OPEN_MODE_LABEL,
  NavAppCreateInput,
  type NavAppItem,
  NavAppUpdateInput,
  NavigationPerm as P,
} from '@odp/contracts';
import { Button, Space, Switch, Tag, Upload } from 'antd';
import { useState } from 'react';
import { feedback } from '@/api/feedback';
import {
  addNavApp,
  editNavApp,
  listNavApps,
  navigationKeys,
  removeNavApps,
  uploadNavIcon,
} from '@/api/system/navigation';
import { defineResourceView, ResourcePage, zodRule } from '@/components/ResourcePage';

type Icon = { id: string; url: string };

type NavValues = {
  name: string;
  description?: string | null;
  url: string;
  icon?: Icon | null;
  openMode: number;
  needLogin: boolean;
  sortNo: number;
  enabled: boolean;
};

const field = NavAppCreateInput.shape;

/** The icon field: an uploaded picture (checked and resized by the server), shown beside its buttons. */
function IconPick({ value, onChange }: { value?: Icon | null; onChange?: (v: Icon | null) => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <Space align="center" wrap>
      {value?.url && (
        <img src={value.url} alt="应用图标" width={56} height={56} style={{ objectFit: 'contain', borderRadius: 8 }} />
      )}
      <Upload
        accept="image/png,image/jpeg,image/webp"
        showUploadList={false}
        beforeUpload={async (file) => {
          setBusy(true);
          try {
            onChange?.(await uploadNavIcon(file));
          } catch (e) {
            feedback.message.error((e as Error).message);
          } finally {
            setBusy(false);
          }
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          {value ? '更换图标' : '上传图标'}
        </Button>
      </Upload>
      {value && <Button onClick={() => onChange?.(null)}>移除</Button>}
    </Space>
  );
}

const toInput = (values: NavValues) => ({
  name: values.name,
  description: values.description ?? null,
  url: values.url,
  iconId: values.icon?.id ?? null,
  openMode: values.openMode,
  needLogin: values.needLogin,
  sortNo: values.sortNo ?? 0,
  enabled: values.enabled,
});

const navigationView = defineResourceView<NavAppItem, NavAppCreateInput, NavAppUpdateInput, NavValues>({
  title: '功能导航管理',
  noun: '导航应用',
  rowKey: 'id',
  queryKeys: navigationKeys,
  alsoInvalidates: [navigationKeys.cards],
  api: { list: listNavApps, create: addNavApp, update: editNavApp, remove: removeNavApps },
  permissions: { add: P.edit, edit: P.edit, delete: P.edit },
  columns: [
    {
      title: '图标',
      dataIndex: 'iconUrl',
      width: 72,
      render: (_d, r) =>
        r.iconUrl ? <img src={r.iconUrl} alt="" width={32} height={32} style={{ objectFit: 'contain' }} /> : '-',
    },
    { title: '应用名称', dataIndex: 'name', searchable: true, sorter: true, width: 180, ellipsis: true },
    { title: '访问地址', dataIndex: 'url', width: 260, ellipsis: true, copyable: true },
    {
      title: '打开方式',
      dataIndex: 'openMode',
      width: 110,
      render: (_d, r) => NAV_OPEN_MODE_LABEL[r.openMode],
    },
    { title: '需要登录', dataIndex: 'needLogin', width: 100, render: (_d, r) => (r.needLogin ? '是' : '否') },
    { title: '排序', dataIndex: 'sortNo', width: 80, sorter: true },
    {
      title: '状态',
      dataIndex: 'enabled',
      width: 100,
      searchable: true,
      valueType: 'select',
      fieldProps: {
        options: [
          { value: 'true', label: '启用' },
          { value: 'false', label: '停用' },
        ],
        placeholder: '请选择状态',
      },
      render: (_d, r) => (r.enabled ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>),
    },
  ],
  actionWidth: 140,
  form: {
    width: 600,
    initialValues: { openMode: NAV_OPEN_MODE.newTab, needLogin: false, sortNo: 0, enabled: true, icon: null },
    fields: () => (
      <>
        <ProFormText
          name="name"
          label="应用名称"
          placeholder="请输入应用名称"
          fieldProps={{ maxLength: 50 }}
          rules={[{ required: true, message: '请输入应用名称' }, zodRule(field.name)]}
        />
        <ProForm.Item name="icon" label="应用图标" extra="支持 JPG、PNG、WebP 格式，不超过 2MB，建议正方形">
          <IconPick />
        </ProForm.Item>
        <ProFormTextArea
          name="description"
          label="应用描述"
          placeholder="请输入应用描述"
          fieldProps={{ maxLength: 300, showCount: true, rows: 3 }}
          rules={[zodRule(field.description)]}
        />
        <ProFormText
          name="url"
          label="访问地址"
          placeholder="https:// 开头的地址，或本站路径（如 /personalCenter/perCenter?current=3）"
          fieldProps={{ maxLength: 1000 }}
          rules={[{ required: true, message: '请输入访问地址' }, zodRule(field.url)]}
        />
        <ProFormRadio.Group
          name="openMode"
          label="打开方式"
          options={[
            { value: NAV_OPEN_MODE.newTab, label: NAV_OPEN_MODE_LABEL[NAV_OPEN_MODE.newTab] },
            { value: NAV_OPEN_MODE.embedded, label: NAV_OPEN_MODE_LABEL[NAV_OPEN_MODE.embedded] },
          ]}
          extra="内嵌打开仅限系统设置允许的站点"
        />
        <ProForm.Item
          name="needLogin"
          label="需要登录"
          valuePropName="checked"
          extra="向外部应用传递一次性登录令牌，不含用户名"
        >
          <Switch checkedChildren="是" unCheckedChildren="否" />
        </ProForm.Item>
        <ProFormDigit name="sortNo" label="排序" min={0} max={9999} fieldProps={{ precision: 0 }} />
        <ProForm.Item name="enabled" label="启用" valuePropName="checked">
          <Switch checkedChildren="启用" unCheckedChildren="停用" />
        </ProForm.Item>
      </>
    ),
    toValues: (r) => ({
      name: r.name,
      description: r.description,
      url: r.url,
      icon: r.iconId ? { id: r.iconId, url: r.iconUrl ?? '' } : null,
      openMode: r.openMode,
      needLogin: r.needLogin,
      sortNo: r.sortNo,
      enabled: r.enabled,
    }),
    toCreate: (values) => NavAppCreateInput.parse(toInput(values)),
    toUpdate: (values, r) => NavAppUpdateInput.parse({ ...toInput(values), id: r.id }),
  },
});

/** 功能导航管理: the external applications the portal's 功能导航 lists. */
export default function NavigationPage() {
  return <ResourcePage view={navigationView} />;
}
