import type { OpenCallDay } from '@odp/contracts';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import type { StatsRow } from '@/api/stats';
import { useChart } from '@/components/charts/useChart';

// Only what the page's charts need, so this chunk stays a fraction of the full library.
echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  CanvasRenderer,
]);

const PIE_SLICES = 8;
const PALETTE = ['#1677ff', '#36cfc9', '#faad14', '#73d13d', '#9254de', '#ff7a45', '#597ef7', '#ff4d4f', '#bfbfbf'];

export type StatsChartsProps = { rows: StatsRow[]; dimensionLabel: string };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Tooltips are HTML; names come from the server, so they go in escaped. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
/** 滨江市交通运输局 → 交通运输局: the city is the same for every bar. */
const shortName = (label: string) => label.replace(/^滨江市/, '');
const TITLE = { left: 0, top: 0, textStyle: { fontSize: 15, fontWeight: 500 } };

type AxisParam = { name: string; seriesName: string; value: number; marker: string };
type ItemParam = { name: string; value: number; percent: number; marker: string };

/** 编目总数 (every approved entry, open or not) and 开放目录数 per department or key area as bars, the share of downloads as a pie. */
export default function StatsCharts({ rows, dimensionLabel }: StatsChartsProps) {
  const barHeight = Math.max(380, rows.length * 26 + 80);
  const barOption = useMemo(() => {
    // Largest at the top: a category axis runs bottom-up.
    const sorted = [...rows].sort((a, b) => a.entries - b.entries);
    return {
      color: PALETTE,
      title: { ...TITLE, text: `各${dimensionLabel}目录数` },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        formatter: (params: AxisParam[]) =>
          [escapeHtml(params[0]?.name ?? ''), ...params.map((p) => `${p.marker}${p.seriesName}：${p.value}`)].join(
            '<br/>',
          ),
      },
      legend: { top: 0, right: 0 },
      grid: { left: 8, right: 24, top: 40, bottom: 8, containLabel: true },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: {
        type: 'category',
        data: sorted.map((r) => shortName(r.label)),
        axisLabel: { interval: 0, fontSize: 12, width: 120, overflow: 'truncate' },
      },
      series: [
        { name: '编目总数', type: 'bar', barMaxWidth: 10, data: sorted.map((r) => r.entries) },
        { name: '开放目录数', type: 'bar', barMaxWidth: 10, data: sorted.map((r) => r.openEntries) },
      ],
    };
  }, [rows, dimensionLabel]);

  const pieOption = useMemo(() => {
    const byDownloads = [...rows].filter((r) => r.downloads > 0).sort((a, b) => b.downloads - a.downloads);
    const rest = byDownloads.slice(PIE_SLICES).reduce((sum, r) => sum + r.downloads, 0);
    const slices = [
      ...byDownloads.slice(0, PIE_SLICES).map((r) => ({ name: shortName(r.label), value: r.downloads })),
      ...(rest > 0 ? [{ name: '其他', value: rest }] : []),
    ];
    return {
      color: PALETTE,
      title: { ...TITLE, text: `各${dimensionLabel}下载量占比`, subtext: slices.length === 0 ? '暂无下载' : undefined },
      tooltip: {
        trigger: 'item',
        formatter: (p: ItemParam) => `${p.marker}${escapeHtml(p.name)}<br/>下载量 ${p.value}（${p.percent}%）`,
      },
      legend: { type: 'scroll', orient: 'vertical', right: 0, top: 40, bottom: 8, itemWidth: 12, itemHeight: 12 },
      series: [
        {
          name: '下载量',
          type: 'pie',
          radius: ['36%', '68%'],
          center: ['34%', '55%'],
          label: {
            position: 'inside',
            color: '#fff',
            fontSize: 12,
            formatter: (p: ItemParam) => (p.percent >= 6 ? `${Math.round(p.percent)}%` : ''),
          },
          labelLine: { show: false },
          data: slices,
        },
      ],
    };
  }, [rows, dimensionLabel]);
  const bar = useChart(barOption);
  const pie = useChart(pieOption);

  return (
    <div className="stats-charts">
      <div
        ref={bar}
        className="stats-chart"
        style={{ height: barHeight }}
        role="img"
        aria-label={`各${dimensionLabel}目录数条形图`}
      />
      <div ref={pie} className="stats-chart" role="img" aria-label={`各${dimensionLabel}下载量占比饼图`} />
    </div>
  );
}

/** 2026-11-24 → 11-24: the year is the same for nearly every point and would crowd a phone's axis. */
const monthDay = (date: string) => date.slice(5);

/** 接口调用: successful open-API calls per day as a line (the panel around it gives the title and the total). */
export function CallTrendChart({ days }: { days: OpenCallDay[] }) {
  const option = useMemo(
    () => ({
      color: PALETTE,
      tooltip: {
        trigger: 'axis',
        formatter: (params: AxisParam[]) =>
          params.map((p) => `${escapeHtml(p.name)}<br/>${p.marker}接口调用：${p.value} 次`).join('<br/>'),
      },
      grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
      xAxis: {
        type: 'category',
        boundaryGap: false,
        data: days.map((d) => d.date),
        axisLabel: { formatter: monthDay, fontSize: 12, hideOverlap: true },
      },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          name: '接口调用',
          // Straight segments: a count per day has no values between the days.
          type: 'line',
          symbolSize: 6,
          areaStyle: { opacity: 0.12 },
          data: days.map((d) => d.calls),
        },
      ],
    }),
    [days],
  );
  const chart = useChart(option);
  const first = days[0]?.date ?? '';
  const last = days[days.length - 1]?.date ?? '';
  return (
    <div
      ref={chart}
      className="stats-chart stats-trend"
      role="img"
      aria-label={`${first} 至 ${last} 每日接口调用折线图`}
    />
  );
}
