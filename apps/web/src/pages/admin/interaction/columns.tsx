import { INTERACTION_STATUS_LABEL } from '@odp/contracts';
import { Space, Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { STATUS_COLOR } from './TicketDrawer';

type Routed = { departName: string | null };
type Stated = { status: number; overdue: boolean };

/** 承办部门: the department the ticket is routed to, or the bureau's desk when none. */
export function routedColumn<T extends Routed>(): ColumnType<T> {
  return {
    title: '承办部门',
    dataIndex: 'departName',
    width: 150,
    render: (v: string | null) => v ?? '大数据局受理台',
  };
}

/** 状态 with the overdue mark of its open task. */
export function statusColumn<T extends Stated>(): ColumnType<T> {
  return {
    title: '状态',
    dataIndex: 'status',
    width: 120,
    render: (v: number, r) => (
      <Space size={4} wrap>
        <Tag color={STATUS_COLOR[v]}>{INTERACTION_STATUS_LABEL[String(v)]}</Tag>
        {r.overdue && <Tag color="red">逾期</Tag>}
      </Space>
    ),
  };
}
