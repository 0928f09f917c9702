import { CollectionPerm as P, TABLE_SYNC_MODE_LABEL, type TableUpdateItem } from '@odp/contracts';
import { Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { collectionKeys, listTableUpdates, mountTable } from '@/api/collection';
import { TableMountDialog } from '@/components/collection/TableMountDialog';
import { TableSyncLogDrawer } from '@/components/collection/TableSyncLogDrawer';
import { defineResourceView, ResourcePage } from '@/components/ResourcePage';

/** A link that opens its own dialog or drawer; `done` refreshes the list. */
function MountLink({ entry, done }: { entry: TableUpdateItem; done: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Typography.Link onClick={() => setOpen(true)}>{entry.mounted ? '重新挂载' : '挂载'}</Typography.Link>
      {open && <TableMountDialog entry={entry} open onClose={() => setOpen(false)} onDone={done} />}
    </>
  );
}

function LogLink({ entry }: { entry: TableUpdateItem }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Typography.Link onClick={() => setOpen(true)}>更新记录</Typography.Link>
      <TableSyncLogDrawer entry={entry} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

const view = defineResourceView<TableUpdateItem>({
  title: '库表更新',
  noun: '库表目录',
  rowKey: 'id',
  queryKeys: collectionKeys.tables,
  api: { list: listTableUpdates },
  columns: [
    { title: '数据目录', dataIndex: 'catalogName', searchable: true, width: 200, ellipsis: true, fixed: 'left' },
    { title: '更新周期', dataIndex: 'updateFrequency', dict: 'update_frequency', searchable: true, width: 90 },
    {
      title: '更新状态',
      dataIndex: 'updateStatus',
      dict: 'update_tatus',
      dictColors: { '1': 'success', '2': 'warning', '3': 'error' },
      searchable: true,
      width: 110,
    },
    {
      title: '最近更新时间',
      dataIndex: 'dataUpdateTime',
      width: 150,
      render: (_d, r) => (r.dataUpdateTime ? dayjs(r.dataUpdateTime).format('YYYY-MM-DD HH:mm') : '从未更新'),
    },
    {
      title: '数据量',
      dataIndex: 'totalNum',
      width: 90,
      align: 'right',
      render: (_d, r) => r.totalNum.toLocaleString('zh-CN'),
    },
    {
      title: '数据源',
      dataIndex: 'dataSourceName',
      width: 160,
      ellipsis: true,
      render: (_d, r) => r.dataSourceName ?? '未挂载',
    },
    { title: '数据表名', dataIndex: 'tableName', width: 170, ellipsis: true },
    {
      title: '同步方式',
      dataIndex: 'syncMode',
      width: 110,
      defaultHidden: true,
      render: (_d, r) => (r.syncMode ? TABLE_SYNC_MODE_LABEL[r.syncMode] : '-'),
    },
    { title: '数据库名', dataIndex: 'databaseName', width: 120, ellipsis: true, defaultHidden: true },
    { title: '数源部门', dataIndex: 'departName', width: 160, ellipsis: true, defaultHidden: true },
    { title: '应用系统', dataIndex: 'sourceSystem', width: 140, ellipsis: true, defaultHidden: true },
  ],
  rowActions: [
    { key: 'mount', permission: P.tableMount, render: (entry, done) => <MountLink entry={entry} done={done} /> },
    {
      key: 'sync',
      permission: P.tableMount,
      visible: (entry) => entry.mounted,
      label: '立即同步',
      run: (entry) => mountTable({ catalogId: entry.id, mountType: '2' }),
      success: '同步完成',
    },
    {
      key: 'unmount',
      permission: P.tableMount,
      visible: (entry) => entry.mounted,
      label: '取消挂载',
      danger: true,
      confirm: (entry) => `确定取消「${entry.catalogName}」的库表挂载吗？已同步的数据保留，但不再自动更新。`,
      run: (entry) => mountTable({ catalogId: entry.id, mountType: '1' }),
      success: '已取消挂载',
    },
    { key: 'log', render: (entry) => <LogLink entry={entry} /> },
  ],
  actionWidth: 300,
});

/** 数据归集 › 库表更新: the department's 库表 entries, their mounts, syncs and 更新状态. */
export default function TableUpdatePage() {
  return <ResourcePage view={view} />;
}
