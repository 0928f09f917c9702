import type { ECharts, EChartsCoreOption } from 'echarts/core';
import * as echarts from 'echarts/core';
import { useEffect, useRef } from 'react';

/**
 * An ECharts chart in the returned box, following the box's size (the window, a phone turned, the
 * side menu folded, a chart whose height grows with its rows) and redrawn when `option` changes.
 * The caller's module registers the chart types it uses (`echarts.use`), so each page's chunk carries
 * only those.
 */
export function useChart(option: EChartsCoreOption) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  useEffect(() => {
    if (!ref.current) return;
    const instance = echarts.init(ref.current, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(ref.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);
  return ref;
}
