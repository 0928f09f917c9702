import type { QuestionResult } from '@odp/contracts';
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useChart } from '@/components/charts/useChart';

// Only what the results need, in the results page's own chunk.
echarts.use([BarChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const PALETTE = ['#1677ff', '#36cfc9', '#faad14', '#f5222d', '#722ed1', '#52c41a', '#eb2f96', '#fa8c16'];
const short = (s: string) => (s.length > 12 ? `${s.slice(0, 12)}…` : s);

/** A single-choice question: the share of each option as a pie. */
export function ChoicePie({ question }: { question: QuestionResult }) {
  const option = useMemo(
    () => ({
      color: PALETTE,
      tooltip: { trigger: 'item', formatter: '{b}：{c} 人（{d}%）' },
      legend: { bottom: 0, type: 'scroll', formatter: short },
      series: [
        {
          type: 'pie',
          radius: ['35%', '65%'],
          center: ['50%', '45%'],
          label: { formatter: '{d}%' },
          data: question.options.map((o) => ({ name: o.label, value: o.count })),
        },
      ],
    }),
    [question],
  );
  const ref = useChart(option);
  return (
    <div
      ref={ref}
      className="qn-chart"
      role="img"
      aria-label={`${question.title}：${question.options.map((o) => `${o.label} ${o.count} 人`).join('，')}`}
    />
  );
}

/** A multiple-choice question: how many chose each option, as horizontal bars. */
export function ChoiceBars({ question }: { question: QuestionResult }) {
  const options = question.options;
  const option = useMemo(
    () => ({
      color: PALETTE,
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 8, right: 40, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: {
        type: 'category',
        inverse: true,
        data: options.map((o) => o.label),
        // Long options are cut to the axis' width (a phone keeps room for the bars).
        axisLabel: { width: 110, overflow: 'truncate' },
      },
      series: [
        {
          name: '选择人数',
          type: 'bar',
          barMaxWidth: 18,
          label: { show: true, position: 'right', formatter: '{c}' },
          data: options.map((o) => o.count),
        },
      ],
    }),
    [options],
  );
  const ref = useChart(option);
  return (
    <div
      ref={ref}
      className="qn-chart"
      style={{ height: Math.max(180, options.length * 40 + 20) }}
      role="img"
      aria-label={`${question.title}：${options.map((o) => `${o.label} ${o.count} 人`).join('，')}`}
    />
  );
}

/** A rating question: how many gave each score 1–5. */
export function RatingBars({ question }: { question: QuestionResult }) {
  const distribution = question.rating?.distribution ?? [];
  const option = useMemo(
    () => ({
      color: ['#faad14'],
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 8, right: 8, top: 16, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: distribution.map((d) => `${d.score} 分`) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          name: '人数',
          type: 'bar',
          barMaxWidth: 32,
          label: { show: true, position: 'top' },
          data: distribution.map((d) => d.count),
        },
      ],
    }),
    [distribution],
  );
  const ref = useChart(option);
  return (
    <div
      ref={ref}
      className="qn-chart"
      role="img"
      aria-label={`${question.title}：平均 ${question.rating?.average ?? 0} 分；${distribution.map((d) => `${d.score} 分 ${d.count} 人`).join('，')}`}
    />
  );
}
