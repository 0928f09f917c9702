import type { OpenOverview } from '@odp/contracts';
import { OVERVIEW_MONTHS, SEARCH_TERM_DAYS } from '@odp/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { getOpenOverview, getOpenStats, statisticKeys, statsKeys } from '@/api/stats';
import { formatCounter } from '@/components/portal/format';
import { EmptyState, ErrorState } from '@/components/portal/StateViews';

// ECharts arrives in its own chunk, after the figures.
const MonthlyChart = lazy(() => import('./OverviewCharts').then((m) => ({ default: m.MonthlyChart })));
const ShareChart = lazy(() => import('./OverviewCharts').then((m) => ({ default: m.ShareChart })));
const RankChart = lazy(() => import('./OverviewCharts').then((m) => ({ default: m.RankChart })));

const number = (n: number) => (Number(n) || 0).toLocaleString('zh-CN');
const rate = (n: number | null) => (n === null ? '—' : `${n}%`);
const sum = (values: number[]) => values.reduce((s, n) => s + n, 0);
const chartSkeleton = <Skeleton active title={false} paragraph={{ rows: 6 }} />;

function useOverview() {
  return useQuery({ queryKey: statisticKeys.overview, queryFn: getOpenOverview, staleTime: 60_000 });
}

function Panel({ id, title, extra, children }: { id: string; title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className="stats-panel" aria-labelledby={id}>
      <header className="stats-panel-head">
        <h2 id={id}>{title}</h2>
        {extra && <span>{extra}</span>}
      </header>
      {children}
    </section>
  );
}

const COUNTERS: { key: keyof OpenOverview['counters'] | 'providers'; title: string; unit: string }[] = [
  { key: 'openEntries', title: '开放目录总量', unit: '个' },
  { key: 'rows', title: '开放数据总量', unit: '条' },
  { key: 'items', title: '数据项总量', unit: '个' },
  { key: 'apis', title: '接口总量', unit: '个' },
  { key: 'files', title: '可下载文件数', unit: '个' },
  { key: 'results', title: '应用成果总量', unit: '个' },
  { key: 'providers', title: '市级部门/区', unit: '' },
  { key: 'visits', title: '平台访问量', unit: '次' },
];

/** 数据资源总览: the headline counters. */
export function OverviewCounters() {
  const overview = useOverview();
  const c = overview.data?.counters;
  return (
    <section className="stats-totals stats-overview" aria-labelledby="stats-overview-title">
      <h2 id="stats-overview-title" className="stats-overview-title">
        数据资源总览
      </h2>
      {COUNTERS.map(({ key, title, unit }) => (
        <div key={key} className="stats-total">
          {overview.isLoading ? (
            <Skeleton.Input active size="small" />
          ) : !c ? (
            <strong>-</strong>
          ) : key === 'providers' ? (
            <strong title={`市级部门 ${c.departments} 个，区县 ${c.districts} 个`}>
              {c.departments}/{c.districts}
            </strong>
          ) : (
            <strong title={number(c[key])}>
              {formatCounter(c[key])}
              <small>{unit}</small>
            </strong>
          )}
          <span>{title}</span>
        </div>
      ))}
    </section>
  );
}

/** 关注热度词云: the most searched terms, larger the more they were searched (plain text, no chart library). */
function WordCloud({ terms }: { terms: OpenOverview['searchTerms'] }) {
  if (terms.length === 0) return <EmptyState description={`近 ${SEARCH_TERM_DAYS} 天暂无搜索记录`} />;
  const top = Math.log(terms[0].count + 1);
  const low = Math.log(terms[terms.length - 1].count + 1);
  const size = (n: number) => 13 + (top === low ? 6 : ((Math.log(n + 1) - low) / (top - low)) * 18);
  // Alphabetical, so the biggest words spread through the cloud instead of heading it.
  const shuffled = [...terms].sort((a, b) => a.term.localeCompare(b.term, 'zh-CN'));
  const colours = ['#1660d8', '#0b7a75', '#ad4e00', '#531dab', '#c41d7f'];
  return (
    <ul className="stats-cloud" aria-label="搜索热词及次数">
      {shuffled.map((t, i) => (
        <li
          key={t.term}
          style={{ fontSize: size(t.count), color: colours[i % colours.length] }}
          title={`${t.count} 次`}
        >
          {t.term}
          <span className="sr-only">（{t.count} 次）</span>
        </li>
      ))}
    </ul>
  );
}

function Monthly({ data, name, kind, label }: { data: number[]; name: string; kind: 'bar' | 'line'; label: string }) {
  const overview = useOverview();
  if (!overview.data) return null;
  if (sum(data) === 0) return <EmptyState description={`近 ${OVERVIEW_MONTHS} 个月暂无${name}`} />;
  return (
    <Suspense fallback={chartSkeleton}>
      <MonthlyChart months={overview.data.months} series={[{ name, values: data, kind }]} label={label} />
    </Suspense>
  );
}

/** 开放数据自评: the Fudan 开放数林-style measures of the whole platform. */
function Assessment({ a }: { a: OpenOverview['assessment'] }) {
  const items: { title: string; value: string; note: string }[] = [
    {
      title: '有效数据集',
      value: `${number(a.validEntries)} 个`,
      note: `开放目录中有数据或接口的（共 ${number(a.openEntries)} 个）`,
    },
    { title: '数据容量', value: formatCounter(a.capacity), note: '开放数据条数 × 数据项数之和' },
    {
      title: '机器可读比例',
      value: rate(a.machineReadableRate),
      note: `数据文件（CSV、XLSX、JSON）占可下载文件（${number(a.files)} 个）`,
    },
    { title: '开放格式比例', value: rate(a.openFormatRate), note: 'CSV、JSON 等非专有格式占可下载文件' },
    {
      title: '按时更新率',
      value: rate(a.onTimeRate),
      note: `已上架目录中未超期更新的（共 ${number(a.publishedEntries)} 个）`,
    },
    {
      title: '互动回复率',
      value: rate(a.replyRate),
      note: `已回复 ${number(a.replied)} / 受理 ${number(a.received)} 件`,
    },
    { title: '按时回复率', value: rate(a.onTimeReplyRate), note: '在答复时限内回复的占已回复' },
  ];
  return (
    <>
      <dl className="stats-assess">
        {items.map((i) => (
          <div key={i.title}>
            <dt>{i.title}</dt>
            <dd>
              <strong>{i.value}</strong>
              <small>{i.note}</small>
            </dd>
          </div>
        ))}
      </dl>
      <h3 className="stats-subtitle">应用成果（按类型）</h3>
      <ul className="stats-chips">
        {a.resultsByType.map((t) => (
          <li key={t.key}>
            {t.label} <strong>{number(t.count)}</strong>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The panels of 开放统计 beyond the table: histories, registrations, updates, domains, ratings, search terms, downloads, calls, self-assessment. */
export function OverviewPanels() {
  const overview = useOverview();
  const areas = useQuery({ queryKey: statsKeys.byDim('keyArea'), queryFn: () => getOpenStats('keyArea') });
  if (overview.isError) return <ErrorState onRetry={() => overview.refetch()} />;
  const o = overview.data;
  if (!o) return <Skeleton active paragraph={{ rows: 10 }} />;
  const period = `近 ${OVERVIEW_MONTHS} 个月`;
  const regs = o.registrations.personal + o.registrations.enterprise;
  const ranked = (areas.data?.rows ?? [])
    .filter((r) => r.openEntries > 0)
    .sort((x, y) => y.openEntries - x.openEntries)
    .slice(0, 10)
    .map((r) => ({ name: r.label, value: r.openEntries }));
  const rated = sum(o.ratings.map((r) => r.count));
  return (
    <>
      <div className="stats-grid">
        <Panel id="stats-visits" title="平台访问历史" extra={`${period}数据目录详情浏览 ${number(sum(o.visits))} 次`}>
          <Monthly data={o.visits} name="浏览" kind="line" label="平台访问历史折线图：每月数据目录详情浏览次数" />
        </Panel>
        <Panel id="stats-regs" title="注册类型分析" extra={`注册用户 ${number(regs)} 个`}>
          {regs === 0 ? (
            <EmptyState description="暂无注册用户" />
          ) : (
            <Suspense fallback={chartSkeleton}>
              <ShareChart
                slices={[
                  { name: '个人', value: o.registrations.personal },
                  { name: '企业', value: o.registrations.enterprise },
                ]}
                label={`注册类型饼图：个人 ${o.registrations.personal} 个，企业 ${o.registrations.enterprise} 个`}
              />
            </Suspense>
          )}
        </Panel>
        <Panel id="stats-updates" title="数据更新趋势" extra={`${period}更新 ${number(sum(o.updates))} 次`}>
          <Monthly
            data={o.updates}
            name="数据更新"
            kind="bar"
            label="数据更新趋势柱状图：每月数据文件上传与库表同步次数"
          />
        </Panel>
        <Panel id="stats-areas" title="领域开放排行" extra="开放目录数前十的重点领域">
          {ranked.length === 0 ? (
            <EmptyState />
          ) : (
            <Suspense fallback={chartSkeleton}>
              <RankChart items={ranked} unit="个" label="领域开放排行条形图" />
            </Suspense>
          )}
        </Panel>
        <Panel id="stats-ratings" title="数据评分统计" extra={`共 ${number(rated)} 条评分`}>
          {rated === 0 ? (
            <EmptyState description="暂无评分" />
          ) : (
            <Suspense fallback={chartSkeleton}>
              <RankChart
                items={[...o.ratings].reverse().map((r) => ({ name: r.label, value: r.count }))}
                unit="条"
                label="数据评分分布条形图：各星级评分条数"
              />
            </Suspense>
          )}
        </Panel>
        <Panel id="stats-cloud" title="关注热度词云" extra={`近 ${SEARCH_TERM_DAYS} 天的搜索热词`}>
          <WordCloud terms={o.searchTerms} />
        </Panel>
        <Panel id="stats-downloads" title="文件下载量" extra={`${period}下载 ${number(sum(o.downloads))} 次`}>
          <Monthly data={o.downloads} name="下载" kind="bar" label="文件下载量柱状图：每月下载次数" />
        </Panel>
        <Panel id="stats-month-calls" title="接口调用量" extra={`${period}调用 ${number(sum(o.calls))} 次`}>
          <Monthly data={o.calls} name="接口调用" kind="line" label="接口调用量折线图：每月开放接口成功调用次数" />
        </Panel>
      </div>
      <Panel id="stats-assess" title="开放数据自评" extra="参照复旦开放数林指标">
        <Assessment a={o.assessment} />
      </Panel>
    </>
  );
}
