import type { InteractionFigureRow } from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { interactionKeys, publicInteractionStatistics } from '@/api/interaction';
import { type DataColumn, DataTable } from '@/components/portal/DataTable';
import { EmptyState, ErrorState } from '@/components/portal/StateViews';

const pct = (v: number) => `${v}%`;
const CARDS = [
  { key: 'received', title: '收到诉求', unit: '件', show: (v: number) => String(v) },
  { key: 'replied', title: '已回复', unit: '件', show: (v: number) => String(v) },
  { key: 'replyRate', title: '回复率', unit: '', show: pct },
  { key: 'onTimeRate', title: '按时回复率', unit: '', show: pct },
  { key: 'avgReplyHours', title: '平均回复时长', unit: '小时', show: (v: number) => String(v) },
  { key: 'satisfaction', title: '满意度', unit: '/ 5', show: (v: number) => (v ? v.toFixed(2) : '-') },
] as const;

const COLUMNS: DataColumn<InteractionFigureRow>[] = [
  { key: 'dept', title: '部门', render: (r) => r.departName, sticky: true },
  { key: 'received', title: '收到', align: 'right', render: (r) => r.received, sortValue: (r) => r.received },
  { key: 'replied', title: '已回复', align: 'right', render: (r) => r.replied, sortValue: (r) => r.replied },
  { key: 'rate', title: '回复率', align: 'right', render: (r) => pct(r.replyRate), sortValue: (r) => r.replyRate },
  {
    key: 'onTime',
    title: '按时回复率',
    align: 'right',
    render: (r) => pct(r.onTimeRate),
    sortValue: (r) => r.onTimeRate,
  },
  {
    key: 'hours',
    title: '平均回复时长（小时）',
    align: 'right',
    render: (r) => r.avgReplyHours,
    sortValue: (r) => r.avgReplyHours,
  },
  {
    key: 'score',
    title: '满意度',
    align: 'right',
    render: (r) => (r.satisfaction ? r.satisfaction.toFixed(2) : '-'),
    sortValue: (r) => r.satisfaction,
  },
];

/** 互动交流 on 开放统计: how the departments answer the public — received, replied, on time, satisfaction. */
export default function InteractionStatsPanel() {
  const stats = useQuery({ queryKey: interactionKeys.stats('public'), queryFn: publicInteractionStatistics });
  const s = stats.data;
  return (
    <section className="stats-panel" aria-labelledby="stats-interaction-title">
      <header className="stats-panel-head">
        <h2 id="stats-interaction-title">互动交流</h2>
        <span>问题反馈、数据需求、数据纠错与权益保护的办理情况</span>
      </header>
      {stats.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : stats.isError || !s ? (
        <ErrorState onRetry={() => stats.refetch()} />
      ) : s.total.received === 0 ? (
        <EmptyState description="暂无互动诉求" />
      ) : (
        <>
          <div className="stats-totals">
            {CARDS.map((c) => (
              <div key={c.key} className="stats-total">
                <strong>
                  {c.show(s.total[c.key])}
                  {c.unit && <small>{c.unit}</small>}
                </strong>
                <span>{c.title}</span>
              </div>
            ))}
          </div>
          <DataTable
            caption="各部门互动办理情况（点击表头排序）"
            columns={COLUMNS}
            rows={s.byDepartment}
            rowKey={(r) => r.orgCode ?? 'desk'}
          />
        </>
      )}
    </section>
  );
}
