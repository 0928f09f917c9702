import { BIG_SCREEN_FEED_LABEL, type BigScreenCounters, type BigScreenHot } from '@odp/contracts/constants';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Clock } from './Clock';
import type { ChartKey } from './options';
import { Stage } from './Stage';
import { useScreenData } from './useScreenData';
import './screen.css';

// ECharts arrives in its own chunk, after the counters.
const ScreenChart = lazy(() => import('./ScreenChart'));

export const COUNTERS: { key: keyof BigScreenCounters; label: string; unit: string }[] = [
  { key: 'catalogues', label: '数据目录', unit: '个' },
  { key: 'openDatasets', label: '开放数据集', unit: '个' },
  { key: 'rows', label: '数据量', unit: '条' },
  { key: 'apis', label: '开放接口', unit: '个' },
  { key: 'files', label: '数据文件', unit: '个' },
  { key: 'departments', label: '数源部门', unit: '个' },
  { key: 'achievements', label: '应用成果', unit: '个' },
  { key: 'users', label: '注册用户', unit: '人' },
  { key: 'calls', label: '接口调用', unit: '次' },
  { key: 'downloads', label: '下载量', unit: '次' },
];

const number = new Intl.NumberFormat('zh-CN');
const timeOf = (at: string) =>
  at
    ? new Intl.DateTimeFormat('zh-CN', {
        timeZone: 'Asia/Shanghai',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hour12: false,
      }).format(new Date(at))
    : '';

function Panel({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`screen-panel ${className ?? ''}`} aria-label={title}>
      <h2>{title}</h2>
      <div className="screen-panel-body">{children}</div>
    </section>
  );
}

export function Chart({
  chart,
  snapshot,
}: {
  chart: ChartKey;
  snapshot: Parameters<typeof ScreenChart>[0]['snapshot'];
}) {
  return (
    <Suspense fallback={<div className="screen-chart screen-muted">图表加载中…</div>}>
      <ScreenChart chart={chart} snapshot={snapshot} />
    </Suspense>
  );
}

function HotList({ rows, unit }: { rows: BigScreenHot[]; unit: string }) {
  if (!rows.length) return <p className="screen-muted">暂无数据</p>;
  return (
    <ol className="screen-rank">
      {rows.slice(0, 6).map((r, i) => (
        <li key={r.id}>
          <span className="screen-rank-no">{i + 1}</span>
          <span className="screen-rank-name" title={`${r.name}（${r.departName}）`}>
            {r.name}
          </span>
          <span className="screen-rank-value">
            {number.format(r.value)}
            {unit}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** 大屏 (`/bigScreen`): the open-data platform at a glance, for a wall or a director's screen. */
export default function BigScreenPage() {
  const { query, snapshot, feed } = useScreenData();
  useEffect(() => {
    document.title = '数据大屏 - 滨江市公共数据开放平台';
  }, []);

  return (
    <Stage>
      <main className="screen">
        <header className="screen-header">
          <p className="screen-updated">
            {snapshot ? `统计时间 ${timeOf(snapshot.refreshedAt)}，每分钟自动刷新` : '正在读取统计…'}
          </p>
          <h1>滨江市公共数据开放平台 · 数据大屏</h1>
          <Clock />
        </header>
        {query.isError && !snapshot ? (
          <p className="screen-state" role="alert">
            统计暂时无法读取，稍后将自动重试
          </p>
        ) : !snapshot ? (
          <p className="screen-state">正在读取统计…</p>
        ) : (
          <>
            <ul className="screen-counters" aria-label="数据总览">
              {COUNTERS.map((c) => (
                <li key={c.key} data-counter={c.key} data-value={snapshot.counters[c.key]}>
                  <span className="screen-counter-label">{c.label}</span>
                  <span className="screen-counter-value">
                    {number.format(snapshot.counters[c.key])}
                    <small>{c.unit}</small>
                  </span>
                </li>
              ))}
            </ul>
            <div className="screen-grid">
              <div className="screen-col">
                <Panel title="月度发布与更新趋势">
                  <Chart chart="releaseTrend" snapshot={snapshot} />
                </Panel>
                <Panel title="月度调用与下载趋势">
                  <Chart chart="usageTrend" snapshot={snapshot} />
                </Panel>
                <Panel title="部门开放数据排行">
                  <Chart chart="departmentsByOpen" snapshot={snapshot} />
                </Panel>
              </div>
              <div className="screen-col screen-col-wide">
                <Panel title="区县开放数据分布" className="screen-map">
                  <Chart chart="districts" snapshot={snapshot} />
                </Panel>
                <div className="screen-row">
                  <Panel title="实时动态" className="screen-feed">
                    {feed.length ? (
                      <ul aria-live="polite">
                        {feed.map((x) => (
                          <li key={`${x.kind}|${x.title}|${x.at}`} data-kind={x.kind}>
                            <span className={`screen-tag screen-tag-${x.kind}`}>{BIG_SCREEN_FEED_LABEL[x.kind]}</span>
                            <span className="screen-feed-title" title={x.title}>
                              {x.title}
                            </span>
                            <span className="screen-feed-dept">{x.departName.replace(/^滨江市/, '')}</span>
                            <time dateTime={x.at}>{timeOf(x.at)}</time>
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <p className="screen-muted">暂无动态</p>
                    )}
                  </Panel>
                  <Panel title="交流互动回复率" className="screen-gauge">
                    <Chart chart="replyRate" snapshot={snapshot} />
                    <p className="screen-muted">按时回复率 {snapshot.interaction.onTimeRate}%</p>
                  </Panel>
                </div>
              </div>
              <div className="screen-col">
                <Panel title="部门按时更新率">
                  <Chart chart="departmentsByOnTime" snapshot={snapshot} />
                </Panel>
                <div className="screen-row">
                  <Panel title="领域分布">
                    <Chart chart="domains" snapshot={snapshot} />
                  </Panel>
                  <Panel title="开放类型">
                    <Chart chart="openTypes" snapshot={snapshot} />
                  </Panel>
                </div>
                <div className="screen-row">
                  <Panel title="热门数据集" className="screen-hot">
                    <HotList rows={snapshot.hotDatasets} unit="" />
                  </Panel>
                  <Panel title="热门接口" className="screen-hot">
                    <HotList rows={snapshot.hotApis} unit="次" />
                  </Panel>
                </div>
              </div>
            </div>
          </>
        )}
      </main>
    </Stage>
  );
}
