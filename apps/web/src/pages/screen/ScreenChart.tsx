import type { BigScreenSnapshot } from '@odp/contracts/constants';
import { BarChart, GaugeChart, LineChart, PieChart, TreemapChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useChart } from '@/components/charts/useChart';
import { CHART_TITLES, type ChartKey, chartOption } from './options';

// Only the chart types the screen draws, so this chunk stays a fraction of the full library.
echarts.use([
  BarChart,
  GaugeChart,
  LineChart,
  PieChart,
  TreemapChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

/** One chart of the screen, filling its box; the canvas is named for assistive technology. */
export default function ScreenChart({ chart, snapshot }: { chart: ChartKey; snapshot: BigScreenSnapshot }) {
  const option = useMemo(() => chartOption(chart, snapshot), [chart, snapshot]);
  const ref = useChart(option);
  return <div ref={ref} className="screen-chart" role="img" aria-label={CHART_TITLES[chart]} />;
}
