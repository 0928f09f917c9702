import { z } from 'zod';
import { PageQuery } from '../core/envelope.js';
import type { UpdateStatus } from './table-mount.js';

const yesNo = (label: string) => z.enum(['是', '否'], { error: `${label}须为“是”或“否”` }).optional();

/** `/api/IndexPage/tableAlertList` (更新时间统计): 库表 entries with their last and next update. */
export const TableAlertQuery = PageQuery.extend({
  /** Part of the entry's or its table's name. */
  tableName: z.string().trim().max(100).optional(),
  /** 是: never updated; 否: updated at least once. */
  timeIsNull: yesNo('是否从未更新'),
  /** 是: 更新已超时; 否: not. */
  overTime: yesNo('是否超时'),
  orgCode: z.string().trim().max(64).optional(),
});
export type TableAlertQuery = z.infer<typeof TableAlertQuery>;

export type TableAlertItem = {
  id: string;
  catalogName: string;
  orgCode: string;
  departName: string;
  /** 所属区域: the district or county the department belongs to, else 市本级. */
  region: string;
  dataSourceName: string | null;
  databaseName: string | null;
  tableName: string | null;
  updateFrequency: string;
  /** 是否更新: whether the data was ever updated. */
  isUpdate: boolean;
  dataUpdateTime: string | null;
  /** 预计更新时间 (the spec's oldTime): when the next update is due; null for 不定期 or never updated. */
  nextUpdateTime: string | null;
  updateStatus: UpdateStatus;
};

/** `/api/IndexPage/catalogUpdateBadList` (已发布目录超时统计): published entries counted per department. */
export const UpdateBadQuery = PageQuery.extend({
  departName: z.string().trim().max(100).optional(),
  /** 所属区域, as the answer names it (东湖区, 市本级…). */
  region: z.string().trim().max(100).optional(),
  updateFrequency: z.string().trim().max(4).optional(),
  /** Only departments with at least one 更新已超时 entry. */
  onlyOverdue: z.enum(['1'], { error: '只看超时须为 1' }).optional(),
});
export type UpdateBadQuery = z.infer<typeof UpdateBadQuery>;

export type UpdateBadRow = {
  orgCode: string;
  departName: string;
  region: string;
  /** Published (已上架) entries of the department. */
  total: number;
  updated: number;
  due: number;
  overdue: number;
};

/** `/api/IndexPage/updateBadDetailList`: the entries behind one count of a department's row. */
export const UpdateBadDetailQuery = PageQuery.extend({
  orgCode: z.string().trim().min(1, '请指定部门').max(64),
  updateStatus: z.enum(['1', '2', '3'], { error: '更新状态不正确' }).optional(),
  updateFrequency: z.string().trim().max(4).optional(),
});
export type UpdateBadDetailQuery = z.infer<typeof UpdateBadDetailQuery>;

export type UpdateBadDetail = {
  id: string;
  catalogName: string;
  orgCode: string;
  departName: string;
  region: string;
  updateFrequency: string;
  /** 更新方式: Excel 上报, 库表同步, 文件 or 接口. */
  updateMode: string;
  dataUpdateTime: string | null;
  updateStatus: UpdateStatus;
  totalNum: number;
  /** 超时时间: how long past its due time the entry is (null when not overdue). */
  overdueDays: number | null;
};
