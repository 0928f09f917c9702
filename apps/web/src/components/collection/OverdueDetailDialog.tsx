import { UPDATE_STATUS_LABEL, type UpdateBadDetail, type UpdateBadRow, type UpdateStatus } from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Empty, Modal, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { collectionKeys, listUpdateBadDetail } from '@/api/collection';
import { useDictOptions } from '@/components/DictSelect/use-dict-options';

const PAGE_SIZE = 10;
const COLOR: Record<UpdateStatus, string> = { '1': 'success', '2': 'warning', '3': 'error' };

/** The entries behind one count of 超时统计: a department's published entries, of one status or all. */
export function OverdueDetailDialog({
  row,
  status,
  onClose,
}: {
  row: UpdateBadRow;
  status?: UpdateStatus;
  onClose: () => void;
}) {
  const [pageNo, setPageNo] = useState(1);
  const frequencies = useDictOptions('update_frequency');
  const query = { orgCode: row.orgCode, updateStatus: status, pageNo, pageSize: PAGE_SIZE };
  const detail = useQuery({
    queryKey: collectionKeys.overdueDetail(query),
    queryFn: () => listUpdateBadDetail(query),
  });
  return (
    <Modal
      open
      title={`${row.departName}${status ? `「${UPDATE_STATUS_LABEL[status]}」` : ''}目录`}
      width={900}
      footer={null}
      onCancel={onClose}
    >
      <Table<UpdateBadDetail>
        size="small"
        rowKey="id"
        loading={detail.isLoading}
        dataSource={detail.data?.records ?? []}
        scroll={{ x: 760 }}
        locale={{ emptyText: <Empty description={detail.isError ? '加载失败，请稍后重试' : '没有目录'} /> }}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: detail.data?.total ?? 0,
          onChange: setPageNo,
          showSizeChanger: false,
          size: 'small',
          hideOnSinglePage: true,
        }}
        columns={[
          { title: '目录名称', dataIndex: 'catalogName', width: 200, ellipsis: true },
          { title: '所属区域', dataIndex: 'region', width: 90 },
          {
            title: '更新周期',
            dataIndex: 'updateFrequency',
            width: 90,
            render: (v: string) => frequencies.find((f) => f.value === v)?.text ?? v,
          },
          { title: '更新方式', dataIndex: 'updateMode', width: 100 },
          {
            title: '最近更新时间',
            dataIndex: 'dataUpdateTime',
            width: 140,
            render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '从未更新'),
          },
          {
            title: '更新状态',
            dataIndex: 'updateStatus',
            width: 100,
            render: (v: UpdateStatus) => <Tag color={COLOR[v]}>{UPDATE_STATUS_LABEL[v]}</Tag>,
          },
          {
            title: '超时时间',
            dataIndex: 'overdueDays',
            width: 90,
            render: (v: number | null) => (v === null ? '-' : `${v} 天`),
          },
        ]}
      />
    </Modal>
  );
}
