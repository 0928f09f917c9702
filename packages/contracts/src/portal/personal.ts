import { z } from 'zod';
import { PageQuery } from '../core/envelope.js';
import { uuidOf } from '../core/fields.js';

/**
 * The personal centre's own records of a signed-in user (`/api/userManage/*`): what they collected,
 * rated, opened, downloaded, applied for and submitted. Every list is the caller's only.
 */
export const PersonalPageQuery = PageQuery;
export type PersonalPageQuery = z.infer<typeof PersonalPageQuery>;

export const PersonalCatalogueInput = z.object({ catalogId: uuidOf('目录 ID') });
export type PersonalCatalogueInput = z.infer<typeof PersonalCatalogueInput>;

/** An entry as the personal centre's lists show it; `available` is false once it left the portal. */
type EntryColumns = {
  catalogId: string;
  catalogName: string;
  departName: string;
  keyAreasType: string;
  dataFormat: string;
  available: boolean;
};

/** 我的收藏 */
export type MyCollection = EntryColumns & {
  informationSummary: string;
  dataUpdateTime: string | null;
  collectedAt: string;
};

/** 我的评价 */
export type MyEvaluation = EntryColumns & { score: number; comment: string | null; updatedAt: string };

/** 浏览记录 */
export type ViewRecord = EntryColumns & { viewCount: number; firstViewedAt: string; lastViewedAt: string };

/** 下载记录 */
export type DownloadRecord = EntryColumns & { format: string; downloadedAt: string };

/** 申请记录: the user's open-data applications, newest first. */
export type ApplyRecord = EntryColumns & {
  applyId: string;
  applyNo: string;
  status: string;
  statusLabel: string;
  appliedAt: string;
  decidedAt: string | null;
};

/** 提交记录: every review the user started, whatever the record (application, result, ticket…). */
export type SubmitRecord = {
  taskId: string;
  subjectType: string;
  subjectLabel: string;
  taskLabel: string;
  title: string;
  /** 1 待处理, 2 已处理 */
  status: number;
  decision: string | null;
  comment: string | null;
  submittedAt: string;
  decidedAt: string | null;
};
