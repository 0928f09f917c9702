import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Chart } from './BigScreenPage';
import { CHART_KINDS, CHART_TITLES, type ChartKey } from './options';
import { useScreenData } from './useScreenData';
import './screen.css';

const CHARTS = Object.keys(CHART_TITLES) as ChartKey[];

/** 图表示例 (`/echartsDemo`): every chart type of the big screen, drawn with the same live figures. */
export default function EchartsDemoPage() {
  const { query, snapshot } = useScreenData({ live: false });
  useEffect(() => {
    document.title = '图表示例 - 滨江市公共数据开放平台';
  }, []);
  return (
    <main className="screen-page">
      <header>
        <h1>图表示例</h1>
        <p>
          大屏使用的图表，数据与 <Link to="/bigScreen">数据大屏</Link> 相同
          {snapshot
            ? `（统计时间 ${new Date(snapshot.refreshedAt).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai' })}）`
            : ''}
        </p>
      </header>
      {query.isError && !snapshot ? (
        <p role="alert">统计暂时无法读取，请稍后刷新重试</p>
      ) : !snapshot ? (
        <p>正在读取统计…</p>
      ) : (
        <div className="screen-gallery">
          {CHARTS.map((key) => (
            <section key={key} className="screen-panel" aria-label={CHART_TITLES[key]}>
              <h2>
                {CHART_TITLES[key]}
                <small>{CHART_KINDS[key]}</small>
              </h2>
              <div className="screen-panel-body">
                <Chart chart={key} snapshot={snapshot} />
              </div>
            </section>
          ))}
        </div>
      )}
    </main>
  );
}
