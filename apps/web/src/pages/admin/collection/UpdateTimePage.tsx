import type { TableAlertItem } from '@odp/contracts';
import dayjs from 'dayjs';
import { collectionKeys, listTableAlerts } from '@/api/collection';
import { defineResourceView, ResourcePage } from '@/components/ResourcePage';

const time = (v: string | null, none: string) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : none);
const YES_NO = { 是: { text: '是' }, 否: { text: '否' } };

const view = defineResourceView<TableAlertItem>({
  title: '更新时间统计',
  noun: '库表目录',
  rowKey: 'id',
  queryKeys: collectionKeys.updateTime,
  api: { list: listTableAlerts },
  columns: [
    { title: '目录或表名', key: 'keyword', dataIndex: 'tableName', searchable: true, hideInTable: true },
    { title: '从未更新', dataIndex: 'timeIsNull', searchable: true, hideInTable: true, valueEnum: YES_NO },
    { title: '已超时', dataIndex: 'overTime', searchable: true, hideInTable: true, valueEnum: YES_NO },
    { title: '数据目录', dataIndex: 'catalogName', width: 200, ellipsis: true },
    { title: '所属区域', dataIndex: 'region', width: 100 },
    { title: '数源部门', dataIndex: 'departName', width: 170, ellipsis: true },
    {
      title: '所属数据库',
      dataIndex: 'dataSourceName',
      width: 150,
      ellipsis: true,
      render: (_d, r) => r.dataSourceName ?? 'Excel 上报',
    },
    { title: '表名称', dataIndex: 'tableName', width: 150, ellipsis: true, render: (_d, r) => r.tableName ?? '-' },
    { title: '更新周期', dataIndex: 'updateFrequency', dict: 'update_frequency', width: 90 },
    { title: '是否更新', dataIndex: 'isUpdate', width: 90, render: (_d, r) => (r.isUpdate ? '是' : '否') },
    {
      title: '最后更新时间',
      dataIndex: 'dataUpdateTime',
      width: 150,
      render: (_d, r) => time(r.dataUpdateTime, '从未更新'),
    },
    {
      title: '预计更新时间',
      dataIndex: 'nextUpdateTime',
      width: 150,
      render: (_d, r) => time(r.nextUpdateTime, '-'),
    },
    {
      title: '更新状态',
      dataIndex: 'updateStatus',
      dict: 'update_tatus',
      dictColors: { '1': 'success', '2': 'warning', '3': 'error' },
      width: 110,
    },
  ],
});

/** 数据归集 › 更新时间统计: every 库表 entry in reach with its last and next update, overdue first. */
export default function UpdateTimePage() {
  return <ResourcePage view={view} />;
}
