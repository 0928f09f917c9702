import type { OpsRunQuery, OpsTaskQuery } from '@odp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';
import type { OpsRunRow, OpsSource, OpsTaskRow } from '../../platform/operations/source.js';
import { containing } from '../../platform/resource/like.js';

type Raw<T> = { [K in keyof T]: unknown } & { kind: string; total: number };

/** Every source's statement, each tagged with its kind, as one relation `u`. */
function unionOf(sources: readonly OpsSource[], pick: (s: OpsSource) => SQL | (() => SQL)): SQL {
  const statement = (s: OpsSource) => {
    const picked = pick(s);
    return typeof picked === 'function' ? picked() : picked;
  };
  const parts = sources.map((s) => sql`select ${s.kind}::text as kind, x.* from (${statement(s)}) x`);
  return parts.length ? sql.join(parts, sql` union all `) : sql`select null::text as kind where false`;
}

const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

const TASK_SORTS: Record<string, string> = {
  name: 'name',
  lastStartedAt: 'last_started_at',
  nextRunAt: 'next_run_at',
  kind: 'kind',
};

/** One page of tasks of every kind, filtered and sorted in one statement. */
export async function taskPage(ex: Executor, sources: readonly OpsSource[], q: OpsTaskQuery & { id?: string }) {
  const where: SQL[] = [sql`true`];
  if (q.id) where.push(sql`id = ${q.id}`);
  if (q.kind) where.push(sql`kind = ${q.kind}`);
  if (q.status) where.push(sql`status = ${q.status}`);
  if (q.outcome) where.push(sql`last_outcome = ${q.outcome}`);
  if (q.keyword) where.push(sql`(name ilike ${containing(q.keyword)} or depart_name ilike ${containing(q.keyword)})`);
  const column = q.sort && Object.hasOwn(TASK_SORTS, q.sort) ? TASK_SORTS[q.sort] : 'last_started_at';
  const direction = q.sort ? (q.order === 'asc' ? 'asc' : 'desc') : 'desc';
  const rows = await rowsOf<Raw<OpsTaskRow> & Record<string, unknown>>(
    ex,
    sql`select u.*, count(*) over () as total from (${unionOf(sources, (s) => s.tasks)}) u
      where ${sql.join(where, sql` and `)}
      order by ${sql.raw(column)} ${sql.raw(direction)} nulls last, name, id
      limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`,
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    rows: rows.map((r) => ({
      kind: r.kind,
      row: {
        id: String(r.id),
        name: String(r.name),
        departName: (r.depart_name as string | null) ?? null,
        schedule: (r.schedule as string | null) ?? null,
        status: r.status as OpsTaskRow['status'],
        lastStartedAt: date(r.last_started_at),
        lastFinishedAt: date(r.last_finished_at),
        lastOutcome: (r.last_outcome as OpsTaskRow['lastOutcome']) ?? null,
        lastMessage: (r.last_message as string | null) ?? null,
        nextRunAt: date(r.next_run_at),
      } satisfies OpsTaskRow,
    })),
  };
}

function runWhere(q: Partial<Pick<OpsRunQuery, 'kind' | 'taskId' | 'outcome' | 'keyword'>> & { id?: string }): SQL {
  const where: SQL[] = [sql`true`];
  if (q.kind) where.push(sql`kind = ${q.kind}`);
  if (q.id) where.push(sql`id = ${q.id}`);
  if (q.taskId) where.push(sql`task_id = ${q.taskId}`);
  if (q.outcome) where.push(sql`outcome = ${q.outcome}`);
  if (q.keyword) where.push(sql`(task_name ilike ${containing(q.keyword)} or message ilike ${containing(q.keyword)})`);
  return sql.join(where, sql` and `);
}

function presentRun(r: Record<string, unknown>): { kind: string; row: OpsRunRow } {
  return {
    kind: String(r.kind),
    row: {
      id: String(r.id),
      taskId: String(r.task_id),
      taskName: String(r.task_name),
      trigger: r.trigger as OpsRunRow['trigger'],
      startedAt: new Date(r.started_at as string),
      finishedAt: date(r.finished_at),
      outcome: r.outcome as OpsRunRow['outcome'],
      message: (r.message as string | null) ?? null,
    },
  };
}

/** 执行记录: one page of runs of every kind, newest first. */
export async function runPage(ex: Executor, sources: readonly OpsSource[], q: OpsRunQuery) {
  const rows = await rowsOf<Record<string, unknown>>(
    ex,
    sql`select u.*, count(*) over () as total from (${unionOf(sources, (s) => s.runs)}) u
      where ${runWhere(q)}
      order by started_at desc, id
      limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`,
  );
  return { total: Number(rows[0]?.total ?? 0), rows: rows.map(presentRun) };
}

export async function findTask(ex: Executor, source: OpsSource, id: string): Promise<OpsTaskRow | null> {
  const page = await taskPage(ex, [source], { id, pageNo: 1, pageSize: 1, keyword: null });
  return page.rows[0]?.row ?? null;
}

export async function findRun(ex: Executor, source: OpsSource, id: string): Promise<OpsRunRow | null> {
  const rows = await rowsOf<Record<string, unknown>>(
    ex,
    sql`select u.* from (${unionOf([source], (s) => s.runs)}) u where ${runWhere({ id })} limit 1`,
  );
  return rows[0] ? presentRun(rows[0]).row : null;
}
