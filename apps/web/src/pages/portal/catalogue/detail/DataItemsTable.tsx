import { CATALOGUE_DICT } from '@odp/contracts/constants';
import { Tag } from 'antd';
import type { MarketDataItem } from '@/api/market';
import { DictText } from '@/components/DictTag';
import { type DataColumn, DataTable } from '@/components/portal/DataTable';
import { EmptyState } from '@/components/portal/StateViews';

const yesNo = (value: boolean | undefined) => (value === undefined ? '-' : value ? '是' : '否');

const COLUMNS: DataColumn<MarketDataItem>[] = [
  { key: 'serialNumber', title: '序号', width: 64, align: 'center', render: (i) => i.serialNumber },
  {
    key: 'name',
    title: '信息项名称',
    width: 200,
    render: (item) => (
      <>
        {item.name}
        {item.masked && (
          <Tag color="orange" className="detail-masked-tag" title="公开预览和下载中该信息项已做脱敏处理">
            脱敏
          </Tag>
        )}
      </>
    ),
  },
  { key: 'enName', title: '英文名称', width: 150, render: (i) => i.enName || '-' },
  {
    key: 'dataType',
    title: '数据类型',
    width: 100,
    render: (i) => <DictText code={CATALOGUE_DICT.dataType} value={i.dataType} />,
  },
  { key: 'dataLength', title: '数据长度', width: 90, align: 'right', render: (i) => i.dataLength ?? '-' },
  { key: 'primaryKey', title: '主键', width: 64, align: 'center', render: (i) => yesNo(i.primaryKey) },
  { key: 'nullValue', title: '可为空', width: 72, align: 'center', render: (i) => yesNo(i.nullValue) },
  {
    key: 'openAttribute',
    title: '开放属性',
    width: 100,
    render: (i) => <DictText code={CATALOGUE_DICT.openAttribute} value={i.openAttribute} />,
  },
  { key: 'fieldDescription', title: '描述', width: 240, render: (i) => i.fieldDescription || '-' },
];

/** 信息项: the entry's data items; masked ones are marked 脱敏. */
export function DataItemsTable({ items }: { items: MarketDataItem[] }) {
  return (
    <DataTable
      columns={COLUMNS}
      rows={[...items].sort((a, b) => a.serialNumber - b.serialNumber)}
      rowKey={(i) => i.serialNumber}
      maxHeight={640}
      empty={<EmptyState description="暂无信息项" />}
    />
  );
}
