import { ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import {
  APP_SYSTEM_STATE,
  AppSystemCreateInput,
  type AppSystemItem,
  AppSystemUpdateInput,
  ResourcePerm as P,
} from '@odp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Switch } from 'antd';
import { useState } from 'react';
import { feedback } from '@/api/feedback';
import {
  addAppSystem,
  copyAppSystem,
  editAppSystem,
  listAppSystems,
  removeAppSystems,
  resourceKeys,
  setAppSystemState,
} from '@/api/resources';
import { defineResourceView, ResourcePage, useCan, zodRule } from '@/components/ResourcePage';
import { DepartTreeSelect } from '@/pages/admin/system/DepartTreeSelect';

type AppSystemValues = { appName: string; remark?: string | null };

const field = AppSystemCreateInput.shape;

const stateOptions = [
  { value: APP_SYSTEM_STATE.enabled, label: '启用' },
  { value: APP_SYSTEM_STATE.disabled, label: '关闭' },
];

/** The inline 启用/关闭 switch: saved at once, the list refreshed after. */
function StateSwitch({ system }: { system: AppSystemItem }) {
  const can = useCan();
  const queryClient = useQueryClient();
  const { message } = feedback;
  const [saving, setSaving] = useState(false);
  const on = system.state === APP_SYSTEM_STATE.enabled;
  return (
    <Switch
      checked={on}
      loading={saving}
      disabled={!can(P.systemEdit)}
      checkedChildren="启用"
      unCheckedChildren="关闭"
      aria-label={`${system.appName}的状态`}
      onChange={async (next) => {
        setSaving(true);
        try {
          await setAppSystemState(system.id, next ? APP_SYSTEM_STATE.enabled : APP_SYSTEM_STATE.disabled);
          message.success(next ? '已启用' : '已关闭');
          await queryClient.invalidateQueries({ queryKey: resourceKeys.systems.all });
        } catch {
          // The request client has shown the server's message.
        } finally {
          setSaving(false);
        }
      }}
    />
  );
}

const appSystemView = defineResourceView<AppSystemItem, AppSystemCreateInput, AppSystemUpdateInput, AppSystemValues>({
  title: '系统维护',
  noun: '应用',
  rowKey: 'id',
  queryKeys: resourceKeys.systems,
  api: { list: listAppSystems, create: addAppSystem, update: editAppSystem, remove: removeAppSystems },
  permissions: { add: P.systemAdd, edit: P.systemEdit, delete: P.systemDelete },
  columns: [
    { title: '应用名称', dataIndex: 'appName', searchable: true, sorter: true, width: 220, ellipsis: true },
    { title: '应用描述', dataIndex: 'remark', width: 260, ellipsis: true },
    { title: '添加时间', dataIndex: 'createTime', valueType: 'dateTime', sorter: true, width: 170 },
    {
      title: '责任单位',
      dataIndex: 'departName',
      key: 'orgCode',
      searchable: true,
      width: 180,
      ellipsis: true,
      renderFormItem: () => <DepartTreeSelect valueField="orgCode" placeholder="请选择责任单位" />,
    },
    {
      title: '状态',
      dataIndex: 'state',
      searchable: true,
      width: 100,
      valueType: 'select',
      fieldProps: { options: stateOptions, placeholder: '请选择应用状态' },
      render: (_dom, system) => <StateSwitch system={system} />,
    },
  ],
  rowActions: [
    {
      key: 'copy',
      permission: P.systemAdd,
      label: '复制',
      confirm: (system) => `确定复制应用“${system.appName}”吗？`,
      run: (system) => copyAppSystem(system.id),
      success: '复制成功',
    },
  ],
  actionWidth: 160,
  form: {
    width: 520,
    fields: () => (
      <>
        <ProFormText
          name="appName"
          label="应用名称"
          placeholder="请输入应用名称"
          fieldProps={{ maxLength: 100 }}
          rules={[{ required: true, message: '请输入应用名称' }, zodRule(field.appName)]}
        />
        <ProFormTextArea
          name="remark"
          label="应用描述"
          placeholder="请输入应用描述"
          fieldProps={{ maxLength: 500, showCount: true, rows: 4 }}
          rules={[zodRule(field.remark)]}
        />
      </>
    ),
    toValues: (system) => ({ appName: system.appName, remark: system.remark }),
    toCreate: (values) => AppSystemCreateInput.parse(values),
    toUpdate: (values, system) => AppSystemUpdateInput.parse({ ...values, id: system.id }),
  },
});

/** 系统维护 (/systemmaintenance): the application systems catalogue entries name as 数源应用系统. */
export default function AppSystemPage() {
  return <ResourcePage view={appSystemView} />;
}
