import { FileExcelOutlined } from '@ant-design/icons';
import type { OpenStatTypeCount } from '@odp/contracts';
import { OPEN_CALL_TREND_DAYS } from '@odp/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Button, Segmented, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  getOpenCallTrend,
  getOpenStats,
  openStatsExportUrl,
  type StatsDimension,
  type StatsRow,
  statsKeys,
} from '@/api/stats';
import { type DataColumn, DataTable } from '@/components/portal/DataTable';
import { formatCounter } from '@/components/portal/format';
import { EmptyState, ErrorState } from '@/components/portal/StateViews';
import { OverviewCounters, OverviewPanels } from './OverviewPanels';
import './stats.css';

// ECharts (core, bar, line, pie, canvas) arrives in its own chunk, after the table; both parts come from it.
const StatsCharts = lazy(() => import('./StatsCharts'));
const CallTrendChart = lazy(() => import('./StatsCharts').then((m) => ({ default: m.CallTrendChart })));

const DIMENSIONS: { value: StatsDimension; label: string; noun: string }[] = [
  { value: 'department', label: '按部门统计', noun: '部门' },
  { value: 'keyArea', label: '按重点领域统计', noun: '重点领域' },
];

type Metric = Exclude<keyof StatsRow, 'key' | 'label'>;

const METRICS: { key: Metric; title: string; unit: string }[] = [
  { key: 'entries', title: '编目总数', unit: '个' },
  { key: 'openEntries', title: '开放目录数', unit: '个' },
  { key: 'files', title: '数据文件', unit: '个' },
  { key: 'rows', title: '数据量', unit: '条' },
  { key: 'downloads', title: '下载量', unit: '次' },
  { key: 'views', title: '访问量', unit: '次' },
  { key: 'achievements', title: '应用成果', unit: '个' },
];

const number = (n: number) => (Number(n) || 0).toLocaleString('zh-CN');

function columnsFor(noun: string): DataColumn<StatsRow>[] {
  return [
    { key: 'index', title: '序号', width: 64, align: 'center', render: (_, i) => i + 1 },
    { key: 'label', title: noun, render: (row) => row.label, sortValue: (row) => row.label },
    ...METRICS.map(({ key, title }) => ({
      key,
      title,
      align: 'right' as const,
      width: 128,
      sortValue: (row: StatsRow) => row[key],
      render: (row: StatsRow) => number(row[key]),
    })),
  ];
}

// The interaction desk's figures are below the fold: their own chunk.
const InteractionStatsPanel = lazy(() => import('@/pages/portal/interaction/StatsPanel'));
/** 接口调用: the open API's successful calls per day of the period and their sum, whichever dimension is shown. */
function CallTrendPanel() {
  const trend = useQuery({ queryKey: statsKeys.calls, queryFn: getOpenCallTrend });
  const total = trend.data?.total ?? 0;
  return (
    <section className="stats-panel" aria-labelledby="stats-calls-title">
      <header className="stats-panel-head">
        <h2 id="stats-calls-title">接口调用趋势</h2>
        {trend.data && (
          <span>
            近 {OPEN_CALL_TREND_DAYS} 天共 <strong title={number(total)}>{formatCounter(total)}</strong> 次
          </span>
        )}
      </header>
      {trend.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : trend.isError ? (
        <ErrorState onRetry={() => trend.refetch()} />
      ) : total === 0 ? (
        <EmptyState description={`近 ${OPEN_CALL_TREND_DAYS} 天暂无接口调用`} />
      ) : (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
          <CallTrendChart days={trend.data?.days ?? []} />
        </Suspense>
      )}
    </section>
  );
}

/** 应用成果 per type: a plain bar list (the numbers are few; no chart library needed). */
function AchievementTypesPanel({ types, loading }: { types: OpenStatTypeCount[]; loading: boolean }) {
  const top = Math.max(1, ...types.map((t) => t.count));
  const total = types.reduce((n, t) => n + t.count, 0);
  return (
    <section className="stats-panel" aria-labelledby="stats-ach-title">
      <header className="stats-panel-head">
        <h2 id="stats-ach-title">应用成果类型分布</h2>
        {!loading && (
          <span>
            已发布 <strong>{number(total)}</strong> 个
          </span>
        )}
      </header>
      {loading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : total === 0 ? (
        <EmptyState description="暂无已发布的应用成果" />
      ) : (
        <ul className="stats-types">
          {types.map((t) => (
            <li key={t.key}>
              <span className="stats-type-label">{t.label}</span>
              <span className="stats-type-track" aria-hidden="true">
                <span className="stats-type-bar" style={{ width: `${(t.count / top) * 100}%` }} />
              </span>
              <span className="stats-type-count">{number(t.count)} 个</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * 开放统计: the platform's headline counters, open catalogue figures per department and per key area (a table
 * with totals and charts), the monthly histories, registrations, ratings, search terms and the self-assessment,
 * and the open API's calls.
 */
export default function OpenStatsPage() {
  const [params, setParams] = useSearchParams();
  const dim: StatsDimension = params.get('dim') === 'keyArea' ? 'keyArea' : 'department';
  const dimension = DIMENSIONS.find((d) => d.value === dim) ?? DIMENSIONS[0];
  const stats = useQuery({ queryKey: statsKeys.byDim(dim), queryFn: () => getOpenStats(dim) });
  const rows = stats.data?.rows ?? [];
  const totals = stats.data?.totals;

  return (
    <div className="portal-section stats-page">
      <header className="stats-head">
        <h1>开放统计</h1>
        <div className="stats-tools">
          <Segmented
            value={dim}
            options={DIMENSIONS.map(({ value, label }) => ({ value, label }))}
            onChange={(value) => setParams(value === 'department' ? {} : { dim: String(value) }, { replace: true })}
          />
          <Button icon={<FileExcelOutlined />} href={openStatsExportUrl(dim)} disabled={!stats.data}>
            导出 Excel
          </Button>
        </div>
      </header>

      <OverviewCounters />

      {stats.isError ? (
        <ErrorState onRetry={() => stats.refetch()} />
      ) : (
        <>
          <section className="stats-panel" aria-label="统计图">
            {stats.isLoading ? (
              <Skeleton active paragraph={{ rows: 8 }} />
            ) : rows.length === 0 ? (
              <EmptyState />
            ) : (
              <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
                <StatsCharts rows={rows} dimensionLabel={dimension.noun} />
              </Suspense>
            )}
          </section>

          <section className="stats-panel" aria-label="统计表">
            {stats.isLoading ? (
              <Skeleton active paragraph={{ rows: 8 }} />
            ) : (
              <DataTable
                caption={`各${dimension.noun}开放数据统计（点击表头排序）`}
                columns={columnsFor(dimension.noun)}
                rows={rows}
                rowKey={(row) => row.key}
                summary={
                  totals && rows.length > 0 ? ['', '合计', ...METRICS.map(({ key }) => number(totals[key]))] : undefined
                }
              />
            )}
          </section>
        </>
      )}

      <OverviewPanels />

      {!stats.isError && <AchievementTypesPanel types={stats.data?.achievementTypes ?? []} loading={stats.isLoading} />}

      <CallTrendPanel />
      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
        <InteractionStatsPanel />
      </Suspense>
    </div>
  );
}
