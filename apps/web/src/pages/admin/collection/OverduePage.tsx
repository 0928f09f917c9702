import type { UpdateBadRow, UpdateStatus } from '@odp/contracts';
import { Typography } from 'antd';
import { useState } from 'react';
import { collectionKeys, listUpdateBad } from '@/api/collection';
import { OverdueDetailDialog } from '@/components/collection/OverdueDetailDialog';
import { defineResourceView, ResourcePage } from '@/components/ResourcePage';

/** A count that opens the entries behind it; zero is plain text. */
function CountLink({ row, status, value }: { row: UpdateBadRow; status?: UpdateStatus; value: number }) {
  const [open, setOpen] = useState(false);
  if (value === 0) return <>0</>;
  return (
    <>
      <Typography.Link type={status === '3' ? 'danger' : undefined} onClick={() => setOpen(true)}>
        {value}
      </Typography.Link>
      {open && <OverdueDetailDialog row={row} status={status} onClose={() => setOpen(false)} />}
    </>
  );
}

const count = (status?: UpdateStatus) => (_d: unknown, row: UpdateBadRow) => {
  const value = status === '1' ? row.updated : status === '2' ? row.due : status === '3' ? row.overdue : row.total;
  return <CountLink row={row} status={status} value={value} />;
};

const view = defineResourceView<UpdateBadRow>({
  title: '已发布目录超时统计',
  noun: '部门',
  rowKey: 'orgCode',
  queryKeys: collectionKeys.overdue,
  api: { list: listUpdateBad },
  columns: [
    { title: '所属区域', dataIndex: 'region', searchable: true, width: 110 },
    { title: '部门名称', dataIndex: 'departName', searchable: true, width: 200, ellipsis: true },
    { title: '更新周期', dataIndex: 'updateFrequency', dict: 'update_frequency', searchable: true, hideInTable: true },
    {
      title: '只看超时',
      dataIndex: 'onlyOverdue',
      searchable: true,
      hideInTable: true,
      valueEnum: { '1': { text: '是' } },
    },
    { title: '已发布目录', dataIndex: 'total', width: 100, align: 'right', render: count() },
    { title: '已更新', dataIndex: 'updated', width: 90, align: 'right', render: count('1') },
    { title: '待更新', dataIndex: 'due', width: 90, align: 'right', render: count('2') },
    { title: '更新已超时', dataIndex: 'overdue', width: 100, align: 'right', render: count('3') },
  ],
});

/** 数据归集 › 超时统计: published entries per department and district by 更新状态; a count opens its entries. */
export default function OverduePage() {
  return <ResourcePage view={view} />;
}
