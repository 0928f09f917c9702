import { EXCHANGE_OUTCOME, EXCHANGE_TASK_STATE } from '@odp/contracts';
import { and, asc, count, desc, eq, gt, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';
import {
  catalogueFiles,
  catalogueItems,
  catalogues,
  type DatastoreField,
  dataSources,
  datastoreResources,
  departs,
  exchangeRuns,
  exchangeTasks,
  openGrants,
  shareApplies,
  users,
} from '../../db/schema/index.js';
import { columnOf, type Resource, tableOf } from '../datastore/store.js';

export type ApplyRow = {
  id: string;
  catalogId: string;
  applyOrgCode: string;
  status: string;
  items: { name: string }[];
  grantedItems: string[] | null;
};
export type TaskRow = typeof exchangeTasks.$inferSelect;
export type ItemRow = { name: string; enName: string | null; masked: boolean; primaryKey: boolean };

/** The share application as the exchange needs it; the share module owns the record. */
export async function findApply(ex: Executor, id: string): Promise<ApplyRow | null> {
  const [row] = await ex
    .select({
      id: shareApplies.id,
      catalogId: shareApplies.catalogId,
      applyOrgCode: shareApplies.applyOrgCode,
      status: shareApplies.status,
      items: shareApplies.items,
      grantedItems: shareApplies.grantedItems,
    })
    .from(shareApplies)
    .where(eq(shareApplies.id, id));
  return row ?? null;
}

/** Whether the application's live grant lifts masking (no grant: it does not). */
export async function grantUnmasked(ex: Executor, applyId: string): Promise<boolean> {
  const [grant] = await ex
    .select({ unmasked: openGrants.unmasked })
    .from(openGrants)
    .where(and(eq(openGrants.shareApplyId, applyId), isNull(openGrants.revokedAt)))
    .orderBy(desc(openGrants.createdAt))
    .limit(1);
  return grant?.unmasked ?? false;
}

/**
 * The entry's default datastore resource, as the open data API orders them: the mounted table's
 * current copy, else the newest live data file.
 */
export async function defaultResource(ex: Executor, catalogId: string): Promise<Resource | null> {
  const r = datastoreResources;
  const [found] = await ex
    .select({ resource: r })
    .from(r)
    .innerJoin(catalogues, eq(catalogues.id, r.catalogId))
    .leftJoin(catalogueFiles, eq(catalogueFiles.id, r.fileId))
    .where(
      and(
        eq(r.catalogId, catalogId),
        or(
          and(eq(r.kind, 'table'), sql`${r.id}::text = ${catalogues.mount}->>'resourceId'`),
          and(eq(r.kind, 'file'), sql`${catalogueFiles.id} is not null`, isNull(catalogueFiles.deletedAt)),
        ),
      ),
    )
    .orderBy(sql`case when ${r.kind} = 'table' then 0 else 1 end`, desc(r.createdAt))
    .limit(1);
  return found?.resource ?? null;
}

export function itemsOf(ex: Executor, catalogId: string): Promise<ItemRow[]> {
  return ex
    .select({
      name: catalogueItems.name,
      enName: catalogueItems.enName,
      masked: catalogueItems.masked,
      primaryKey: catalogueItems.primaryKey,
    })
    .from(catalogueItems)
    .where(eq(catalogueItems.catalogId, catalogId))
    .orderBy(asc(catalogueItems.serialNumber));
}

const BATCH = 1000;

/**
 * The named columns of a resource in load order, in keyset batches of text (NULL stays null), with
 * other requests served between batches (on PGlite every query runs on this thread).
 */
export async function* columnBatches(
  ex: Executor,
  resource: Resource,
  fields: DatastoreField[],
  batchSize = BATCH,
): AsyncGenerator<(string | null)[][]> {
  const selected = sql.join(
    fields.map((f, i) => sql`${columnOf(f)}::text as ${sql.raw(`"v${i}"`)}`),
    sql`, `,
  );
  let after = 0;
  for (;;) {
    const rows = await rowsOf<Record<string, string | null> & { _row: string }>(
      ex,
      sql`select _row, ${selected} from ${tableOf(resource)} where _row > ${after} order by _row limit ${batchSize}`,
    );
    if (rows.length === 0) return;
    yield rows.map((row) => fields.map((_, i) => row[`v${i}`]));
    if (rows.length < batchSize) return;
    after = Number(rows[rows.length - 1]._row);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export async function findTask(ex: Executor, id: string): Promise<TaskRow | null> {
  const [row] = await ex.select().from(exchangeTasks).where(eq(exchangeTasks.id, id));
  return row ?? null;
}

/** Tasks with the destination's names, for answers. */
export function taskViews(ex: Executor, where: SQL | undefined) {
  return ex
    .select({ task: exchangeTasks, sourceName: dataSources.dataName, databaseName: dataSources.databaseName })
    .from(exchangeTasks)
    .leftJoin(dataSources, eq(dataSources.id, exchangeTasks.targetSourceId))
    .where(where)
    .orderBy(desc(exchangeTasks.createdAt));
}
export type TaskView = Awaited<ReturnType<typeof taskViews>>[number];

/**
 * Opens a run of the task and stamps its last run, unless a run of it that began after `cutOff` is
 * still under way (one older than that was cut off): the task's row is locked meanwhile, so two
 * callers never both start one. Returns the run's id, or null when one is under way.
 */
export async function startRun(
  ex: Executor,
  taskId: string,
  operatorId: string | null,
  at: Date,
  cutOff: Date,
): Promise<string | null> {
  return ex.transaction(async (tx) => {
    await tx.select({ id: exchangeTasks.id }).from(exchangeTasks).where(eq(exchangeTasks.id, taskId)).for('update');
    const [running] = await tx
      .select({ id: exchangeRuns.id })
      .from(exchangeRuns)
      .where(
        and(
          eq(exchangeRuns.taskId, taskId),
          eq(exchangeRuns.outcome, EXCHANGE_OUTCOME.running),
          gt(exchangeRuns.startedAt, cutOff),
        ),
      )
      .limit(1);
    if (running) return null;
    const [run] = await tx
      .insert(exchangeRuns)
      .values({ taskId, operatorId, startedAt: at })
      .returning({ id: exchangeRuns.id });
    await tx.update(exchangeTasks).set({ lastRunAt: at, updatedAt: at }).where(eq(exchangeTasks.id, taskId));
    return run.id;
  });
}

export async function finishRun(
  ex: Executor,
  runId: string,
  outcome: string,
  rows: number,
  message: string | null,
): Promise<void> {
  await ex
    .update(exchangeRuns)
    .set({ outcome, rows, message, finishedAt: new Date() })
    .where(eq(exchangeRuns.id, runId));
}

export async function stopTask(ex: Executor, taskId: string): Promise<void> {
  await ex
    .update(exchangeTasks)
    .set({ state: EXCHANGE_TASK_STATE.stopped, updatedAt: new Date() })
    .where(eq(exchangeTasks.id, taskId));
}

/** Stops the active tasks whose application is no longer in use (released, or anything but 使用中). */
export async function stopTasksOfReleased(ex: Executor, inUse: string): Promise<number> {
  const stopped = await ex
    .update(exchangeTasks)
    .set({ state: EXCHANGE_TASK_STATE.stopped, updatedAt: new Date() })
    .where(
      and(
        eq(exchangeTasks.state, EXCHANGE_TASK_STATE.active),
        inArray(
          exchangeTasks.shareApplyId,
          ex.select({ id: shareApplies.id }).from(shareApplies).where(ne(shareApplies.status, inUse)),
        ),
      ),
    )
    .returning({ id: exchangeTasks.id });
  return stopped.length;
}

/** Active repeating tasks of applications in use, the longest unrun first. */
export function repeatingTasks(ex: Executor, repeat: string, inUse: string) {
  return ex
    .select({ id: exchangeTasks.id, repeatType: exchangeTasks.repeatType, lastRunAt: exchangeTasks.lastRunAt })
    .from(exchangeTasks)
    .innerJoin(shareApplies, eq(shareApplies.id, exchangeTasks.shareApplyId))
    .where(
      and(
        eq(exchangeTasks.state, EXCHANGE_TASK_STATE.active),
        eq(exchangeTasks.conveyType, repeat),
        eq(shareApplies.status, inUse),
      ),
    )
    .orderBy(sql`${exchangeTasks.lastRunAt} asc nulls first`);
}

/**
 * Takes a due task for this run of the job: only while its last run is still the one the job saw,
 * so that two instances of the scheduler never run it twice.
 */
export async function claimTask(ex: Executor, id: string, seen: Date | null, at: Date): Promise<boolean> {
  const claimed = await ex
    .update(exchangeTasks)
    .set({ lastRunAt: at })
    .where(
      and(
        eq(exchangeTasks.id, id),
        seen
          ? sql`date_trunc('milliseconds', ${exchangeTasks.lastRunAt}) = ${seen.toISOString()}::timestamptz`
          : isNull(exchangeTasks.lastRunAt),
      ),
    )
    .returning({ id: exchangeTasks.id });
  return claimed.length > 0;
}

/** 使用记录: the runs of an application's tasks, newest first, with the destination and the operator. */
export function recordRows(ex: Executor, applyId: string, limit: number, offset: number) {
  return ex
    .select({
      run: exchangeRuns,
      task: exchangeTasks,
      sourceName: dataSources.dataName,
      databaseName: dataSources.databaseName,
      operator: users.realname,
      departName: departs.departName,
    })
    .from(exchangeRuns)
    .innerJoin(exchangeTasks, eq(exchangeTasks.id, exchangeRuns.taskId))
    .leftJoin(dataSources, eq(dataSources.id, exchangeTasks.targetSourceId))
    .leftJoin(users, eq(users.id, exchangeRuns.operatorId))
    .leftJoin(departs, eq(departs.orgCode, exchangeTasks.orgCode))
    .where(eq(exchangeTasks.shareApplyId, applyId))
    .orderBy(desc(exchangeRuns.startedAt), desc(exchangeRuns.id))
    .limit(limit)
    .offset(offset);
}

export async function recordCount(ex: Executor, applyId: string): Promise<number> {
  const [{ n }] = await ex
    .select({ n: count() })
    .from(exchangeRuns)
    .innerJoin(exchangeTasks, eq(exchangeTasks.id, exchangeRuns.taskId))
    .where(eq(exchangeTasks.shareApplyId, applyId));
  return n;
}
