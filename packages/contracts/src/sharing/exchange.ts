import { z } from 'zod';
import { UPDATE_STEPS } from '../collection/table-mount.js';
import { PageQuery } from '../core/envelope.js';
import { idOf, requiredText } from '../core/fields.js';

/**
 * 交换资源 (next-capabilities §12, 使用数据 › 交换资源 and 使用记录): the applying department of a share
 * application in use copies the granted columns of the entry's table into a database of its own,
 * once or repeatedly, with a primary-key conflict policy.
 */
export const ExchangePerm = {
  /** 交换资源: the granted source columns, a destination table's columns, 提交 (create a task). */
  add: 'exchange:add',
  /** 立即执行 and 停止 of the department's tasks. */
  run: 'exchange:run',
  /** 使用记录 of an application's tasks. */
  record: 'exchange:record',
} as const;

/**
 * The data-source types an exchange may write into (目的库): the MySQL and PostgreSQL protocols'
 * own servers. Others, KingbaseES and the built-in demo source included, are answered 暂不支持.
 */
export const EXCHANGE_TARGET_TYPES: readonly string[] = ['mysql', 'mariadb', 'postgresql'];

/** 传输模式 conveyType: '1' 一次性 (runs when created), '2' 重复性 (the scheduler runs it by repeatType). */
export const CONVEY_TYPE = { once: '1', repeat: '2' } as const;
export type ConveyType = (typeof CONVEY_TYPE)[keyof typeof CONVEY_TYPE];
export const CONVEY_TYPE_LABEL: Record<ConveyType, string> = { '1': '一次性', '2': '重复性' };

/** 自动创建目标表 isAutoCreateDest: '1' 是 (a new table of the mapped columns), '2' 否 (an existing table). */
export const AUTO_CREATE_DEST = { yes: '1', no: '2' } as const;

/** exchange_task.state: '1' 启用, '0' 已停止 (by hand, or because the application was released). */
export const EXCHANGE_TASK_STATE = { active: '1', stopped: '0' } as const;
export const EXCHANGE_TASK_STATE_LABEL: Record<string, string> = { '1': '启用', '0': '已停止' };

/** exchange_run.outcome. */
export const EXCHANGE_OUTCOME = { ok: '1', failed: '0', running: '2' } as const;
export const EXCHANGE_OUTCOME_LABEL: Record<string, string> = { '1': '成功', '0': '失败', '2': '进行中' };

/** Where the scheduler's runs say they came from (操作人 of a run without an operator). */
export const EXCHANGE_SCHEDULER = '定时任务';

export const ExchangeMessages = {
  noMapping: '您还没选择字段映射关系',
  applyMissing: '共享申请不存在',
  notOwnApply: '只能使用本部门的共享申请',
  notInUse: '该共享申请不在使用中，不能交换数据',
  taskMissing: '交换任务不存在',
  notOwnTask: '只能操作本部门的交换任务',
  taskStopped: '该交换任务已停止',
  running: '该交换任务正在执行，请稍后再试',
  noData: '该目录还没有可交换的数据',
  notGranted: (name: string) => `字段“${name}”不在授权范围内，不能交换`,
  targetTwice: (name: string) => `目的表字段“${name}”被映射了多次`,
  targetMissing: (name: string) => `目的表中没有字段“${name}”`,
  targetName: (name: string) => `目的表字段名“${name}”不合法：只能包含字母、数字、下划线和汉字，且不能以数字开头`,
  tableExists: (name: string) => `目标表已存在：${name}，请选择“否”并映射已有表的字段`,
  tableMissing: (name: string) => `目标表不存在：${name}`,
  released: '共享申请已不在使用中，交换任务已停止',
  repeatMissing: '请选择重复性交换的频率',
} as const;

/** A plain table name: letters, digits and underscores, not starting with a digit, at most 63 characters. */
export const EXCHANGE_TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
/** A column the exchange creates: letters, digits, underscores and Chinese characters, not starting with a digit. */
export const EXCHANGE_COLUMN_NAME = /^[A-Za-z_\u4e00-\u9fa5][A-Za-z0-9_\u4e00-\u9fa5]{0,62}$/u;

/** 更新频率 codes a repeating task may take: those with a calendar step (not 7 不定期). */
export const EXCHANGE_REPEAT_TYPES = Object.keys(UPDATE_STEPS);

const TableName = requiredText('目的表名', 63, { missing: true }).regex(
  EXCHANGE_TABLE_NAME,
  '目的表名只能包含字母、数字和下划线，且不能以数字开头',
);

export const ExchangeApplyQuery = z.object({ applyId: idOf('申请') });
export type ExchangeApplyQuery = z.infer<typeof ExchangeApplyQuery>;

/** `/api/shareData/getDestTableFields`: a table of one of the caller's department's data sources. */
export const ExchangeDestFieldsInput = z.object({
  sourceId: idOf('数据源'),
  tableName: requiredText('表名', 200, { missing: true }),
});
export type ExchangeDestFieldsInput = z.infer<typeof ExchangeDestFieldsInput>;

export const FieldMappingInput = z.object({
  source: requiredText('源头表字段', 100, { missing: true }),
  target: requiredText('目的表字段', 100, { missing: true }),
});
export type FieldMappingInput = z.infer<typeof FieldMappingInput>;

/**
 * `/api/exchange/task/add`. The original also sends its library names and lists (srcStorageId,
 * destLibraryName…); they name nothing the server needs and are ignored.
 */
export const ExchangeTaskInput = z
  .object({
    applyId: idOf('申请'),
    destStorageId: idOf('目的库'),
    destTableName: TableName,
    isAutoCreateDest: z.enum(['1', '2'], { error: '请选择是否自动创建目标表' }),
    fieldMappings: z
      .array(FieldMappingInput, { error: ExchangeMessages.noMapping })
      .min(1, ExchangeMessages.noMapping)
      .max(500, '字段映射过多'),
    conveyType: z.enum(['1', '2'], { error: '请选择传输模式' }),
    repeatType: z.string().trim().max(2).nullable().optional(),
    importRuleType: z.enum(['1', '2', '3'], { error: '请选择导入规则' }),
  })
  .superRefine((v, ctx) => {
    if (v.conveyType === CONVEY_TYPE.repeat && !(v.repeatType && EXCHANGE_REPEAT_TYPES.includes(v.repeatType))) {
      ctx.addIssue({ code: 'custom', path: ['repeatType'], message: ExchangeMessages.repeatMissing });
    }
    const seen = new Set<string>();
    for (const [i, m] of v.fieldMappings.entries()) {
      if (seen.has(m.target)) {
        ctx.addIssue({
          code: 'custom',
          path: ['fieldMappings', i, 'target'],
          message: ExchangeMessages.targetTwice(m.target),
        });
      }
      seen.add(m.target);
    }
  });
export type ExchangeTaskInput = z.infer<typeof ExchangeTaskInput>;

export const ExchangeTaskIdInput = z.object({ taskId: idOf('交换任务') });
export type ExchangeTaskIdInput = z.infer<typeof ExchangeTaskIdInput>;

/** `/api/config/getList`: 使用记录 of an application's tasks, newest first. */
export const ExchangeRecordQuery = PageQuery.extend({ applyId: idOf('申请') });
export type ExchangeRecordQuery = z.infer<typeof ExchangeRecordQuery>;

/** A granted column of the application's entry (源头表): only granted items are ever listed. */
export type ExchangeSourceField = {
  /** What a mapping names as its source: the item's English name when it is a plain identifier, else its name. */
  name: string;
  /** 中文名称: the data item's name. */
  chineseName: string;
  /** The datastore type of the column (text, numeric, date, timestamp, boolean). */
  type: string;
  primaryKey: boolean;
  /** Copied masked (the grant does not lift masking of this item). */
  masked: boolean;
};

/** A column of a destination table, as the database lists it. */
export type ExchangeDestField = { name: string; type: string; comment: string | null; primaryKey: boolean };

export type ExchangeTaskItem = {
  id: string;
  applyId: string;
  destStorageId: string;
  destStorageName: string | null;
  destLibraryName: string | null;
  destTableName: string;
  isAutoCreateDest: '1' | '2';
  fieldMappings: { source: string; target: string }[];
  conveyType: string;
  conveyTypeLabel: string;
  repeatType: string | null;
  importRuleType: string;
  importRuleTypeLabel: string;
  state: string;
  stateLabel: string;
  lastRunAt: string | null;
  createTime: string;
};

/** One run, as `task/run` (and `task/add` of a one-off task) answers it. */
export type ExchangeRunResult = {
  runId: string;
  taskId: string;
  /** '1' 成功, '0' 失败 */
  outcome: string;
  rows: number;
  message: string | null;
};

export type ExchangeTaskAdded = { task: ExchangeTaskItem; run: ExchangeRunResult | null };

/** A 使用记录 row (the drawer's timeline). */
export type ExchangeRecordItem = {
  id: string;
  taskId: string;
  /** The task's state now, so the drawer can offer 立即执行 or say it stopped. */
  taskState: string;
  startTime: string;
  endTime: string | null;
  /** 库名: the destination data source's database. */
  targetDb: string | null;
  /** The destination data source's name. */
  targetSource: string | null;
  targetTable: string;
  conveyType: string;
  conveyTypeLabel: string;
  repeatType: string | null;
  importRuleType: string;
  importRuleTypeLabel: string;
  rows: number;
  outcome: string;
  outcomeLabel: string;
  message: string | null;
  /** 操作人: the officer who ran it, or 定时任务. */
  operator: string;
  /** 操作部门: the department the task belongs to. */
  departName: string | null;
};
