import { ProFormDigit, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import {
  type CreatableSourceType,
  DATA_SOURCE_TYPES,
  DataSourceCreateInput,
  type DataSourceItem,
  DataSourceUpdateInput,
  dataSourceTypeLabel,
  ResourcePerm as P,
} from '@odp/contracts';
import { Form } from 'antd';
import {
  addDataSource,
  editDataSource,
  listDataSources,
  removeDataSource,
  resourceKeys,
  testDataSource,
} from '@/api/resources';
import { defineResourceView, ResourcePage, zodRule } from '@/components/ResourcePage';

type DataSourceValues = {
  dataName: string;
  transportGateway?: string | null;
  databaseType: CreatableSourceType;
  host: string;
  port: number;
  databaseName: string;
  userName: string;
  password?: string;
  descr?: string | null;
};

const field = DataSourceCreateInput.shape;

const typeOptions = DATA_SOURCE_TYPES.map((t) => ({
  value: t.code,
  label: t.protocol ? t.label : `${t.label}（暂不支持）`,
}));

/** Picking a type fills in its usual port while the port is empty or still another type's default. */
function TypeSelect() {
  const form = Form.useFormInstance();
  return (
    <ProFormSelect
      name="databaseType"
      label="数据源类型"
      placeholder="请选择数据源类型"
      options={typeOptions}
      rules={[{ required: true, message: '请选择数据源类型' }]}
      fieldProps={{
        onChange: (code: CreatableSourceType) => {
          const port = form.getFieldValue('port');
          const defaults = new Set<number>(DATA_SOURCE_TYPES.map((t) => t.defaultPort));
          const next = DATA_SOURCE_TYPES.find((t) => t.code === code)?.defaultPort;
          if (next && (port === undefined || port === null || defaults.has(Number(port)))) {
            form.setFieldValue('port', next);
          }
        },
      }}
    />
  );
}

const connectionOf = (values: DataSourceValues) => ({
  databaseType: values.databaseType,
  host: values.host,
  port: values.port,
  databaseName: values.databaseName,
  userName: values.userName,
});

const dataSourceView = defineResourceView<
  DataSourceItem,
  DataSourceCreateInput,
  DataSourceUpdateInput,
  DataSourceValues
>({
  title: '数据源管理',
  noun: '数据源',
  rowKey: 'id',
  queryKeys: resourceKeys.dataSources,
  api: {
    list: listDataSources,
    create: addDataSource,
    update: editDataSource,
    // The call deletes one source; a selection is deleted one by one.
    remove: async (ids) => {
      for (const id of ids) await removeDataSource(id);
    },
  },
  permissions: { add: P.dataSourceAdd, edit: P.dataSourceEdit, delete: P.dataSourceDelete },
  columns: [
    { title: '名称', dataIndex: 'dataName', searchable: true, sorter: true, width: 180, ellipsis: true },
    {
      title: '类型',
      dataIndex: 'databaseType',
      searchable: true,
      width: 130,
      valueType: 'select',
      fieldProps: { options: typeOptions, placeholder: '请选择数据库类型' },
      render: (_dom, source) => dataSourceTypeLabel(source.databaseType),
    },
    { title: '服务器地址', dataIndex: 'host', searchable: true, width: 160, ellipsis: true },
    { title: '端口号', dataIndex: 'port', searchable: true, width: 90, valueType: 'digit' },
    { title: '数据库名称', dataIndex: 'databaseName', searchable: true, width: 140, ellipsis: true },
    { title: '所属部门', dataIndex: 'departName', width: 160, ellipsis: true, defaultHidden: true },
    { title: '创建人名称', dataIndex: 'createByName', width: 120 },
  ],
  form: {
    container: 'drawer',
    width: 560,
    initialValues: { databaseType: 'mysql', port: 3306 },
    fields: ({ mode }) => (
      <>
        <ProFormText
          name="dataName"
          label="数据源名称"
          placeholder="请输入数据源名称"
          fieldProps={{ maxLength: 100 }}
          rules={[{ required: true, message: '请输入数据源名称' }, zodRule(field.dataName)]}
        />
        <ProFormText
          name="transportGateway"
          label="数据源传送网关"
          placeholder="请输入数据源传送网关"
          rules={[zodRule(field.transportGateway)]}
        />
        <TypeSelect />
        <ProFormText
          name="host"
          label="数据库地址"
          placeholder="主机名或 IP 地址，如 db.example.gov.cn"
          fieldProps={{ maxLength: 253 }}
          rules={[{ required: true, message: '请输入数据库地址' }, zodRule(field.host)]}
        />
        <ProFormDigit
          name="port"
          label="端口"
          placeholder="请输入端口"
          min={1}
          max={65535}
          fieldProps={{ precision: 0 }}
          rules={[{ required: true, message: '请输入数字' }]}
        />
        <ProFormText
          name="databaseName"
          label="数据库名称"
          placeholder="请输入数据库名称"
          rules={[{ required: true, message: '请输入数据库名称' }, zodRule(field.databaseName)]}
        />
        <ProFormText
          name="userName"
          label="用户名"
          placeholder="请输入用户名"
          fieldProps={{ autoComplete: 'off' }}
          rules={[{ required: true, message: '请输入用户名' }, zodRule(field.userName)]}
        />
        <ProFormText.Password
          name="password"
          label="密码"
          placeholder={mode === 'edit' ? '不修改请留空' : '请输入密码'}
          fieldProps={{ autoComplete: 'new-password' }}
          extra={
            mode === 'edit'
              ? '密码加密保存、不会显示；修改地址、端口、类型或用户名时须重新输入'
              : '密码加密保存、不会显示'
          }
          rules={mode === 'create' ? [{ required: true, message: '请输入密码' }] : []}
        />
        <ProFormTextArea
          name="descr"
          label="数据源描述"
          placeholder="请输入数据源描述"
          fieldProps={{ maxLength: 500, showCount: true, rows: 3 }}
          rules={[zodRule(field.descr)]}
        />
      </>
    ),
    toValues: (source) => ({
      dataName: source.dataName,
      transportGateway: source.transportGateway,
      databaseType: source.databaseType as CreatableSourceType,
      host: source.host,
      port: source.port,
      databaseName: source.databaseName,
      userName: source.userName,
      descr: source.descr,
    }),
    toCreate: (values) => DataSourceCreateInput.parse(values),
    toUpdate: (values, source) => DataSourceUpdateInput.parse({ ...values, id: source.id }),
    // As in the original, 确定 stays disabled until 测试 succeeds with the values as they are.
    gate: {
      label: '测试',
      run: async (values, source) => {
        const result = await testDataSource({ ...connectionOf(values), password: values.password, id: source?.id });
        return `测试成功（${result.version}）`;
      },
    },
  },
});

/** 资源管理 › 数据源管理: the databases the platform may read from, per department. */
export default function DataSourcePage() {
  return <ResourcePage view={dataSourceView} />;
}
