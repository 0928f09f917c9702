import { PlusOutlined } from '@ant-design/icons';
import { type ProColumns, ProTable } from '@ant-design/pro-components';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Grid, Popconfirm, Space, Typography } from 'antd';
import { type Key, type ReactNode, useEffect, useState } from 'react';
import { feedback } from '@/api/feedback';
import { DictSelect } from '../DictSelect';
import { DictTag, DictText } from '../DictTag';
import { isApiError, unreportedMessage } from './errors';
import { cleanFilters, type ListState, toListParams, toSort } from './list-params';
import { useCan } from './permission';
import { type Editing, ResourceFormDialog } from './ResourceFormDialog';
import { tableScrollX } from './table-width';
import type { BatchAction, ListParams, ResourceColumn, ResourceView, RowAction } from './types';

type Job = { run: () => Promise<unknown>; success: string };

export type ResourcePageProps<Item, Create, Update, Values> = {
  view: ResourceView<Item, Create, Update, Values>;
  /** Filters set outside the search form (e.g. by a status tab); they win over the form's. Changing them goes to page 1. */
  params?: Record<string, unknown>;
  /** Tabs in place of the title, e.g. one per status; the page keeps the active key and sets `params` from it. */
  tabs?: { activeKey: string; items: { key: string; label: ReactNode }[]; onChange: (key: string) => void };
  /** Further toolbar buttons, before 新增; they receive the list's current parameters (e.g. for an export). */
  toolbar?: (params: ListParams) => ReactNode[];
};

/**
 * The back office's one way to show a plain admin list (ARCHITECTURE §5): a ProTable with search
 * form, server paging and sorting, column settings, an add/edit form and row and batch actions,
 * all from one `defineResourceView` declaration.
 *
 * The rows live in TanStack Query rather than in ProTable's own `request` state, so invalidating
 * the resource's keys (after any mutation, here or on another page) refreshes the table.
 */
export function ResourcePage<Item extends object, Create, Update, Values extends object>({
  view,
  params: fixedParams,
  tabs,
  toolbar,
}: ResourcePageProps<Item, Create, Update, Values>) {
  const { message, modal } = feedback;
  const can = useCan();
  // On a phone a fixed column would cover most of the table: every column scrolls instead.
  const phone = Grid.useBreakpoint().sm === false;
  const queryClient = useQueryClient();

  const [state, setState] = useState<ListState>({ pageNo: 1, pageSize: view.pageSize ?? 10, filters: {} });
  const [selection, setSelection] = useState<{ keys: Key[]; rows: Item[] }>({ keys: [], rows: [] });
  // Other fixed filters (another tab) are another list: back to its first page, nothing selected.
  const fixedKey = JSON.stringify(fixedParams ?? {});
  const [shownFixedKey, setShownFixedKey] = useState(fixedKey);
  if (shownFixedKey !== fixedKey) {
    setShownFixedKey(fixedKey);
    setState((s) => ({ ...s, pageNo: 1 }));
    setSelection({ keys: [], rows: [] });
  }
  const params = toListParams({ ...state, filters: { ...state.filters, ...fixedParams } });
  const list = useQuery({
    queryKey: view.queryKeys.list(params),
    queryFn: () => view.api.list(params),
    placeholderData: keepPreviousData,
  });

  const clearSelection = () => setSelection({ keys: [], rows: [] });
  const [editing, setEditing] = useState<Editing<Item> | null>(null);

  const invalidate = async () => {
    const keys = [view.queryKeys.all, ...(view.alsoInvalidates ?? [])];
    await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };
  const mutation = useMutation({
    mutationFn: (job: Job) => job.run(),
    onSuccess: async (_result, job) => {
      message.success(job.success);
      await invalidate();
    },
  });
  /** Runs a change; false when it failed, after making sure the user was told why. */
  const perform = (job: Job) =>
    mutation.mutateAsync(job).then(
      () => true,
      (error: unknown) => {
        if (!isApiError(error)) message.error(unreportedMessage(error));
        return false;
      },
    );

  // A page left empty by a change (the last row of the last page frozen away, deleted…) steps back.
  const records = list.data?.records;
  const pages = list.data?.pages ?? 0;
  useEffect(() => {
    if (records?.length === 0 && state.pageNo > 1) setState((s) => ({ ...s, pageNo: Math.max(1, pages) }));
  }, [records, pages, state.pageNo]);

  const idOf = (record: Item) => String(record[view.rowKey]);

  const rowActions = (() => {
    const builtIn: RowAction<Item>[] = [];
    if (view.form && view.api.update) {
      builtIn.push({
        key: 'edit',
        permission: view.permissions?.edit,
        render: (record) => (
          <Typography.Link onClick={() => setEditing({ mode: 'edit', record, open: true })}>编辑</Typography.Link>
        ),
      });
    }
    const remove = view.api.remove;
    if (remove) {
      builtIn.push({
        key: 'delete',
        permission: view.permissions?.delete,
        label: '删除',
        danger: true,
        confirm: () => `确定删除该${view.noun}吗？`,
        run: (record) => remove([idOf(record)]),
        success: '删除成功',
      });
    }
    return [...builtIn, ...(view.rowActions ?? [])].filter((action) => can(action.permission));
  })();

  const batchActions = (() => {
    const builtIn: BatchAction<Item>[] = [];
    const remove = view.api.remove;
    if (remove) {
      builtIn.push({
        key: 'delete',
        permission: view.permissions?.delete,
        label: '批量删除',
        danger: true,
        confirm: (rows) => `确定删除选中的 ${rows.length} 个${view.noun}吗？`,
        run: (rows) => remove(rows.map(idOf)),
        success: '删除成功',
      });
    }
    return [...builtIn, ...(view.batchActions ?? [])].filter((action) => can(action.permission));
  })();

  const renderRowAction = (action: RowAction<Item>, record: Item) => {
    if ('render' in action) return <span key={action.key}>{action.render(record, invalidate)}</span>;
    const label = typeof action.label === 'function' ? action.label(record) : action.label;
    const success = typeof action.success === 'function' ? action.success(record) : action.success;
    const run = () => perform({ run: () => action.run(record), success });
    const type = action.danger ? 'danger' : undefined;
    if (!action.confirm) {
      return (
        <Typography.Link key={action.key} type={type} onClick={run}>
          {label}
        </Typography.Link>
      );
    }
    return (
      <Popconfirm key={action.key} title={action.confirm(record)} okText="确定" cancelText="取消" onConfirm={run}>
        <Typography.Link type={type}>{label}</Typography.Link>
      </Popconfirm>
    );
  };

  const runBatch = (action: BatchAction<Item>) => {
    const rows = selection.rows;
    if ('open' in action) {
      action.open(rows, async () => {
        clearSelection();
        await invalidate();
      });
      return;
    }
    const success = typeof action.success === 'function' ? action.success(rows) : action.success;
    const run = async () => {
      if (await perform({ run: () => action.run(rows), success })) clearSelection();
    };
    if (!action.confirm) return void run();
    modal.confirm({
      title: '操作确认',
      content: action.confirm(rows),
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: action.danger },
      onOk: run,
    });
  };

  const columns: ProColumns<Item>[] = view.columns
    .map(toProColumn)
    .map((column) => (phone ? { ...column, fixed: undefined } : column));
  if (rowActions.length > 0) {
    columns.push({
      title: '操作',
      key: 'option',
      valueType: 'option',
      fixed: phone ? undefined : 'right',
      width: view.actionWidth ?? 32 + 44 * rowActions.length,
      render: (_dom, record) =>
        rowActions
          .filter((action) => action.visible?.(record) ?? true)
          .map((action) => renderRowAction(action, record)),
    });
  }

  // Wide enough for every shown column, and no wider: on a narrow screen the table scrolls under the
  // fixed 操作 column instead of squeezing; on a screen it fits, nothing passes under 操作.
  const hiddenByDefault = Object.fromEntries(
    view.columns.filter((column) => column.defaultHidden).map((column) => [columnKey(column), { show: false }]),
  );
  const scrollX = tableScrollX(columns, {
    selectable: batchActions.length > 0,
    hidden: (column) => columnKey(column as ProColumns<Item>) in hiddenByDefault,
  });

  const searchable = view.columns.some((column) => column.searchable);
  const canAdd = Boolean(view.form && view.api.create) && can(view.permissions?.add);

  return (
    <>
      <ProTable<Item>
        headerTitle={view.title}
        toolbar={tabs ? { menu: { type: 'tab', ...tabs, onChange: (key) => tabs.onChange(String(key)) } } : undefined}
        rowKey={view.rowKey}
        columns={columns}
        dataSource={records}
        loading={list.isFetching}
        search={searchable ? { labelWidth: 'auto' } : false}
        onSubmit={(values: Record<string, unknown>) =>
          setState((s) => ({ ...s, pageNo: 1, filters: cleanFilters(values) }))
        }
        onReset={() => setState((s) => ({ ...s, pageNo: 1, filters: {} }))}
        onChange={(pagination, _filters, sorter, extra) =>
          setState((s) => ({
            ...s,
            pageNo: extra.action === 'paginate' ? (pagination.current ?? 1) : 1,
            pageSize: pagination.pageSize ?? s.pageSize,
            sort: extra.action === 'sort' ? toSort(sorter) : s.sort,
          }))
        }
        pagination={{
          current: state.pageNo,
          pageSize: state.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showQuickJumper: true,
          showTotal: (total) => `共 ${total} 条`,
        }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" /> }}
        options={{ reload: () => void list.refetch(), density: true, setting: true, fullScreen: false }}
        columnsState={{
          persistenceKey: `resource:${view.queryKeys.all.join(':')}`,
          persistenceType: 'localStorage',
          defaultValue: hiddenByDefault,
        }}
        toolBarRender={() => [
          ...(toolbar?.(params) ?? []),
          ...(canAdd
            ? [
                <Button
                  key="add"
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => setEditing({ mode: 'create', open: true })}
                >
                  新增
                </Button>,
              ]
            : []),
        ]}
        rowSelection={
          batchActions.length > 0
            ? { selectedRowKeys: selection.keys, onChange: (keys, rows) => setSelection({ keys, rows }) }
            : false
        }
        tableAlertOptionRender={() => (
          <Space size={16}>
            {batchActions.map((action) => (
              <Button
                key={action.key}
                size="small"
                danger={action.danger}
                loading={mutation.isPending}
                onClick={() => runBatch(action)}
              >
                {action.label}
              </Button>
            ))}
            <Typography.Link onClick={clearSelection}>取消选择</Typography.Link>
          </Space>
        )}
        scroll={{ x: scrollX }}
        dateFormatter="string"
      />
      {editing && view.form && (
        <ResourceFormDialog
          view={view}
          form={view.form}
          editing={editing}
          onClose={() => setEditing((e) => (e ? { ...e, open: false } : e))}
          afterClose={() => setEditing(null)}
          submit={(job) => mutation.mutateAsync(job)}
        />
      )}
    </>
  );
}

/** The key ProTable's column settings use for a column: its `key`, else its `dataIndex`. */
function columnKey<Item>(column: ProColumns<Item>): string {
  const key = column.key ?? column.dataIndex;
  return Array.isArray(key) ? key.join('-') : String(key);
}

function readField<Item>(record: Item, dataIndex: ProColumns<Item>['dataIndex']): string | number | null {
  if (typeof dataIndex !== 'string' && typeof dataIndex !== 'number') return null;
  const value = (record as Record<string | number, unknown>)[dataIndex];
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

/** A declared column as ProTable wants it: searchable only on request, dictionary codes shown as labels. */
function toProColumn<Item>({
  searchable,
  dict,
  dictColors,
  defaultHidden: _defaultHidden,
  ...column
}: ResourceColumn<Item>): ProColumns<Item> {
  const proColumn: ProColumns<Item> = { ...column, hideInSearch: column.hideInSearch ?? !searchable };
  if (!dict) return proColumn;
  return {
    ...proColumn,
    render: (_dom, record) => {
      const value = readField(record, column.dataIndex);
      return dictColors ? (
        <DictTag code={dict} value={value} colors={dictColors} />
      ) : (
        <DictText code={dict} value={value} />
      );
    },
    renderFormItem: () => <DictSelect code={dict} />,
  };
}
