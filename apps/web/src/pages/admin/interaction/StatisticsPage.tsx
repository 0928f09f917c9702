import { INTERACTION_KIND_LABEL, type InteractionFigureRow, type InteractionFigures } from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Skeleton, Space, Statistic, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { interactionKeys, staffInteractionStatistics } from '@/api/interaction';
import './interaction-admin.css';

const pct = (v: number) => `${v}%`;

export const figureColumns = [
  { title: '受理量', dataIndex: 'received', width: 90 },
  { title: '已回复', dataIndex: 'replied', width: 90 },
  { title: '回复率', dataIndex: 'replyRate', width: 90, render: pct },
  { title: '按时回复率', dataIndex: 'onTimeRate', width: 110, render: pct },
  { title: '平均回复时长（小时）', dataIndex: 'avgReplyHours', width: 160 },
  { title: '满意度', dataIndex: 'satisfaction', width: 90, render: (v: number) => (v ? v.toFixed(2) : '-') },
  { title: '评价数', dataIndex: 'rated', width: 80 },
];

export function FigureCards({ figures }: { figures: InteractionFigures }) {
  return (
    <div className="ia-stat-grid">
      <Statistic title="受理量" value={figures.received} />
      <Statistic title="已回复" value={figures.replied} />
      <Statistic title="回复率" value={figures.replyRate} suffix="%" />
      <Statistic title="按时回复率" value={figures.onTimeRate} suffix="%" />
      <Statistic title="平均回复时长" value={figures.avgReplyHours} suffix="小时" />
      <Statistic title="满意度" value={figures.satisfaction || '-'} suffix={figures.satisfaction ? '/ 5' : ''} />
    </div>
  );
}

/** 互动统计: the department's own figures (the bureau's: every department's), by kind and by department. */
export default function StatisticsPage() {
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const q = { startTime: range?.[0]?.format('YYYY-MM-DD'), endTime: range?.[1]?.format('YYYY-MM-DD') };
  const stats = useQuery({
    queryKey: [...interactionKeys.stats('staff'), q],
    queryFn: () => staffInteractionStatistics(q),
  });
  const s = stats.data;
  return (
    <Card
      title="互动统计"
      extra={
        <Space>
          <DatePicker.RangePicker
            aria-label="提交时间"
            placeholder={['开始日期', '结束日期']}
            value={range}
            onChange={setRange}
          />
        </Space>
      }
    >
      {!s ? (
        <Skeleton active />
      ) : (
        <>
          <FigureCards figures={s.total} />
          <Typography.Title level={5}>按类型</Typography.Title>
          <Table
            rowKey="kind"
            size="small"
            pagination={false}
            scroll={{ x: 800 }}
            dataSource={s.byKind}
            columns={[
              {
                title: '类型',
                dataIndex: 'kind',
                width: 100,
                render: (k: keyof typeof INTERACTION_KIND_LABEL) => INTERACTION_KIND_LABEL[k],
              },
              ...figureColumns,
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            按部门
          </Typography.Title>
          <Table<InteractionFigureRow>
            rowKey={(r) => r.orgCode ?? 'desk'}
            size="small"
            pagination={false}
            scroll={{ x: 900 }}
            dataSource={s.byDepartment}
            locale={{ emptyText: '暂无数据' }}
            columns={[{ title: '部门', dataIndex: 'departName', width: 180 }, ...figureColumns]}
          />
        </>
      )}
    </Card>
  );
}
