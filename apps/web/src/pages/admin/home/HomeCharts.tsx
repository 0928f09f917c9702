import type { HomeDataService, HomeDataStatistics } from '@odp/contracts';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useChart } from '@/components/charts/useChart';

// Only what the two charts need, in a chunk of their own that the page loads after its figures.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const PALETTE = ['#1677ff', '#36cfc9', '#faad14'];

/** 2026-03 → 3月 on the axis (the tooltip gives the year): twelve labels fit a phone. */
const monthLabel = (yearMonth: string) => `${Number(yearMonth.slice(5))}月`;
const yearMonthText = (yearMonth: string) => `${yearMonth.slice(0, 4)}年${Number(yearMonth.slice(5))}月`;

type AxisParam = { name: string; seriesName: string; value: number; marker: string };
const number = (n: number) => n.toLocaleString('zh-CN');

const tooltip = (units: Record<string, string>) => ({
  trigger: 'axis',
  axisPointer: { type: 'shadow' },
  formatter: (params: AxisParam[]) =>
    [
      yearMonthText(params[0]?.name ?? ''),
      ...params.map((p) => `${p.marker}${p.seriesName}：${number(p.value)} ${units[p.seriesName] ?? ''}`),
    ].join('<br/>'),
});

const legend = { top: 0, left: 'center', itemWidth: 14, itemHeight: 8 };
const xAxis = (months: string[]) => ({
  type: 'category',
  data: months,
  axisLabel: { formatter: monthLabel, fontSize: 12, hideOverlap: true },
});

/** 数据服务: entries published per month, all of them beside their 库表 and 接口 ones. */
export function ServiceBarChart({ data }: { data: HomeDataService }) {
  const option = useMemo(
    () => ({
      color: PALETTE,
      tooltip: tooltip({ 数据目录: '个', 库表服务: '个', 接口服务: '个' }),
      legend,
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      xAxis: xAxis(data.yearMonthList),
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: '数据目录', type: 'bar', barMaxWidth: 14, data: data.dataDirectoryNumList },
        { name: '库表服务', type: 'bar', barMaxWidth: 14, data: data.tableServiceNumList },
        { name: '接口服务', type: 'bar', barMaxWidth: 14, data: data.apiServiceNumList },
      ],
    }),
    [data],
  );
  const ref = useChart(option);
  return (
    <div
      ref={ref}
      className="home-chart"
      role="img"
      aria-label="近12个月每月上架的数据目录、库表服务和接口服务柱状图"
    />
  );
}

/** 数据统计: share calls (left axis, 次) and rows delivered (right axis, 条) per month. */
export function StatisticsLineChart({ data }: { data: HomeDataStatistics }) {
  const option = useMemo(
    () => ({
      color: PALETTE,
      tooltip: { ...tooltip({ 接口调用量: '次', 共享数据量: '条' }), axisPointer: { type: 'line' } },
      legend,
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      xAxis: { ...xAxis(data.yearMonthList), boundaryGap: false },
      yAxis: [
        { type: 'value', name: '次', minInterval: 1, nameTextStyle: { align: 'right' } },
        { type: 'value', name: '条', minInterval: 1, splitLine: { show: false }, nameTextStyle: { align: 'left' } },
      ],
      series: [
        { name: '接口调用量', type: 'line', symbolSize: 6, data: data.apiTotalNumList },
        // Dashed, so that it stays visible where it runs along the other line on its own scale.
        {
          name: '共享数据量',
          type: 'line',
          symbolSize: 6,
          yAxisIndex: 1,
          lineStyle: { type: 'dashed' },
          data: data.tableTotalNumList,
        },
      ],
    }),
    [data],
  );
  const ref = useChart(option);
  return <div ref={ref} className="home-chart" role="img" aria-label="近12个月每月接口调用量和共享数据量折线图" />;
}
