import type { z } from 'zod';
import { PageQuery } from './core/envelope.js';
import { trimmedText } from './core/fields.js';

/**
 * The back-office home page (spec /pageHome/PageHome): figures read from the catalogue, share
 * applications, grants, the open API's call log, workflow tasks and messages. Every figure is of the
 * caller's department; holders of the domain's all-departments permission (catalog:review for the
 * catalogue, share:bureauReview for sharing) see the whole city.
 */

/** Months the two charts cover, ending with the current month of the city (UTC+8). */
export const HOME_TREND_MONTHS = 12;

/**
 * `getMyProvideService` (my department is the data's department) and `getMyUseService` (my department
 * applied): share applications by state.
 */
export type HomeShareServices = {
  /** 共享申请中: submitted, waiting for the data's department or the bureau. */
  sharingApproval: number;
  /** 正在使用中: granted and in use. */
  using: number;
  /** 已停止的服务: released (by hand, at the period's end, or because the entry was withdrawn). */
  historySharing: number;
};

/** `getDataApply`: what the department's data gave through sharing (the city's for the bureau). */
export type HomeShareFigures = {
  /** 已共享数据目录: distinct entries with a share grant live now (not revoked, within its period). */
  sharedDataDirectory: number;
  /** 已共享批量数据: those of them that are 库表 or 文件 entries. */
  sharedBatchData: number;
  /** 已共享服务接口: those of them that are 接口 entries. */
  sharedServiceInterface: number;
  /** 共享数据量: rows held for the shared 库表/文件 entries (their 数据量). */
  sharedDataVolume: number;
  /** 接口调用量: data calls (rows and services) made with share applications' keys on the entries they were granted. */
  interfaceAmount: number;
  /** 接口调用成功率: the percentage of those calls answered below 400, one decimal; null when there were none. */
  interfaceSuccessRate: number | null;
};

/** `getToDo`: the signed-in user's work orders and messages so far. */
export type HomeToDo = {
  /** 已发起: work orders the user submitted (reviews of catalogue entries, share and open applications). */
  allWorkTotal: number;
  /** 已处理: work orders of the user's inbox the user decided. */
  handleTotal: number;
  /** 已读: read messages of the message centre (announcements and business messages). */
  readTotal: number;
};

/** `getWorkOrder`: what waits for the signed-in user. */
export type HomeWorkOrder = {
  /**
   * 待处理: open work orders of the user's 工单 inbox: the department's share and open-application reviews,
   * the bureau's, and the catalogue's reviews for its reviewers.
   */
  workTotal: number;
  /** 未读: unread messages of the message centre. */
  totalMessages: number;
};

/** `getDataCataloging`: published (on shelf) entries. */
export type HomeCataloging = {
  catalogTotal: number;
  /** 库表 entries. */
  tableTotal: number;
  /** 接口 entries. */
  interfaceTotal: number;
};

/** `getDataCollection`: how much of the catalogue (deleted entries aside) holds collected data. */
export type HomeCollection = {
  /** 已归集目录: entries holding data in the datastore (live data files, Excel 数据上报, a synced table copy). */
  uploadTotal: number;
  /** 目录总数: every entry, drafts included. */
  wholeTotal: number;
  /** 归集数据量: rows held for them (their 数据量). */
  collection: number;
};

/** `getDataService` (bar chart 数据服务): entries on shelf by the month they were first published. */
export type HomeDataService = {
  /** `YYYY-MM`, oldest first. */
  yearMonthList: string[];
  /** 接口 entries. */
  apiServiceNumList: number[];
  /** 库表 entries. */
  tableServiceNumList: number[];
  /** Every entry. */
  dataDirectoryNumList: number[];
};

/** `getDataStatistics` (line chart 数据统计): sharing of the department's data per month. */
export type HomeDataStatistics = {
  yearMonthList: string[];
  /** 接口调用量: data calls made with share applications' keys. */
  apiTotalNumList: number[];
  /** 共享数据量: rows delivered to applying departments: rows of their successful data calls and of their exchange runs. */
  tableTotalNumList: number[];
};

/** `myDataPage`: the department's entries on shelf, newest first. */
export const MyDataPageQuery = PageQuery.extend({ catalogName: trimmedText(100) });
export type MyDataPageQuery = z.infer<typeof MyDataPageQuery>;

export type MyDataItem = {
  id: string;
  /** 数据目录 */
  catalogName: string;
  /** 数源应用系统 */
  sourceSystem: string | null;
  /** 数源部门 */
  departName: string | null;
  /** 上架时间 (first published) */
  releaseTime: string | null;
};
