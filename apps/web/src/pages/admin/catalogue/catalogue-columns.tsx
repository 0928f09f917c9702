import { CATALOG_STATUS_LABEL, type CatalogueItem, SHELF_STATUS_LABEL } from '@odp/contracts';
import { Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router-dom';
import { StatusTags } from '@/components/catalogue/StatusTags';
import type { ResourceColumn } from '@/components/ResourcePage';
import { entryPath } from './paths';

const options = (labels: Record<number, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value: Number(value), label }));

type Column = ResourceColumn<CatalogueItem>;

/** The columns the catalogue lists share (目录列表, 草稿箱), narrow enough for a 1440 px screen. */
export const catalogueColumns = {
  /** 信息资源名称 (a link to the entry's view; `back` is where its 返回 leads) over 信息资源代码. */
  name: (back: string): Column => ({
    title: '信息资源名称 / 代码',
    dataIndex: 'catalogName',
    width: 190,
    render: (_dom, item) => (
      <Space direction="vertical" size={0} style={{ maxWidth: '100%' }}>
        <Link to={entryPath('view', item.id)} state={{ back }} title={item.catalogName}>
          {item.catalogName}
        </Link>
        <Typography.Text type="secondary" style={{ fontSize: 12 }} copyable={{ text: item.catalogCode }}>
          {item.catalogCode}
        </Typography.Text>
      </Space>
    ),
  }),
  nameFilter: { title: '信息资源名称', dataIndex: 'catalogName', hideInTable: true, searchable: true } satisfies Column,
  depart: { title: '数源单位', dataIndex: 'departName', ellipsis: true, width: 120 } satisfies Column,
  keyArea: {
    title: '重点领域',
    dataIndex: 'keyAreasType',
    dict: 'key_areas_type',
    dictColors: {},
    searchable: true,
    width: 96,
  } satisfies Column,
  openType: { title: '开放类型', dataIndex: 'openType', dict: 'open_type', width: 96 } satisfies Column,
  frequency: { title: '更新频率', dataIndex: 'updateFrequency', dict: 'update_frequency', width: 80 } satisfies Column,
  /** 编目状态 and 上架状态 as tags in one column; each is its own search field. */
  status: {
    title: '编目 / 上架状态',
    key: 'status',
    width: 130,
    render: (_dom, item) => <StatusTags catalogStatus={item.catalogStatus} shelfStatus={item.shelfStatus} />,
  } satisfies Column,
  catalogStatusFilter: {
    title: '编目状态',
    dataIndex: 'catalogStatus',
    hideInTable: true,
    searchable: true,
    renderFormItem: () => <Select placeholder="请选择" allowClear options={options(CATALOG_STATUS_LABEL)} />,
  } satisfies Column,
  shelfStatusFilter: {
    title: '上架状态',
    dataIndex: 'shelfStatus',
    hideInTable: true,
    searchable: true,
    renderFormItem: () => <Select placeholder="请选择" allowClear options={options(SHELF_STATUS_LABEL)} />,
  } satisfies Column,
  updateTime: {
    title: '更新时间',
    dataIndex: 'updateTime',
    sorter: true,
    width: 130,
    render: (_dom, item) => dayjs(item.updateTime).format('YYYY-MM-DD HH:mm'),
  } satisfies Column,
};
