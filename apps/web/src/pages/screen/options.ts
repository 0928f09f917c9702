import type { BigScreenNamed, BigScreenSnapshot } from '@odp/contracts/constants';

/**
 * The big screen's charts as ECharts options built from the snapshot: the screen, the gallery
 * (`/echartsDemo`) and 生产管理 draw the same options, so a figure reads the same everywhere.
 */

export const SCREEN_COLORS = ['#3ba0ff', '#36cfc9', '#fadb14', '#73d13d', '#9e7cff', '#ff9c6e', '#5cdbd3', '#ff7875'];
const TEXT = '#c9dcf5';
const LINE = 'rgba(120, 170, 230, 0.25)';
const AXIS = {
  axisLine: { lineStyle: { color: LINE } },
  axisLabel: { color: TEXT, fontSize: 12 },
  splitLine: { lineStyle: { color: LINE } },
};
const TOOLTIP = { backgroundColor: 'rgba(8, 24, 48, 0.92)', borderColor: '#2f6fb7', textStyle: { color: '#e6f4ff' } };
const LEGEND = { textStyle: { color: TEXT }, top: 0, right: 0, itemWidth: 14, itemHeight: 8 };
const GRID = { left: 8, right: 16, top: 32, bottom: 4, containLabel: true };

/** 滨江市交通运输局 → 交通运输局: the city is the same for every bar. */
const short = (name: string) => name.replace(/^滨江市/, '');
/** 2026-03 → 3月 (the year shows in the tooltip). */
const monthLabel = (m: string) => `${Number(m.slice(5))}月`;

export type ChartKey =
  | 'releaseTrend'
  | 'usageTrend'
  | 'departmentsByOpen'
  | 'departmentsByOnTime'
  | 'domains'
  | 'openTypes'
  | 'districts'
  | 'replyRate';

/** What each chart shows, as the gallery titles it. */
export const CHART_TITLES: Record<ChartKey, string> = {
  releaseTrend: '月度发布与更新趋势（近 12 个月）',
  usageTrend: '月度接口调用与下载趋势（近 12 个月）',
  departmentsByOpen: '部门开放数据排行',
  departmentsByOnTime: '部门数据按时更新率排行',
  domains: '领域分布',
  openTypes: '开放类型分布',
  districts: '区县开放数据分布',
  replyRate: '交流互动回复率',
};

export const CHART_KINDS: Record<ChartKey, string> = {
  releaseTrend: '折线图',
  usageTrend: '柱线组合图',
  departmentsByOpen: '条形图',
  departmentsByOnTime: '条形图',
  domains: '饼图',
  openTypes: '环形图',
  districts: '矩形树图',
  replyRate: '仪表盘',
};

function trend(
  s: BigScreenSnapshot,
  series: { name: string; key: 'releases' | 'updates' | 'calls' | 'downloads'; type: 'line' | 'bar'; axis?: number }[],
) {
  return {
    color: SCREEN_COLORS,
    tooltip: { trigger: 'axis', ...TOOLTIP },
    legend: LEGEND,
    grid: GRID,
    xAxis: { type: 'category', data: s.months.map((m) => monthLabel(m.month)), ...AXIS, splitLine: { show: false } },
    yAxis: series.some((x) => x.axis)
      ? [
          { type: 'value', minInterval: 1, ...AXIS },
          { type: 'value', minInterval: 1, ...AXIS, splitLine: { show: false } },
        ]
      : { type: 'value', minInterval: 1, ...AXIS },
    series: series.map((x) => ({
      name: x.name,
      type: x.type,
      yAxisIndex: x.axis ?? 0,
      smooth: true,
      barMaxWidth: 14,
      areaStyle: x.type === 'line' ? { opacity: 0.12 } : undefined,
      data: s.months.map((m) => m[x.key]),
    })),
  };
}

function ranking(names: string[], values: number[], unit: string, max?: number) {
  // Largest at the top: a category axis runs bottom-up.
  return {
    color: SCREEN_COLORS,
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      ...TOOLTIP,
      valueFormatter: (v: number) => `${v}${unit}`,
    },
    grid: { ...GRID, top: 8, right: 44 },
    xAxis: { type: 'value', max, minInterval: 1, ...AXIS },
    yAxis: {
      type: 'category',
      data: [...names].reverse().map(short),
      ...AXIS,
      axisLabel: { ...AXIS.axisLabel, width: 110, overflow: 'truncate' },
      splitLine: { show: false },
    },
    series: [
      {
        type: 'bar',
        barMaxWidth: 12,
        data: [...values].reverse(),
        label: { show: true, position: 'right', color: TEXT, formatter: `{c}${unit}` },
        itemStyle: { borderRadius: [0, 6, 6, 0] },
      },
    ],
  };
}

function pie(items: BigScreenNamed[], ring: boolean) {
  return {
    color: SCREEN_COLORS,
    tooltip: { trigger: 'item', ...TOOLTIP, formatter: '{b}：{c}（{d}%）' },
    legend: { ...LEGEND, type: 'scroll', orient: 'vertical', right: 0, top: 'middle', pageTextStyle: { color: TEXT } },
    series: [
      {
        type: 'pie',
        radius: ring ? ['45%', '70%'] : ['0%', '70%'],
        center: ['35%', '52%'],
        label: { show: false },
        data: items.map((x) => ({ name: x.name, value: x.value })),
      },
    ],
  };
}

/** The option of one chart from the snapshot. */
export function chartOption(key: ChartKey, s: BigScreenSnapshot) {
  switch (key) {
    case 'releaseTrend':
      return trend(s, [
        { name: '发布', key: 'releases', type: 'line' },
        { name: '更新', key: 'updates', type: 'line' },
      ]);
    case 'usageTrend':
      return trend(s, [
        { name: '接口调用', key: 'calls', type: 'bar' },
        { name: '下载', key: 'downloads', type: 'line', axis: 1 },
      ]);
    case 'departmentsByOpen':
      return ranking(
        s.departmentsByOpen.map((d) => d.name),
        s.departmentsByOpen.map((d) => d.value),
        '个',
      );
    case 'departmentsByOnTime':
      return ranking(
        s.departmentsByOnTime.map((d) => d.name),
        s.departmentsByOnTime.map((d) => d.rate),
        '%',
        100,
      );
    case 'domains':
      return pie(s.domains, false);
    case 'openTypes':
      return pie(s.openTypes, true);
    case 'districts':
      return {
        color: SCREEN_COLORS,
        tooltip: { ...TOOLTIP, formatter: '{b}：{c} 个开放数据集' },
        series: [
          {
            type: 'treemap',
            roam: false,
            nodeClick: false,
            breadcrumb: { show: false },
            width: '100%',
            height: '100%',
            label: { show: true, formatter: '{b}\n{c}', color: '#fff', fontSize: 14 },
            itemStyle: { borderColor: '#0b1a33', borderWidth: 2, gapWidth: 2 },
            levels: [{ colorSaturation: [0.35, 0.6] }],
            // A district without open data still shows, as a small cell.
            data: s.districts.map((d, i) => ({
              name: d.name,
              value: d.value,
              visualValue: Math.max(d.value, 1),
              itemStyle: { color: SCREEN_COLORS[i % SCREEN_COLORS.length] },
            })),
          },
        ],
      };
    case 'replyRate':
      return {
        series: [
          {
            type: 'gauge',
            min: 0,
            max: 100,
            radius: '95%',
            progress: { show: true, width: 12, itemStyle: { color: '#36cfc9' } },
            axisLine: { lineStyle: { width: 12, color: [[1, 'rgba(120,170,230,0.2)']] } },
            axisTick: { show: false },
            splitLine: { show: false },
            axisLabel: { show: false },
            pointer: { show: false },
            title: { show: true, offsetCenter: [0, '35%'], color: TEXT, fontSize: 13 },
            detail: {
              valueAnimation: true,
              offsetCenter: [0, '-5%'],
              formatter: '{value}%',
              color: '#e6f4ff',
              fontSize: 26,
            },
            data: [
              { value: s.interaction.replyRate, name: `已回复 ${s.interaction.replied} / ${s.interaction.received}` },
            ],
          },
        ],
      };
  }
}
