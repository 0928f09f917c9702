import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useChart } from '@/components/charts/useChart';

// The same parts StatsCharts registers; both chunks share the library's chunk.
echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const PALETTE = ['#1677ff', '#36cfc9', '#faad14', '#73d13d', '#9254de', '#ff7a45'];
const GRID = { left: 8, right: 16, top: 32, bottom: 8, containLabel: true };
/** 2026-03 → 26/03: short enough for twelve labels on a phone. */
const shortMonth = (m: string) => `${m.slice(2, 4)}/${m.slice(5)}`;

export type SeriesSpec = { name: string; values: number[]; kind: 'bar' | 'line' };

/** Monthly series (one or two) over the same months: bars or a line. */
export function MonthlyChart({ months, series, label }: { months: string[]; series: SeriesSpec[]; label: string }) {
  const option = useMemo(
    () => ({
      color: PALETTE,
      tooltip: { trigger: 'axis' },
      legend: series.length > 1 ? { top: 0, right: 0 } : undefined,
      grid: GRID,
      xAxis: { type: 'category', data: months.map(shortMonth), axisLabel: { fontSize: 11 } },
      yAxis: { type: 'value', minInterval: 1 },
      series: series.map((s) => ({
        name: s.name,
        type: s.kind,
        data: s.values,
        barMaxWidth: 18,
        smooth: true,
        areaStyle: s.kind === 'line' ? { opacity: 0.12 } : undefined,
      })),
    }),
    [months, series],
  );
  const ref = useChart(option);
  return <div ref={ref} className="stats-chart stats-chart-small" role="img" aria-label={label} />;
}

/** A ring of a few shares (注册类型). */
export function ShareChart({ slices, label }: { slices: { name: string; value: number }[]; label: string }) {
  const option = useMemo(
    () => ({
      color: PALETTE,
      tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
      legend: { bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['40%', '66%'],
          center: ['50%', '45%'],
          data: slices,
          label: { formatter: '{b}\n{d}%' },
        },
      ],
    }),
    [slices],
  );
  const ref = useChart(option);
  return <div ref={ref} className="stats-chart stats-chart-small" role="img" aria-label={label} />;
}

/** Horizontal bars, largest at the top (领域开放排行, 数据评分). */
export function RankChart({
  items,
  label,
  unit,
}: {
  items: { name: string; value: number }[];
  label: string;
  unit: string;
}) {
  const option = useMemo(() => {
    const sorted = [...items].reverse();
    return {
      color: PALETTE,
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: number) => `${v} ${unit}` },
      grid: { ...GRID, top: 8 },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: {
        type: 'category',
        data: sorted.map((i) => i.name),
        axisLabel: { fontSize: 12, width: 90, overflow: 'truncate' },
      },
      series: [
        { type: 'bar', data: sorted.map((i) => i.value), barMaxWidth: 14, label: { show: true, position: 'right' } },
      ],
    };
  }, [items, unit]);
  const ref = useChart(option);
  return (
    <div
      ref={ref}
      className="stats-chart"
      style={{ height: Math.max(220, items.length * 28 + 24) }}
      role="img"
      aria-label={label}
    />
  );
}
