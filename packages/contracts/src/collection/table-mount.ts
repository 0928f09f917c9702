import { z } from 'zod';
import { PageQuery } from '../core/envelope.js';
import { idOf, requiredText } from '../core/fields.js';

/** Permission codes of 数据归集 › 库表更新, checked on every route. */
export const CollectionPerm = {
  tableList: 'tableUpdate:list',
  /** 挂载 / 取消挂载 / 立即同步 of the caller's department's entries (all departments with catalog:review). */
  tableMount: 'tableUpdate:mount',
} as const;

/** full: the whole table is read into a new copy; incremental: rows after the last key read are added. */
export const TABLE_SYNC_MODES = ['full', 'incremental'] as const;
export type TableSyncMode = (typeof TABLE_SYNC_MODES)[number];
export const TABLE_SYNC_MODE_LABEL: Record<TableSyncMode, string> = { full: '全量', incremental: '增量（按主键）' };

/** 更新状态 (dict update_tatus): 1 已更新, 2 待更新, 3 更新已超时. */
export const UPDATE_STATUS = { updated: '1', due: '2', overdue: '3' } as const;
export type UpdateStatus = (typeof UPDATE_STATUS)[keyof typeof UPDATE_STATUS];
export const UPDATE_STATUS_LABEL: Record<UpdateStatus, string> = { '1': '已更新', '2': '待更新', '3': '更新已超时' };

/** 更新频率 (dict update_frequency) as a calendar step; 7 不定期 has none. */
export const UPDATE_STEPS: Readonly<Record<string, { months: number } | { ms: number }>> = {
  '1': { ms: 86_400_000 },
  '2': { ms: 7 * 86_400_000 },
  '3': { months: 1 },
  '4': { months: 3 },
  '5': { months: 6 },
  '6': { months: 12 },
  '8': { ms: 60_000 },
  '9': { ms: 3_600_000 },
};

/**
 * When data updated at `last` is next due under the frequency; null for 不定期 or an unknown code.
 * A month step ends on the month's last day when the day does not exist (Jan 31 → Feb 28), as
 * PostgreSQL adds `interval '1 month'`, so that the list's SQL and this agree.
 */
export function nextUpdateDue(frequency: string, last: Date): Date | null {
  const step = Object.hasOwn(UPDATE_STEPS, frequency) ? UPDATE_STEPS[frequency] : undefined;
  if (!step) return null;
  if ('ms' in step) return new Date(last.getTime() + step.ms);
  const due = new Date(last);
  const day = due.getUTCDate();
  due.setUTCDate(1);
  due.setUTCMonth(due.getUTCMonth() + step.months);
  const lastDay = new Date(Date.UTC(due.getUTCFullYear(), due.getUTCMonth() + 1, 0)).getUTCDate();
  due.setUTCDate(Math.min(day, lastDay));
  return due;
}

/** A day past due an update is 更新已超时 (a minute- or hour-level table: one more period). */
export function updateStatusOf(frequency: string, last: Date | null, now: Date): UpdateStatus {
  if (!last) return UPDATE_STATUS.due;
  const due = nextUpdateDue(frequency, last);
  if (!due || now < due) return UPDATE_STATUS.updated;
  const grace = Math.min(86_400_000, due.getTime() - last.getTime());
  return now.getTime() < due.getTime() + grace ? UPDATE_STATUS.due : UPDATE_STATUS.overdue;
}

const Mode = z.enum(TABLE_SYNC_MODES, { error: '同步方式须为全量或增量' });

/**
 * `/api/cataLog/tableMount`: with a data source and table, mounts (and syncs at once); with the
 * original's `mountType`, '1' cancels the mount and '2' syncs the mounted table again.
 */
export const TableMountInput = z.union([
  z.object({
    catalogId: idOf('目录'),
    dataSourceId: idOf('数据源'),
    tableName: requiredText('数据表名', 200),
    syncMode: Mode.default('full'),
    /** The one-column primary key an incremental sync continues after. */
    keyColumn: z.string().trim().max(200).optional(),
  }),
  z.object({
    catalogId: idOf('目录'),
    mountType: z.enum(['1', '2'], { error: '挂载操作须为 1（取消）或 2（重新挂载）' }),
  }),
]);
export type TableMountInput = z.infer<typeof TableMountInput>;

export const TableUpdatePageQuery = PageQuery.extend({
  catalogName: z.string().trim().max(100).optional(),
  updateStatus: z.enum(['1', '2', '3'], { error: '更新状态不正确' }).optional(),
  updateFrequency: z.string().trim().max(4).optional(),
});
export type TableUpdatePageQuery = z.infer<typeof TableUpdatePageQuery>;

/** A row of 库表更新. */
export type TableUpdateItem = {
  id: string;
  catalogName: string;
  updateFrequency: string;
  sourceSystem: string | null;
  totalNum: number;
  orgCode: string;
  departName: string;
  dataSourceId: string | null;
  dataSourceName: string | null;
  databaseName: string | null;
  tableName: string | null;
  syncMode: TableSyncMode | null;
  /** The key column an incremental sync continues after. */
  keyColumn: string | null;
  dataFormat: string | null;
  dataUpdateTime: string | null;
  updateStatus: UpdateStatus;
  /** Mounted on a data source of the platform (else only named, as the demo's catalogue does). */
  mounted: boolean;
};

export const TableSyncLogQuery = PageQuery.extend({ catalogId: idOf('目录') });
export type TableSyncLogQuery = z.infer<typeof TableSyncLogQuery>;

/** One sync of a mounted table (更新记录). */
export type TableSyncLogItem = {
  id: string;
  startTime: string;
  endTime: string | null;
  mode: string;
  /** running, ok or failed */
  outcome: string;
  importNum: number;
  message: string | null;
  operator: string;
  departName: string | null;
};

export type TableSyncResult = { catalogId: string; rows: number; totalNum: number; mode: TableSyncMode };

/** The 信息项 a source column becomes when an entry reads its items from a table. */
export type ItemOfColumn = {
  name: string;
  enName: string;
  dataType: 'C' | 'N' | 'D' | 'DT' | 'B' | 'BY';
  dataLength: number | null;
  primaryKey: boolean;
  nullValue: boolean;
};

/**
 * Maps a column as PostgreSQL (`format_type`) or MySQL (`column_type`) prints its type to the
 * catalogue's data types; the Chinese name is the column's comment when it has one.
 */
export function itemOfColumn(column: {
  name: string;
  type: string;
  comment: string | null;
  nullable: boolean;
  primaryKey: boolean;
}): ItemOfColumn {
  const type = column.type.toLowerCase();
  const length = /\((\d+)/.exec(type);
  const dataType: ItemOfColumn['dataType'] = /^(tinyint\(1\)|bool)/.test(type)
    ? 'B'
    : /^(timestamp|datetime)/.test(type)
      ? 'DT'
      : /^date\b/.test(type)
        ? 'D'
        : /^(small|big|medium|tiny)?int|^integer|^numeric|^decimal|^real|^double|^float|^serial|^bigserial/.test(type)
          ? 'N'
          : /^(bytea|blob|longblob|mediumblob|tinyblob|binary|varbinary)/.test(type)
            ? 'BY'
            : 'C';
  const comment = column.comment?.trim();
  return {
    name: (comment || column.name).slice(0, 100),
    enName: column.name,
    dataType,
    dataLength: (dataType === 'C' || dataType === 'N') && length ? Number(length[1]) : null,
    primaryKey: column.primaryKey,
    nullValue: column.nullable,
  };
}
