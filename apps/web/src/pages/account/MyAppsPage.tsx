import { ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import {
  OPEN_APP_STATUS,
  OPEN_APP_STATUS_LABEL,
  OpenAppCreateInput,
  type OpenAppItem,
  OpenAppUpdateInput,
  OpenAppPerm as P,
} from '@odp/contracts';
import { Tag, Typography } from 'antd';
import { addOpenApp, editOpenApp, listOpenApps, openApiKeys, revokeOpenApp, rotateOpenApp } from '@/api/openapi';
import { defineResourceView, ResourcePage, zodRule } from '@/components/ResourcePage';
import { showAppSecret } from './AppSecretView';
import { OpenApiGuide } from './OpenApiGuide';
import './my-apps.css';

type AppValues = { name: string; description?: string | null };

const field = OpenAppCreateInput.shape;
const active = (app: OpenAppItem) => app.status === OPEN_APP_STATUS.active;

const myAppsView = defineResourceView<OpenAppItem, OpenAppCreateInput, OpenAppUpdateInput, AppValues>({
  title: '我的应用',
  noun: '应用',
  rowKey: 'id',
  queryKeys: openApiKeys.apps,
  api: {
    list: listOpenApps,
    async create(input) {
      const created = await addOpenApp(input);
      showAppSecret(`应用“${created.name}”已创建`, created);
      return created;
    },
    update: editOpenApp,
  },
  permissions: { add: P.add, edit: P.edit },
  columns: [
    { title: '应用名称', dataIndex: 'name', searchable: true, sorter: true, width: 180, ellipsis: true },
    {
      title: 'App Key',
      dataIndex: 'appKey',
      width: 330,
      render: (_d, app) => (
        <Typography.Text code copyable={{ text: app.appKey, tooltips: ['复制', '已复制'] }}>
          {app.appKey}
        </Typography.Text>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (_d, app) => (
        <Tag color={active(app) ? 'success' : 'default'}>{OPEN_APP_STATUS_LABEL[app.status] ?? app.status}</Tag>
      ),
    },
    {
      title: '授权数据集',
      dataIndex: 'grants',
      width: 200,
      render: (_d, app) =>
        app.grants.length ? app.grants.map((g) => <Tag key={g.catalogId}>{g.catalogName}</Tag>) : '仅无条件开放数据',
    },
    { title: '近 30 天调用', dataIndex: 'calls30d', width: 120, align: 'right' },
    { title: '应用描述', dataIndex: 'description', width: 220, ellipsis: true, defaultHidden: true },
    { title: '密钥更换时间', dataIndex: 'secretRotatedAt', valueType: 'dateTime', width: 170, defaultHidden: true },
    { title: '创建时间', dataIndex: 'createdAt', valueType: 'dateTime', sorter: true, width: 170 },
  ],
  rowActions: [
    {
      key: 'rotate',
      permission: P.key,
      label: '更换密钥',
      visible: active,
      confirm: (app) => `更换后“${app.name}”的旧密钥立即失效，使用旧密钥签名的调用会被拒绝。确定更换吗？`,
      run: async (app) => showAppSecret(`应用“${app.name}”的新密钥`, await rotateOpenApp(app.id)),
      success: '密钥已更换',
    },
    {
      key: 'revoke',
      permission: P.key,
      label: '停用',
      danger: true,
      visible: active,
      confirm: (app) => `停用后“${app.name}”的 App Key 将无法再调用接口，且不能恢复。确定停用吗？`,
      run: (app) => revokeOpenApp(app.id),
      success: '应用已停用',
    },
  ],
  actionWidth: 200,
  form: {
    width: 520,
    fields: () => (
      <>
        <ProFormText
          name="name"
          label="应用名称"
          placeholder="例如：公交到站查询小程序"
          fieldProps={{ maxLength: 50 }}
          rules={[{ required: true, message: '请输入应用名称' }, zodRule(field.name)]}
        />
        <ProFormTextArea
          name="description"
          label="应用描述"
          placeholder="简要说明应用的用途"
          fieldProps={{ maxLength: 200, showCount: true, rows: 3 }}
          rules={[zodRule(field.description)]}
        />
      </>
    ),
    toValues: (app) => ({ name: app.name, description: app.description }),
    toCreate: (values) => OpenAppCreateInput.parse(values),
    toUpdate: (values, app) => OpenAppUpdateInput.parse({ ...values, id: app.id }),
  },
});

/** 开发者中心 › 我的应用: applications of the open data API, their keys, and how to call with them. */
export default function MyAppsPage() {
  return (
    <div className="my-apps">
      <OpenApiGuide />
      <ResourcePage view={myAppsView} />
    </div>
  );
}
