import {
  AUTO_CREATE_DEST,
  CONFLICT_POLICY_LABEL,
  CONVEY_TYPE,
  CONVEY_TYPE_LABEL,
  type ConflictPolicy,
  type ConveyType,
  EXCHANGE_OUTCOME,
  EXCHANGE_OUTCOME_LABEL,
  EXCHANGE_SCHEDULER,
  EXCHANGE_TASK_STATE,
  EXCHANGE_TASK_STATE_LABEL,
  type ExchangeDestField,
  type ExchangeDestFieldsInput,
  ExchangeMessages,
  type ExchangeRecordItem,
  type ExchangeRecordQuery,
  type ExchangeRunResult,
  type ExchangeSourceField,
  type ExchangeTaskAdded,
  type ExchangeTaskInput,
  type ExchangeTaskItem,
  type Page,
} from '@odp/contracts';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { exchangeTasks } from '../../db/schema/index.js';
import { logOperation } from '../../platform/audit/log.js';
import type { Actor } from '../../platform/auth/actor.js';
import { NO_DEPART_MESSAGE } from '../../platform/auth/scope.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import { paginate } from '../../platform/resource/paging.js';
import type { WritePolicy } from '../resources/datasource/connectors/index.js';
import { checkColumnName } from '../resources/datasource/connectors/write.js';
import { dataSourceService } from '../resources/datasource/service.js';
import { copiedBatches, type GrantedSource, grantedSource, inUse, mappedColumns } from './granted.js';
import {
  type ApplyRow,
  findApply,
  findTask,
  finishRun,
  recordCount,
  recordRows,
  startRun,
  stopTask,
  type TaskRow,
  type TaskView,
  taskViews,
} from './repository.js';

/** The dictionary primary_key_conflict_policy as the connectors' policies. */
const POLICY: Record<string, WritePolicy> = { '1': 'replace', '2': 'skip', '3': 'refuse' };

/** A run still marked 进行中 after this long was cut off (the process ended): it no longer blocks another. */
const RUN_CUT_OFF_MS = 2 * 3_600_000;

/** Who runs a task: an officer, or the scheduler (no operator). */
export type RunBy = { actor: Actor } | { job: string };

function messageOf(e: unknown): string {
  if (e instanceof AppError) return e.message.slice(0, 1000);
  const name = (e as { name?: string } | null)?.name;
  if (name === 'AbortError' || name === 'TimeoutError') return '交换被中止（超时或服务停止），本次写入已全部撤销';
  return '交换失败：读取数据或写入目标库时出错，请稍后重试';
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

function presentTask(v: TaskView): ExchangeTaskItem {
  const t = v.task;
  return {
    id: t.id,
    applyId: t.shareApplyId,
    destStorageId: t.targetSourceId,
    destStorageName: v.sourceName,
    destLibraryName: v.databaseName,
    destTableName: t.targetTable,
    isAutoCreateDest: t.autoCreate ? AUTO_CREATE_DEST.yes : AUTO_CREATE_DEST.no,
    fieldMappings: t.fieldMappings,
    conveyType: t.conveyType,
    conveyTypeLabel: CONVEY_TYPE_LABEL[t.conveyType as ConveyType] ?? t.conveyType,
    repeatType: t.repeatType,
    importRuleType: t.importRuleType,
    importRuleTypeLabel: CONFLICT_POLICY_LABEL[t.importRuleType as ConflictPolicy] ?? t.importRuleType,
    state: t.state,
    stateLabel: EXCHANGE_TASK_STATE_LABEL[t.state] ?? t.state,
    lastRunAt: iso(t.lastRunAt),
    createTime: t.createdAt.toISOString(),
  };
}

/**
 * 交换资源: tasks that copy the granted columns of a share application's entry into a database of
 * the applying department, their runs (使用记录) and the writing they do. Everything is the applying
 * department's own: its applications, its tasks, its data sources.
 */
export function exchangeService(config: Config) {
  const sources = dataSourceService(config);

  /** The caller's department's application: another department's is missing (reading) or refused (changing). */
  async function ownApply(db: Db, actor: Actor, applyId: string, changing: boolean): Promise<ApplyRow> {
    if (!actor.orgCode) throw forbidden(NO_DEPART_MESSAGE);
    const apply = await findApply(db, applyId);
    if (!apply) throw notFound(ExchangeMessages.applyMissing);
    if (apply.applyOrgCode !== actor.orgCode) {
      throw changing ? forbidden(ExchangeMessages.notOwnApply) : notFound(ExchangeMessages.applyMissing);
    }
    return apply;
  }

  async function ownTask(db: Db, actor: Actor, taskId: string): Promise<TaskRow> {
    if (!actor.orgCode) throw forbidden(NO_DEPART_MESSAGE);
    const task = await findTask(db, taskId);
    if (!task) throw notFound(ExchangeMessages.taskMissing);
    if (task.orgCode !== actor.orgCode) throw forbidden(ExchangeMessages.notOwnTask);
    return task;
  }

  /**
   * One run: the rows of the entry's default resource, only the mapped granted columns (masked as the
   * grant says), in batches into the destination under the task's policy, in one transaction there.
   * Logged as an exchange_run whatever happens; a failure is answered with its Chinese reason.
   */
  async function run(db: Db, task: TaskRow, by: RunBy, signal?: AbortSignal): Promise<ExchangeRunResult> {
    const startedAt = new Date();
    const operatorId = 'actor' in by ? by.actor.userId : null;
    const runId = await startRun(db, task.id, operatorId, startedAt, new Date(startedAt.getTime() - RUN_CUT_OFF_MS));
    if (!runId) throw badRequest(ExchangeMessages.running);
    try {
      const apply = await findApply(db, task.shareApplyId);
      if (!apply || !inUse(apply)) {
        await stopTask(db, task.id);
        throw badRequest(ExchangeMessages.released);
      }
      const source = await grantedSource(db, apply);
      const mapped = mappedColumns(source, task.fieldMappings);
      const result = await sources.writeOfDepartment(db, task.orgCode, task.targetSourceId, async (c) => {
        const existing = await c.listColumns(task.targetTable);
        if (existing.length === 0) {
          if (!task.autoCreate) throw notFound(ExchangeMessages.tableMissing(task.targetTable));
          await c.createTable(
            task.targetTable,
            mapped.map(({ column, target }) => ({
              name: target,
              // A masked value is text whatever the item's type, and no longer tells rows apart.
              kind: column.masked ? 'text' : column.field.type,
              primaryKey: column.primaryKey && !column.masked,
              comment: column.chineseName,
            })),
          );
        }
        return c.writeRows(
          task.targetTable,
          mapped.map((m) => m.target),
          copiedBatches(
            db,
            source.resource,
            mapped.map((m) => m.column),
            signal,
          ),
          POLICY[task.importRuleType] ?? 'refuse',
        );
      });
      const message = `写入 ${result.written} 行${result.skipped ? `，跳过 ${result.skipped} 行主键已存在的记录` : ''}`;
      await finishRun(db, runId, EXCHANGE_OUTCOME.ok, result.written, message);
      return { runId, taskId: task.id, outcome: EXCHANGE_OUTCOME.ok, rows: result.written, message };
    } catch (e) {
      await finishRun(db, runId, EXCHANGE_OUTCOME.failed, 0, messageOf(e));
      throw e;
    }
  }

  /** Checks the destination now: a department's own writable source, the table and the mapped columns. */
  async function checkDestination(db: Db, orgCode: string, input: ExchangeTaskInput) {
    await sources.writeOfDepartment(db, orgCode, input.destStorageId, async (c) => {
      const existing = await c.listColumns(input.destTableName);
      if (input.isAutoCreateDest === AUTO_CREATE_DEST.yes) {
        if (existing.length > 0) throw badRequest(ExchangeMessages.tableExists(input.destTableName));
        for (const m of input.fieldMappings) checkColumnName(m.target);
        return;
      }
      if (existing.length === 0) throw notFound(ExchangeMessages.tableMissing(input.destTableName));
      const names = new Set(existing.map((col) => col.name));
      const missing = input.fieldMappings.find((m) => !names.has(m.target));
      if (missing) throw badRequest(ExchangeMessages.targetMissing(missing.target), { field: 'fieldMappings' });
    });
  }

  const taskView = async (db: Db, id: string) => (await taskViews(db, eq(exchangeTasks.id, id)))[0];

  return {
    run,

    /** 源头表: the granted columns of the application's entry, never others. */
    async sourceFields(db: Db, actor: Actor, applyId: string): Promise<ExchangeSourceField[]> {
      const apply = await ownApply(db, actor, applyId, false);
      if (!inUse(apply)) throw badRequest(ExchangeMessages.notInUse);
      const { columns } = await grantedSource(db, apply);
      return columns.map(({ field: _field, ...c }) => c);
    },

    /** 目的表: the columns of a table in one of the caller's department's sources. */
    async destFields(db: Db, actor: Actor, input: ExchangeDestFieldsInput): Promise<ExchangeDestField[]> {
      if (!actor.orgCode) throw forbidden(NO_DEPART_MESSAGE);
      const columns = await sources.writeOfDepartment(db, actor.orgCode, input.sourceId, (c) =>
        c.listColumns(input.tableName),
      );
      if (columns.length === 0) throw notFound(ExchangeMessages.tableMissing(input.tableName));
      return columns.map((c) => ({ name: c.name, type: c.type, comment: c.comment, primaryKey: c.primaryKey }));
    },

    /** 提交: checks everything a run needs, stores the task, and runs a one-off task at once. */
    async add(db: Db, actor: Actor, input: ExchangeTaskInput): Promise<ExchangeTaskAdded> {
      const apply = await ownApply(db, actor, input.applyId, true);
      if (!inUse(apply)) throw badRequest(ExchangeMessages.notInUse);
      const source: GrantedSource = await grantedSource(db, apply);
      mappedColumns(source, input.fieldMappings);
      const orgCode = actor.orgCode as string;
      await checkDestination(db, orgCode, input);
      const repeating = input.conveyType === CONVEY_TYPE.repeat;
      const id = await db.transaction(async (tx) => {
        const [task] = await tx
          .insert(exchangeTasks)
          .values({
            shareApplyId: apply.id,
            targetSourceId: input.destStorageId,
            targetTable: input.destTableName,
            autoCreate: input.isAutoCreateDest === AUTO_CREATE_DEST.yes,
            fieldMappings: input.fieldMappings.map((m) => ({ source: m.source, target: m.target })),
            conveyType: input.conveyType,
            repeatType: repeating ? (input.repeatType ?? null) : null,
            importRuleType: input.importRuleType,
            createdBy: actor.userId,
            orgCode,
          })
          .returning({ id: exchangeTasks.id });
        await logOperation(tx, actor, {
          content: `新建交换任务：${input.destTableName}（${CONVEY_TYPE_LABEL[input.conveyType]}）`,
          operateType: 'exchangeTaskAdd',
          target: task.id,
        });
        return task.id;
      });
      const stored = await findTask(db, id);
      const ran = repeating || !stored ? null : await run(db, stored, { actor });
      return { task: presentTask(await taskView(db, id)), run: ran };
    },

    /** The application's tasks, newest first. */
    async tasks(db: Db, actor: Actor, applyId: string): Promise<ExchangeTaskItem[]> {
      const apply = await ownApply(db, actor, applyId, false);
      return (await taskViews(db, eq(exchangeTasks.shareApplyId, apply.id))).map(presentTask);
    },

    /** 立即执行 (a stopped task is not run). */
    async runNow(db: Db, actor: Actor, taskId: string): Promise<ExchangeRunResult> {
      const task = await ownTask(db, actor, taskId);
      if (task.state !== EXCHANGE_TASK_STATE.active) throw badRequest(ExchangeMessages.taskStopped);
      await logOperation(db, actor, {
        content: `执行交换任务：${task.targetTable}`,
        operateType: 'exchangeTaskRun',
        target: task.id,
      });
      return run(db, task, { actor });
    },

    /** 任务运维's 立即执行 and 重试: an operator runs any department's active task, recorded under their name. */
    async runByOperator(db: Db, actor: Actor, taskId: string): Promise<ExchangeRunResult> {
      const task = await findTask(db, taskId);
      if (!task) throw notFound(ExchangeMessages.taskMissing);
      if (task.state !== EXCHANGE_TASK_STATE.active) throw badRequest(ExchangeMessages.taskStopped);
      await logOperation(db, actor, {
        content: `任务运维：执行交换任务 ${task.targetTable}`,
        operateType: 'exchangeTaskRun',
        target: task.id,
      });
      return run(db, task, { actor });
    },

    /** 停止: the scheduler no longer runs it, nor may anyone by hand. */
    async stop(db: Db, actor: Actor, taskId: string): Promise<ExchangeTaskItem> {
      const task = await ownTask(db, actor, taskId);
      if (task.state !== EXCHANGE_TASK_STATE.stopped) {
        await db.transaction(async (tx) => {
          await stopTask(tx, task.id);
          await logOperation(tx, actor, {
            content: `停止交换任务：${task.targetTable}`,
            operateType: 'exchangeTaskStop',
            target: task.id,
          });
        });
      }
      return presentTask(await taskView(db, task.id));
    },

    /** 使用记录 of the application's tasks, newest first. */
    async records(db: Db, actor: Actor, q: ExchangeRecordQuery): Promise<Page<ExchangeRecordItem>> {
      const apply = await ownApply(db, actor, q.applyId, false);
      const page = await paginate(
        q,
        (limit, offset) => recordRows(db, apply.id, limit, offset),
        () => recordCount(db, apply.id),
      );
      return {
        ...page,
        records: page.records.map(({ run: r, task: t, sourceName, databaseName, operator, departName }) => ({
          id: r.id,
          taskId: t.id,
          taskState: t.state,
          startTime: r.startedAt.toISOString(),
          endTime: iso(r.finishedAt),
          targetDb: databaseName,
          targetSource: sourceName,
          targetTable: t.targetTable,
          conveyType: t.conveyType,
          conveyTypeLabel: CONVEY_TYPE_LABEL[t.conveyType as ConveyType] ?? t.conveyType,
          repeatType: t.repeatType,
          importRuleType: t.importRuleType,
          importRuleTypeLabel: CONFLICT_POLICY_LABEL[t.importRuleType as ConflictPolicy] ?? t.importRuleType,
          rows: r.rows,
          outcome: r.outcome,
          outcomeLabel: EXCHANGE_OUTCOME_LABEL[r.outcome] ?? r.outcome,
          message: r.message,
          operator: r.operatorId ? (operator ?? '') : EXCHANGE_SCHEDULER,
          departName,
        })),
      };
    },
  };
}

export type ExchangeService = ReturnType<typeof exchangeService>;
