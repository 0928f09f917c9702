import { PlusOutlined } from '@ant-design/icons';
import { ModalForm, ProFormSelect, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import {
  DATA_RULE_STATUS,
  DataRuleCreateInput,
  type DataRuleItem,
  DataRuleUpdateInput,
  Perm,
  type PermissionNode,
} from '@odp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Drawer,
  Empty,
  Form,
  Input,
  Popconfirm,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { feedback } from '@/api/feedback';
import {
  addPermissionRule,
  dataRuleKeys,
  deletePermissionRule,
  editPermissionRule,
  queryDataRuleColumns,
  queryPermissionRule,
} from '@/api/system/data-rule';
import { useCan, zodRule } from '@/components/ResourcePage';
import { blamedField, isApiError, unreportedMessage } from '@/components/ResourcePage/errors';
import { conditionLabel, conditionOptions, readableValue, valuePlaceholder, variableHints } from './data-rule-text';

type Menu = Pick<PermissionNode, 'id' | 'name' | 'path'>;
type Search = { ruleName?: string; ruleColumn?: string };
type RuleFormValues = {
  ruleName: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
  enabled: boolean;
};
type Editing = { mode: 'create' } | { mode: 'edit'; rule: DataRuleItem };

const field = DataRuleCreateInput.shape;

const toInput = ({ enabled, ...values }: RuleFormValues) => ({
  ...values,
  status: enabled ? DATA_RULE_STATUS.enabled : DATA_RULE_STATUS.disabled,
});

/**
 * 数据规则 of one menu: the rules roles may select to narrow the menu's list. Opened from a menu row
 * of 菜单管理. Rules are few per menu, so the table pages on the client.
 */
export function DataRuleDrawer({ menu, open, onClose }: { menu: Menu; open: boolean; onClose: () => void }) {
  const { message } = feedback;
  const can = useCan();
  const mayEdit = can(Perm.dataRuleEdit);
  const queryClient = useQueryClient();
  const [searchForm] = Form.useForm<Search>();
  const [search, setSearch] = useState<Search>({});
  const [editing, setEditing] = useState<Editing | null>(null);

  const rules = useQuery({
    queryKey: dataRuleKeys.ofMenu(menu.id, search),
    queryFn: () => queryPermissionRule(menu.id, search),
    enabled: open,
  });
  const columns = useQuery({
    queryKey: dataRuleKeys.columns(menu.id),
    queryFn: () => queryDataRuleColumns(menu.id),
    enabled: open,
    staleTime: 5 * 60_000,
  });
  const columnLabels = useMemo(
    () => new Map((columns.data?.columns ?? []).map((c) => [c.name, c.label])),
    [columns.data],
  );

  const invalidate = () => queryClient.invalidateQueries({ queryKey: dataRuleKeys.all });

  const remove = useMutation({
    mutationFn: (id: string) => deletePermissionRule(id),
    onSuccess: async () => {
      message.success('删除成功');
      await invalidate();
    },
  });
  const toggle = useMutation({
    mutationFn: ({ rule, enabled }: { rule: DataRuleItem; enabled: boolean }) =>
      editPermissionRule(
        DataRuleUpdateInput.parse({
          ...rule,
          status: enabled ? DATA_RULE_STATUS.enabled : DATA_RULE_STATUS.disabled,
        }),
      ),
    onSuccess: async (_data, { enabled }) => {
      message.success(enabled ? '已启用' : '已停用');
      await invalidate();
    },
  });

  const tableColumns: TableColumnsType<DataRuleItem> = [
    { title: '规则名称', dataIndex: 'ruleName', width: 150, ellipsis: true },
    {
      title: '规则字段',
      dataIndex: 'ruleColumn',
      width: 170,
      render: (_v, r) => {
        const label = columnLabels.get(r.ruleColumn);
        return (
          <Space size={4} wrap>
            <Typography.Text code>{r.ruleColumn}</Typography.Text>
            {label && <Typography.Text type="secondary">{label}</Typography.Text>}
          </Space>
        );
      },
    },
    { title: '条件', dataIndex: 'ruleConditions', width: 100, render: (_v, r) => conditionLabel(r.ruleConditions) },
    {
      title: '规则值',
      dataIndex: 'ruleValue',
      ellipsis: true,
      render: (_v, r) => (
        <Typography.Text title={r.ruleValue}>
          {r.ruleValue.includes('#{') ? <Tag color="blue">{readableValue(r.ruleValue)}</Tag> : r.ruleValue}
        </Typography.Text>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (_v, r) =>
        mayEdit ? (
          <Switch
            size="small"
            checkedChildren="启用"
            unCheckedChildren="停用"
            checked={r.status === DATA_RULE_STATUS.enabled}
            loading={toggle.isPending && toggle.variables?.rule.id === r.id}
            onChange={(enabled) => toggle.mutate({ rule: r, enabled })}
          />
        ) : r.status === DATA_RULE_STATUS.enabled ? (
          <Tag color="success">启用</Tag>
        ) : (
          <Tag>停用</Tag>
        ),
    },
    ...(mayEdit
      ? [
          {
            title: '操作',
            key: 'option',
            width: 110,
            render: (_v: unknown, r: DataRuleItem) => (
              <Space size={12}>
                <Typography.Link onClick={() => setEditing({ mode: 'edit', rule: r })}>编辑</Typography.Link>
                <Popconfirm
                  title={`确定删除规则「${r.ruleName}」吗？`}
                  description="已选用该规则的角色将不再受它限制。"
                  okText="确定"
                  cancelText="取消"
                  onConfirm={() => remove.mutateAsync(r.id).catch(() => undefined)}
                >
                  <Typography.Link type="danger">删除</Typography.Link>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];

  const filtered = Boolean(search.ruleName || search.ruleColumn);

  return (
    <Drawer
      title={`数据规则：${menu.name}`}
      width={960}
      open={open}
      onClose={onClose}
      destroyOnHidden
      extra={
        mayEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create' })}>
            新增规则
          </Button>
        )
      }
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Alert
          type="info"
          showIcon
          message="角色在「角色管理 → 授权」中选用规则后，该菜单的列表只显示同时满足所选启用规则的数据；未选用任何规则的角色不受限制。"
        />
        {columns.data && !columns.data.known && (
          <Alert
            type="warning"
            showIcon
            message={`该菜单（${menu.path ?? '无路由'}）的列表暂不支持数据规则，这里保存的规则不会生效。`}
          />
        )}
        <Form
          form={searchForm}
          layout="inline"
          onFinish={(values) => setSearch({ ruleName: values.ruleName?.trim(), ruleColumn: values.ruleColumn?.trim() })}
        >
          <Form.Item name="ruleName" label="规则名称">
            <Input placeholder="请输入规则名称" allowClear maxLength={100} />
          </Form.Item>
          <Form.Item name="ruleColumn" label="规则字段">
            <Input placeholder="请输入规则字段" allowClear maxLength={64} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                查询
              </Button>
              <Button
                onClick={() => {
                  searchForm.resetFields();
                  setSearch({});
                }}
              >
                重置
              </Button>
            </Space>
          </Form.Item>
        </Form>
        <Table<DataRuleItem>
          rowKey="id"
          size="middle"
          columns={tableColumns}
          dataSource={rules.data}
          loading={rules.isFetching}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showTotal: (total) => `共 ${total} 条` }}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={filtered ? '没有符合条件的规则' : '该菜单还没有数据规则'}
              />
            ),
          }}
        />
      </Space>
      {editing && (
        <RuleFormDialog
          menu={menu}
          editing={editing}
          columnOptions={(columns.data?.columns ?? []).map((c) => ({
            value: c.name,
            label: `${c.label}（${c.name}）`,
          }))}
          onClose={() => setEditing(null)}
          onSaved={invalidate}
        />
      )}
    </Drawer>
  );
}

/** Add or edit one rule; mounted per opening so each opening starts from its own values. */
function RuleFormDialog({
  menu,
  editing,
  columnOptions,
  onClose,
  onSaved,
}: {
  menu: Menu;
  editing: Editing;
  columnOptions: { value: string; label: string }[];
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { message } = feedback;
  // Untyped: the field a server error names is only known at run time.
  const [form] = Form.useForm();
  const condition = Form.useWatch('ruleConditions', form) as string | undefined;

  const initialValues: Partial<RuleFormValues> =
    editing.mode === 'edit'
      ? {
          ruleName: editing.rule.ruleName,
          ruleColumn: editing.rule.ruleColumn,
          ruleConditions: editing.rule.ruleConditions,
          ruleValue: editing.rule.ruleValue,
          enabled: editing.rule.status === DATA_RULE_STATUS.enabled,
        }
      : { ruleConditions: '=', enabled: true };

  const submit = async (values: RuleFormValues) => {
    try {
      if (editing.mode === 'edit') {
        await editPermissionRule(DataRuleUpdateInput.parse({ ...toInput(values), id: editing.rule.id }));
      } else {
        await addPermissionRule(DataRuleCreateInput.parse({ ...toInput(values), permissionId: menu.id }));
      }
      message.success(editing.mode === 'edit' ? '修改成功' : '新增成功');
      await onSaved();
      return true;
    } catch (error) {
      const blamed = blamedField(error);
      if (blamed && isApiError(error)) form.setFields([{ name: blamed, errors: [error.message] }]);
      else if (!isApiError(error)) message.error(unreportedMessage(error));
      return false;
    }
  };

  /** Clicking a variable puts it into the value (appending to a list for IN / NOT_IN). */
  const insertVariable = (token: string) => {
    const current = String(form.getFieldValue('ruleValue') ?? '').trim();
    const isList = condition === 'IN' || condition === 'NOT_IN';
    form.setFieldValue('ruleValue', isList && current ? `${current},${token}` : token);
    void form.validateFields(['ruleValue']);
  };

  return (
    <ModalForm<RuleFormValues>
      name="data-rule-form"
      title={editing.mode === 'edit' ? '编辑数据规则' : '新增数据规则'}
      open
      form={form}
      width={620}
      layout="horizontal"
      labelCol={{ flex: '90px' }}
      wrapperCol={{ flex: '1 1 0', style: { minWidth: 0 } }}
      initialValues={initialValues}
      modalProps={{ maskClosable: false }}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      onFinish={submit}
    >
      <ProFormText name="ruleName" label="规则名称" placeholder="如：本部门用户" rules={[zodRule(field.ruleName)]} />
      {columnOptions.length > 0 ? (
        <ProFormSelect
          name="ruleColumn"
          label="规则字段"
          placeholder="请选择该菜单列表的字段"
          options={columnOptions}
          showSearch
          rules={[zodRule(field.ruleColumn, { required: '请选择规则字段' })]}
        />
      ) : (
        <ProFormText
          name="ruleColumn"
          label="规则字段"
          placeholder="字段名，如 orgCode"
          rules={[zodRule(field.ruleColumn)]}
        />
      )}
      <ProFormSelect
        name="ruleConditions"
        label="条件"
        options={conditionOptions}
        rules={[zodRule(field.ruleConditions, { required: '请选择条件' })]}
      />
      <ProFormText
        name="ruleValue"
        label="规则值"
        placeholder={valuePlaceholder(condition)}
        rules={[zodRule(field.ruleValue)]}
        extra={
          <Space size={[4, 4]} wrap style={{ marginTop: 4 }}>
            <span>系统变量（点击填入）：</span>
            {variableHints.map((v) => (
              <Tag key={v.token} color="blue" style={{ cursor: 'pointer' }} onClick={() => insertVariable(v.token)}>
                {v.label} {v.token}
              </Tag>
            ))}
          </Space>
        }
      />
      <ProFormSwitch name="enabled" label="状态" fieldProps={{ checkedChildren: '启用', unCheckedChildren: '停用' }} />
    </ModalForm>
  );
}
