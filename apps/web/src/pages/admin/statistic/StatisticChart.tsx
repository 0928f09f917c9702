import type { DeptMeasureRow, StatisticTable } from '@odp/contracts';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useChart } from '@/components/charts/useChart';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, CanvasRenderer]);

/** 滨江市交通运输局 → 交通运输局: the city is the same for every bar. */
const shortName = (label: string) => label.replace(/^滨江市/, '');

/**
 * 开放目录 per department as bars and 按时更新率 as a line on a second axis, with the city's average of
 * each as a dashed mark: where a department stands at a glance.
 */
export default function StatisticChart({
  rows,
  average,
}: {
  rows: DeptMeasureRow[];
  average: StatisticTable['average'];
}) {
  const option = useMemo(() => {
    const top = rows.slice(0, 20);
    return {
      color: ['#1677ff', '#fa8c16'],
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { top: 0 },
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      xAxis: {
        type: 'category',
        data: top.map((r) => shortName(r.departName)),
        axisLabel: { interval: 0, rotate: top.length > 6 ? 30 : 0, fontSize: 11, width: 80, overflow: 'truncate' },
      },
      yAxis: [
        { type: 'value', name: '开放目录', minInterval: 1 },
        { type: 'value', name: '按时更新率', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
      ],
      series: [
        {
          name: '开放目录',
          type: 'bar',
          barMaxWidth: 22,
          data: top.map((r) => r.openEntries),
          markLine: {
            symbol: 'none',
            label: { position: 'insideEndTop', formatter: `全市平均 ${average.openEntries}` },
            lineStyle: { type: 'dashed' },
            data: [{ yAxis: average.openEntries }],
          },
        },
        { name: '按时更新率', type: 'line', yAxisIndex: 1, data: top.map((r) => r.onTimeRate) },
      ],
    };
  }, [rows, average]);
  const ref = useChart(option);
  return (
    <div ref={ref} style={{ height: 320, marginBottom: 16 }} role="img" aria-label="各部门开放目录数与按时更新率图" />
  );
}
