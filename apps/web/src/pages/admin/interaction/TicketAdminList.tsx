import {
  INTERACTION_KIND_LABEL,
  INTERACTION_STATUS_LABEL,
  type InteractionKind,
  InteractionPerm,
  type InteractionRecord,
  PROTECTION_TYPE_LABEL,
} from '@odp/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Checkbox,
  DatePicker,
  Grid,
  Input,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { feedback } from '@/api/feedback';
import { interactionKeys, listTickets, transitionTickets } from '@/api/interaction';
import { useDictOptions } from '@/components/DictSelect';
import { useCan } from '@/components/ResourcePage';
import { showBatchResult } from '@/components/Workflow';
import { routedColumn, statusColumn } from './columns';
import { TicketDrawer } from './TicketDrawer';
import './interaction-admin.css';
import { cityTime } from './time';

const date = cityTime;

/** The original's columns per kind, after 序号 and before 状态 and the times. */
function kindColumns(kind: InteractionKind, consultTypes: Record<string, string>): TableColumnsType<InteractionRecord> {
  const user = { title: '用户名称', dataIndex: 'submitterName', width: 120 } as const;
  switch (kind) {
    case 'consult':
      return [
        user,
        { title: '反馈类型', dataIndex: 'consultType', width: 100, render: (v: string) => consultTypes[v] ?? v },
      ];
    case 'dataApplication':
      return [
        { title: '申请理由', dataIndex: 'content', width: 220, ellipsis: true },
        user,
        { title: '提供方式', dataIndex: 'dataFormat', width: 90 },
      ];
    case 'dataCorrection':
      return [
        { title: '数据资源', dataIndex: 'catalogName', width: 180, ellipsis: true },
        user,
        { title: '纠错内容', dataIndex: 'content', width: 220, ellipsis: true },
      ];
    case 'rightsProtection':
      return [
        {
          title: '保护方式',
          dataIndex: 'protectionType',
          width: 90,
          render: (v: string) => PROTECTION_TYPE_LABEL[v] ?? v,
        },
        user,
        { title: '数据资源', dataIndex: 'catalogName', width: 180, ellipsis: true },
      ];
  }
}

/**
 * One kind's back-office list (问题反馈, 数据需求, 数据纠错, 权益保护): the original's filters (标题 and
 * 提交时间) with 状态 and 逾期, the department's own tickets (the bureau's all, with 承办部门), 批量受理,
 * and the drawer where it is answered.
 */
export function TicketAdminList({ kind }: { kind: InteractionKind }) {
  const can = useCan();
  const screens = Grid.useBreakpoint();
  const client = useQueryClient();
  const consultTypes = Object.fromEntries(useDictOptions('consult_type').map((o) => [o.value, o.text]));
  const [keyword, setKeyword] = useState<string>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [status, setStatus] = useState<string>();
  const [overdue, setOverdue] = useState(false);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const [viewing, setViewing] = useState<string | null>(null);
  const query = {
    pageNo: page,
    pageSize: 10,
    keyword,
    startTime: range?.[0]?.format('YYYY-MM-DD'),
    endTime: range?.[1]?.format('YYYY-MM-DD'),
    status: status as '0' | '1' | '2' | '3' | undefined,
    overdue: overdue || undefined,
  };
  const list = useQuery({
    queryKey: interactionKeys.list(kind, query),
    queryFn: () => listTickets(kind, query),
    placeholderData: keepPreviousData,
  });
  const accept = useMutation({
    mutationFn: () => transitionTickets('accept', selected),
    onSuccess: (result) => {
      setSelected([]);
      client.invalidateQueries({ queryKey: interactionKeys.all });
      const titles = new Map((list.data?.records ?? []).map((r) => [r.id, r.title]));
      if (result.refused.length)
        showBatchResult(feedback.modal, '批量受理', { result, nameOf: (id) => titles.get(id) ?? id, noun: '事项' });
      else feedback.message.success(`已受理 ${result.succeeded.length} 条`);
    },
  });
  const label = INTERACTION_KIND_LABEL[kind];
  const columns: TableColumnsType<InteractionRecord> = [
    { title: '序号', dataIndex: 'sn', width: 64 },
    {
      title: kind === 'dataApplication' ? '申请标题' : '标题',
      dataIndex: 'title',
      width: 240,
      render: (v: string, r) => <Typography.Link onClick={() => setViewing(r.id)}>{v}</Typography.Link>,
    },
    ...kindColumns(kind, consultTypes),
    ...(can(InteractionPerm.assign) ? [routedColumn<InteractionRecord>()] : []),
    statusColumn<InteractionRecord>(),
    {
      title: kind === 'dataApplication' || kind === 'rightsProtection' ? '申请时间' : '提交时间',
      dataIndex: 'submittedAt',
      width: 140,
      render: date,
    },
    { title: '答复时限', dataIndex: 'dueAt', width: 140, render: date },
    {
      title: '满意度',
      dataIndex: 'score',
      width: 80,
      render: (v: number | null) => (v === null ? '-' : `${v} 分`),
    },
    {
      title: '操作',
      key: 'op',
      width: 90,
      fixed: screens.md ? 'right' : undefined,
      render: (_v, r) => (
        <Typography.Link onClick={() => setViewing(r.id)}>
          {r.status === 0 || r.status === 1 ? '办理' : '查看'}
        </Typography.Link>
      ),
    },
  ];
  return (
    <Card title={label}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          placeholder={kind === 'dataCorrection' || kind === 'rightsProtection' ? '标题或数据资源' : '标题'}
          allowClear
          aria-label="标题关键词"
          style={{ width: 220 }}
          onSearch={(v) => {
            setKeyword(v.trim() || undefined);
            setPage(1);
          }}
        />
        <DatePicker.RangePicker
          aria-label="提交时间"
          placeholder={['开始日期', '结束日期']}
          value={range}
          onChange={(v) => {
            setRange(v);
            setPage(1);
          }}
        />
        <Select
          allowClear
          placeholder="状态"
          aria-label="状态"
          style={{ width: 120 }}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={Object.entries(INTERACTION_STATUS_LABEL).map(([value, text]) => ({ value, label: text }))}
        />
        <Checkbox
          checked={overdue}
          onChange={(e) => {
            setOverdue(e.target.checked);
            setPage(1);
          }}
        >
          仅看逾期
        </Checkbox>
        {can(InteractionPerm.handle) && (
          <Button disabled={!selected.length} loading={accept.isPending} onClick={() => accept.mutate()}>
            批量受理{selected.length ? `（${selected.length}）` : ''}
          </Button>
        )}
      </Space>
      <Table<InteractionRecord>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        columns={columns}
        scroll={{ x: 1200 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
        locale={{ emptyText: `暂无${label}` }}
        pagination={{
          current: page,
          pageSize: 10,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showTotal: (t) => `共 ${t} 条`,
        }}
      />
      <TicketDrawer kind={kind} id={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}
