import { PlusOutlined } from '@ant-design/icons';
import { ModalForm, type ProColumns, ProTable } from '@ant-design/pro-components';
import { MENU_TYPE, Perm, PermissionCreateInput, type PermissionNode, PermissionUpdateInput } from '@odp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { feedback } from '@/api/feedback';
import { queryKeys } from '@/api/query-keys';
import {
  addPermission,
  deletePermission,
  editPermission,
  listPermissions,
  permissionKeys,
} from '@/api/system/permission';
import { useCan } from '@/components/ResourcePage';
import { blamedField, isApiError, unreportedMessage } from '@/components/ResourcePage/errors';
import { menuIcon } from '@/layouts/AdminLayout/icons';
import { DataRuleDrawer } from './DataRuleDrawer';
import { emptyPermission, PermissionFormFields, type PermissionFormValues } from './PermissionFormFields';

const typeTag: Record<number, { label: string; color: string }> = {
  0: { label: '目录', color: 'blue' },
  1: { label: '菜单', color: 'green' },
  2: { label: '按钮', color: 'orange' },
};

/** Which entry the form is for: a new one (under `parentId`) or an existing one. */
type Editing = { mode: 'create'; parentId: string | null; menuType: number } | { mode: 'edit'; record: PermissionNode };

const toValues = ({ id: _id, createTime: _t, children: _c, ...values }: PermissionNode): PermissionFormValues => values;

/**
 * 菜单管理 (/system/Permission): directories, menus and buttons in one tree, with every field of
 * spec §3. A tree rather than a paged list, so it is bespoke rather than a ResourcePage.
 */
export default function PermissionPage() {
  const { message } = feedback;
  const can = useCan();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing | null>(null);
  /** The menu whose 数据规则 drawer is open. */
  const [rulesOf, setRulesOf] = useState<PermissionNode | null>(null);
  const list = useQuery({ queryKey: permissionKeys.all, queryFn: listPermissions });

  // The signed-in user's own menu may have changed too.
  const invalidate = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: permissionKeys.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.permission }),
    ]);

  const remove = useMutation({
    mutationFn: (id: string) => deletePermission(id),
    onSuccess: async () => {
      message.success('删除成功');
      await invalidate();
    },
  });

  const columns: ProColumns<PermissionNode>[] = [
    { title: '名称', dataIndex: 'name', width: 220 },
    {
      title: '类型',
      dataIndex: 'menuType',
      width: 70,
      render: (_dom, r) => <Tag color={typeTag[r.menuType]?.color}>{typeTag[r.menuType]?.label}</Tag>,
    },
    { title: '图标', dataIndex: 'icon', width: 60, render: (_dom, r) => menuIcon(r.icon) ?? '-' },
    { title: '路由地址', dataIndex: 'path', ellipsis: true, width: 200 },
    { title: '前端组件', dataIndex: 'component', ellipsis: true, width: 220 },
    { title: '授权标识', dataIndex: 'perms', ellipsis: true, width: 200 },
    { title: '排序', dataIndex: 'sortNo', width: 60 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 70,
      render: (_dom, r) => (r.status === '0' ? <Tag color="success">启用</Tag> : <Tag color="default">停用</Tag>),
    },
    {
      title: '操作',
      key: 'option',
      valueType: 'option',
      fixed: 'right',
      width: 230,
      render: (_dom, r) => (
        <Space size={12}>
          {r.menuType === MENU_TYPE.menu && can(Perm.dataRuleEdit) && (
            <Typography.Link onClick={() => setRulesOf(r)}>数据规则</Typography.Link>
          )}
          {r.menuType !== MENU_TYPE.button && can(Perm.permissionAdd) && (
            <Typography.Link
              onClick={() =>
                setEditing({
                  mode: 'create',
                  parentId: r.id,
                  menuType: r.menuType === MENU_TYPE.menu ? MENU_TYPE.button : MENU_TYPE.menu,
                })
              }
            >
              添加下级
            </Typography.Link>
          )}
          {can(Perm.permissionEdit) && (
            <Typography.Link onClick={() => setEditing({ mode: 'edit', record: r })}>编辑</Typography.Link>
          )}
          {can(Perm.permissionDelete) && (
            <Popconfirm
              title={
                r.children?.length ? '该项下还有子项，需先删除下级。仍要尝试删除吗？' : `确定删除「${r.name}」吗？`
              }
              okText="确定"
              cancelText="取消"
              onConfirm={() => remove.mutateAsync(r.id).catch(() => undefined)}
            >
              <Typography.Link type="danger">删除</Typography.Link>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ProTable<PermissionNode>
        headerTitle="菜单管理"
        rowKey="id"
        columns={columns}
        dataSource={list.data}
        loading={list.isFetching}
        search={false}
        pagination={false}
        scroll={{ x: 1100 }}
        options={{ reload: () => void list.refetch(), density: true, setting: true, fullScreen: false }}
        toolBarRender={() =>
          can(Perm.permissionAdd)
            ? [
                <Button
                  key="add"
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => setEditing({ mode: 'create', parentId: null, menuType: MENU_TYPE.directory })}
                >
                  新增
                </Button>,
              ]
            : []
        }
      />
      {editing && (
        <PermissionFormDialog
          editing={editing}
          tree={list.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={invalidate}
        />
      )}
      {rulesOf && <DataRuleDrawer menu={rulesOf} open onClose={() => setRulesOf(null)} />}
    </>
  );
}

/** The add/edit form, mounted per opening so that every opening starts from its own values. */
function PermissionFormDialog({
  editing,
  tree,
  onClose,
  onSaved,
}: {
  editing: Editing;
  tree: PermissionNode[];
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { message } = feedback;
  // An untyped instance: the field a server error names is only known at run time.
  const [form] = Form.useForm();

  const submit = async (values: PermissionFormValues) => {
    try {
      if (editing.mode === 'edit') {
        await editPermission(PermissionUpdateInput.parse({ ...values, id: editing.record.id }));
      } else {
        await addPermission(PermissionCreateInput.parse(values));
      }
      message.success(editing.mode === 'edit' ? '修改成功' : '新增成功');
      await onSaved();
      return true;
    } catch (error) {
      const field = blamedField(error);
      if (field && isApiError(error)) form.setFields([{ name: field, errors: [error.message] }]);
      else if (!isApiError(error)) message.error(unreportedMessage(error));
      return false;
    }
  };

  return (
    <ModalForm<PermissionFormValues>
      name="permission-form"
      title={editing.mode === 'edit' ? '编辑菜单' : '新增菜单'}
      open
      form={form}
      width={720}
      layout="horizontal"
      labelCol={{ flex: '110px' }}
      wrapperCol={{ flex: 'auto' }}
      initialValues={
        editing.mode === 'edit' ? toValues(editing.record) : emptyPermission(editing.parentId, editing.menuType)
      }
      modalProps={{ maskClosable: false }}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      onFinish={submit}
    >
      <PermissionFormFields tree={tree} editingId={editing.mode === 'edit' ? editing.record.id : undefined} />
    </ModalForm>
  );
}
