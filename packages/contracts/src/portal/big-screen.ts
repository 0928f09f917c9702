/**
 * 大屏 (`/bigScreen`), its chart gallery (`/echartsDemo`) and 生产管理 (`/BusinessManage`): one public
 * answer (`GET /api/bigScreen/snapshot`) read from the snapshot the `bigScreenRefresh` job keeps, so a
 * wall of viewers never makes the server count anything.
 */

export const BIG_SCREEN_PATH = '/api/bigScreen/snapshot';

/** How many months the trends show (the current one last), in the city's time (UTC+8). */
export const BIG_SCREEN_MONTHS = 12;

/** How often the page asks again besides the live feed. */
export const BIG_SCREEN_REFRESH_MS = 60_000;

/** Push topic of the public live feed (`platform/push`'s public socket). */
export const BIG_SCREEN_FEED_TOPIC = 'bigScreen.feed';

export type BigScreenCounters = {
  /** 数据目录: catalogued entries (审核通过, not deleted). */
  catalogues: number;
  /** 开放数据集: public entries (on shelf, open unconditionally or on conditions). */
  openDatasets: number;
  /** 数据量: rows of public entries. */
  rows: number;
  /** 开放接口: public entries served as an API. */
  apis: number;
  /** 可下载文件: data files and documents of public entries. */
  files: number;
  /** 数源部门: departments and districts providing data (the portal home's 部门). */
  departments: number;
  /** 应用成果: published results. */
  achievements: number;
  /** 注册用户: live accounts holding the registered role. */
  users: number;
  /** 接口调用: successful open-API data calls of public entries, all time. */
  calls: number;
  /** 下载量: downloads of public entries. */
  downloads: number;
};

export type BigScreenMonth = { month: string; releases: number; updates: number; calls: number; downloads: number };
export type BigScreenNamed = { key: string; name: string; value: number };
export type BigScreenDepartmentRate = { key: string; name: string; published: number; onTime: number; rate: number };
export type BigScreenHot = { id: string; name: string; departName: string; value: number };

/** One line of 实时动态: an entry put on the shelf, or an open or share application submitted. */
export type BigScreenFeedKind = 'release' | 'openApply' | 'shareApply';
export type BigScreenFeedItem = { kind: BigScreenFeedKind; title: string; departName: string; at: string };

export const BIG_SCREEN_FEED_LABEL: Record<BigScreenFeedKind, string> = {
  release: '上架',
  openApply: '开放申请',
  shareApply: '共享申请',
};

/** 生产管理: work in progress of one department. */
export type BusinessRow = {
  orgCode: string;
  departName: string;
  /** 编目状态: 0 草稿, 1 待审核, 2 审核通过, 3 审核不通过 (deleted entries aside). */
  catalog: { draft: number; pending: number; approved: number; rejected: number };
  /** 上架状态 of approved entries: 未上架, 上架审核中, 已上架, 下架审核中, 已下架. */
  shelf: { none: number; upPending: number; on: number; offPending: number; off: number };
  /** 归集: published entries by 更新状态 (待更新 and 更新已超时 are the pending collection). */
  collection: { updated: number; due: number; overdue: number };
  /** 共享: applications for the department's data awaiting a decision, and in use. */
  share: { pending: number; inUse: number };
  /** Open review tasks owed by the department, and those past their deadline. */
  tasks: { open: number; overdue: number };
};

export type BigScreenSnapshot = {
  /** When the aggregates were computed (ISO), and how long that took. */
  refreshedAt: string;
  tookMs: number;
  counters: BigScreenCounters;
  months: BigScreenMonth[];
  departmentsByOpen: BigScreenNamed[];
  departmentsByOnTime: BigScreenDepartmentRate[];
  /** 领域 (key area) of public entries. */
  domains: BigScreenNamed[];
  /** 开放类型 of public entries: 无条件开放, 有条件开放. */
  openTypes: BigScreenNamed[];
  /** Public entries per district (区县) and 市本级. */
  districts: BigScreenNamed[];
  hotDatasets: BigScreenHot[];
  hotApis: BigScreenHot[];
  feed: BigScreenFeedItem[];
  interaction: { received: number; replied: number; replyRate: number; onTimeRate: number };
  business: BusinessRow[];
};
