import { localDate } from '../core/calendar.js';

/**
 * 统计分析 (issue 14 §2): the platform's measures per department and period, in the back office
 * (`/api/statistic/*`), on its home (`/api/backgroundhome/statistics`) and, as city totals, on the public
 * 开放统计 page (`/api/openstat/overview`). Periods are calendar months, quarters or years of the city (UTC+8).
 */

export const StatisticPerm = {
  /** The 统计分析 page and the home's 统计 widgets: one's own department, or every one with catalog:review. */
  view: 'statistic:view',
  /** 导出 the table as .xlsx. */
  export: 'statistic:export',
} as const;

export const STATISTIC_PATH = '/statistic/analysis';

export const STAT_PERIOD_TYPES = ['month', 'quarter', 'year'] as const;
export type StatPeriodType = (typeof STAT_PERIOD_TYPES)[number];
export const STAT_PERIOD_TYPE_LABEL: Record<StatPeriodType, string> = { month: '月度', quarter: '季度', year: '年度' };

export const PERIOD_PATTERN: Record<StatPeriodType, RegExp> = {
  month: /^(\d{4})-(0[1-9]|1[0-2])$/,
  quarter: /^(\d{4})-Q([1-4])$/,
  year: /^(\d{4})$/,
};
export const PERIOD_EXAMPLE: Record<StatPeriodType, string> = { month: '2026-03', quarter: '2026-Q1', year: '2026' };

/** The period containing the city's date of `now`, written as the query writes it. */
export function currentPeriod(type: StatPeriodType, now = new Date()): string {
  const [y, m] = localDate(now).split('-');
  if (type === 'year') return y;
  if (type === 'quarter') return `${y}-Q${Math.ceil(Number(m) / 3)}`;
  return `${y}-${m}`;
}

/** First and last-plus-one city dates (YYYY-MM-DD) of a period, and its Chinese label. */
export function periodBounds(type: StatPeriodType, period: string): { from: string; to: string; label: string } {
  const match = PERIOD_PATTERN[type].exec(period);
  if (!match) throw new Error(`bad period ${period}`);
  const year = Number(match[1]);
  const [startMonth, months] =
    type === 'year' ? [1, 12] : type === 'quarter' ? [(Number(match[2]) - 1) * 3 + 1, 3] : [Number(match[2]), 1];
  const date = (y: number, m: number) => new Date(Date.UTC(y, m - 1, 1)).toISOString().slice(0, 10);
  const label =
    type === 'year'
      ? `${year}年`
      : type === 'quarter'
        ? `${year}年第${match[2]}季度`
        : `${year}年${Number(match[2])}月`;
  return { from: date(year, startMonth), to: date(year, startMonth + months), label };
}

/**
 * One department's measures. 当前 (stock) figures are as of now, whatever the period; 本期 figures count
 * what happened in the period. Public entries are those on shelf and open (无条件/有条件开放).
 */
export type DeptMeasures = {
  orgCode: string;
  departName: string;
  /** 当前: catalogued entries (审核通过, not deleted). */
  entries: number;
  /** 当前: public entries. */
  openEntries: number;
  /** 当前: data items (信息项) of public entries. */
  items: number;
  /** 当前: public 接口 entries. */
  apis: number;
  /** 当前: live files (data files and documents) of public entries. */
  files: number;
  /** 当前: of those, data files (CSV, XLSX, JSON): machine-readable. */
  machineFiles: number;
  /** 当前: of those, CSV and JSON files: open, non-proprietary formats. */
  openFormatFiles: number;
  /** 当前: rows held for public entries. */
  rows: number;
  /** 当前: 有效数据集: public entries that hold rows or serve an interface. */
  validEntries: number;
  /** 当前: 数据容量: Σ rows × data items over public entries. */
  capacity: number;
  /** 当前: published entries (on shelf) whose update is not overdue (更新状态 ≠ 更新已超时). */
  onTimeEntries: number;
  /** 当前: published entries (on shelf). */
  publishedEntries: number;
  /** 本期: public entries first released in the period. */
  released: number;
  /** 本期: data updates: data files uploaded and table syncs that succeeded. */
  updates: number;
  /** 本期: downloads of the department's entries. */
  downloads: number;
  /** 本期: successful open-API data calls on its entries. */
  calls: number;
  /** 本期: detail views of its entries. */
  views: number;
  /** 本期: interaction tickets submitted, of the replying (else routed) department. */
  received: number;
  /** 本期: of those, replied. */
  replied: number;
  /** 本期: of those, replied within the deadline. */
  repliedOnTime: number;
  /** 本期: 应用成果 published in the period that use its entries. */
  results: number;
};

/** Rates (percent, one decimal; null when there is nothing to divide by) derived from the counts. */
export type MeasureRates = {
  machineReadableRate: number | null;
  openFormatRate: number | null;
  onTimeRate: number | null;
  replyRate: number | null;
  onTimeReplyRate: number | null;
};

export type DeptMeasureRow = DeptMeasures & MeasureRates;

export const percent = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;

export function withRates<T extends Omit<DeptMeasures, 'orgCode' | 'departName'>>(m: T): T & MeasureRates {
  return {
    ...m,
    machineReadableRate: percent(m.machineFiles, m.files),
    openFormatRate: percent(m.openFormatFiles, m.files),
    onTimeRate: percent(m.onTimeEntries, m.publishedEntries),
    replyRate: percent(m.replied, m.received),
    onTimeReplyRate: percent(m.repliedOnTime, m.replied),
  };
}

export type MeasureKey = Exclude<keyof DeptMeasureRow, 'orgCode' | 'departName'>;

/** The table's and the export's columns, in order: key, header, unit, 当前 or 本期. */
export const MEASURE_COLUMNS: { key: MeasureKey; title: string; unit: string; scope: 'now' | 'period' }[] = [
  { key: 'entries', title: '编目总数', unit: '个', scope: 'now' },
  { key: 'openEntries', title: '开放目录', unit: '个', scope: 'now' },
  { key: 'validEntries', title: '有效数据集', unit: '个', scope: 'now' },
  { key: 'items', title: '数据项', unit: '个', scope: 'now' },
  { key: 'apis', title: '接口', unit: '个', scope: 'now' },
  { key: 'files', title: '可下载文件', unit: '个', scope: 'now' },
  { key: 'rows', title: '数据量', unit: '条', scope: 'now' },
  { key: 'capacity', title: '数据容量', unit: '', scope: 'now' },
  { key: 'machineReadableRate', title: '机器可读比例', unit: '%', scope: 'now' },
  { key: 'openFormatRate', title: '开放格式比例', unit: '%', scope: 'now' },
  { key: 'onTimeRate', title: '按时更新率', unit: '%', scope: 'now' },
  { key: 'released', title: '新开放', unit: '个', scope: 'period' },
  { key: 'updates', title: '数据更新', unit: '次', scope: 'period' },
  { key: 'downloads', title: '下载量', unit: '次', scope: 'period' },
  { key: 'calls', title: '接口调用', unit: '次', scope: 'period' },
  { key: 'views', title: '浏览量', unit: '次', scope: 'period' },
  { key: 'received', title: '互动受理', unit: '件', scope: 'period' },
  { key: 'replyRate', title: '回复率', unit: '%', scope: 'period' },
  { key: 'onTimeReplyRate', title: '按时回复率', unit: '%', scope: 'period' },
  { key: 'results', title: '应用成果', unit: '个', scope: 'period' },
];

/** `/api/statistic/departments`: the period, one row per department in the caller's scope, and the city. */
export type StatisticTable = {
  periodType: StatPeriodType;
  period: string;
  label: string;
  /** Whether the caller sees every department (else only their own row). */
  allDepartments: boolean;
  rows: DeptMeasureRow[];
  /** Sums over every department of the city (rates from the sums), whatever the caller's scope. */
  city: Omit<DeptMeasureRow, 'orgCode' | 'departName'>;
  /** The city's sums divided by the departments that have catalogued entries (one decimal). */
  average: Omit<DeptMeasureRow, 'orgCode' | 'departName'>;
  departments: number;
};

/** `/api/backgroundhome/statistics`: the 统计 widgets of the back-office home, this month. */
export type HomeStatistics = {
  label: string;
  /** The bureau (all departments) or one department. */
  scope: 'city' | 'department';
  /** The department's row (null for the bureau). */
  own: DeptMeasureRow | null;
  city: StatisticTable['city'];
  average: StatisticTable['average'];
  /** Departments by open entries, then on-time rate (the bureau: top 10). */
  ranking: {
    orgCode: string;
    departName: string;
    openEntries: number;
    onTimeRate: number | null;
    replyRate: number | null;
  }[];
};

/** A count by label: a term, a score, a type. */
export type LabelledCount = { key: string; label: string; count: number };

/** Months the public page's histories cover, ending with the current month of the city. */
export const OVERVIEW_MONTHS = 12;
/** Days the 关注热度 word cloud looks back, and how many terms it shows. */
export const SEARCH_TERM_DAYS = 90;
export const SEARCH_TERM_LIMIT = 60;

/** `/api/openstat/overview`: every panel of the public 开放统计 page that the catalogue table does not give. */
export type OpenOverview = {
  /** 数据资源总览. */
  counters: {
    /** 开放目录总量: public entries. */
    openEntries: number;
    /** 开放数据总量: rows of public entries. */
    rows: number;
    /** 数据项总量. */
    items: number;
    /** 接口总量. */
    apis: number;
    /** 可下载文件数. */
    files: number;
    /** 应用成果总量: published results. */
    results: number;
    /** 市级部门 / 区: providers with public entries, municipal departments and districts. */
    departments: number;
    districts: number;
    /** 平台访问量: detail views of the catalogue's entries, all time. */
    visits: number;
  };
  months: string[];
  /** Per month: detail views (平台访问历史), data updates, downloads, successful open-API calls. */
  visits: number[];
  updates: number[];
  downloads: number[];
  calls: number[];
  /** 注册类型分析: self-registered accounts by type. */
  registrations: { personal: number; enterprise: number };
  /** 数据评分统计: ratings of public entries by score 1–5. */
  ratings: LabelledCount[];
  /** 关注热度词云: search terms of the last SEARCH_TERM_DAYS days, most searched first. */
  searchTerms: { term: string; count: number }[];
  /** The Fudan-style self-assessment, city-wide (interaction figures: all time). */
  assessment: Omit<DeptMeasureRow, 'orgCode' | 'departName'> & { resultsByType: LabelledCount[] };
  /** When these figures were computed (they are kept for a few minutes). */
  generatedAt: string;
};
