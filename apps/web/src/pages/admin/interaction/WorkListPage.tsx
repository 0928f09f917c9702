import {
  INTERACTION_KIND_LABEL,
  INTERACTION_KINDS,
  type InteractionKind,
  type InteractionWorkItem,
} from '@odp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Input, Select, Space, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { interactionKeys, listWork } from '@/api/interaction';
import { routedColumn, statusColumn } from './columns';
import { TicketDrawer } from './TicketDrawer';
import './interaction-admin.css';
import { cityTime } from './time';

const time = cityTime;

/**
 * 互动工单: the reply tasks the signed-in officer owes (their department's, or the bureau's desk for
 * reviewers) nearest deadline first, and the ones they answered; each opens the ticket's drawer.
 */
export default function WorkListPage() {
  const [type, setType] = useState<'1' | '2'>('1');
  const [kind, setKind] = useState<InteractionKind>();
  const [keyword, setKeyword] = useState<string>();
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<{ kind: InteractionKind; id: string } | null>(null);
  const q = { type, kind, keyword, pageNo: page };
  const list = useQuery({
    queryKey: interactionKeys.work(q),
    queryFn: () => listWork(q),
    placeholderData: keepPreviousData,
  });
  return (
    <Card title="互动工单">
      <Tabs
        activeKey={type}
        onChange={(k) => {
          setType(k as '1' | '2');
          setPage(1);
        }}
        items={[
          { key: '1', label: '待处理' },
          { key: '2', label: '已处理' },
        ]}
      />
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          placeholder="事项类型"
          aria-label="事项类型"
          style={{ width: 140 }}
          value={kind}
          onChange={(v) => {
            setKind(v);
            setPage(1);
          }}
          options={INTERACTION_KINDS.map((k) => ({ value: k, label: INTERACTION_KIND_LABEL[k] }))}
        />
        <Input.Search
          allowClear
          placeholder="标题"
          aria-label="标题"
          style={{ width: 220 }}
          onSearch={(v) => {
            setKeyword(v.trim() || undefined);
            setPage(1);
          }}
        />
      </Space>
      <Table<InteractionWorkItem>
        rowKey="taskId"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        scroll={{ x: 900 }}
        locale={{ emptyText: type === '1' ? '暂无待处理的互动事项' : '暂无已处理的互动事项' }}
        pagination={{
          current: page,
          pageSize: 10,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showTotal: (t) => `共 ${t} 条`,
        }}
        columns={[
          { title: '类型', dataIndex: 'kind', width: 100, render: (k: InteractionKind) => INTERACTION_KIND_LABEL[k] },
          {
            title: '标题',
            dataIndex: 'title',
            width: 260,
            render: (v: string, r) => (
              <Typography.Link onClick={() => setViewing({ kind: r.kind, id: r.id })}>{v}</Typography.Link>
            ),
          },
          routedColumn<InteractionWorkItem>(),
          statusColumn<InteractionWorkItem>(),
          { title: '到达时间', dataIndex: 'submitTime', width: 140, render: time },
          type === '1'
            ? { title: '答复时限', dataIndex: 'dueAt', width: 140, render: time }
            : { title: '处理时间', dataIndex: 'approvalTime', width: 140, render: time },
        ]}
      />
      {viewing && <TicketDrawer kind={viewing.kind} id={viewing.id} onClose={() => setViewing(null)} />}
    </Card>
  );
}
