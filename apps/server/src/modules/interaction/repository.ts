import { type InteractionKind, InteractionStatus, TaskStatus } from '@odp/contracts';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../db/client.js';
import { attachments, catalogues, departs, interactionTickets, users, workflowTasks } from '../../db/schema/index.js';
import { escapeLike } from '../../platform/resource/like.js';
import { isPublicSql } from '../market/repository.js';

const t = interactionTickets;
export type TicketRow = typeof interactionTickets.$inferSelect;
export type TicketInsert = typeof interactionTickets.$inferInsert;

/** Everything but the moment between creation and submission. */
export const submittedSql = ne(t.status, InteractionStatus.draft);
/** What a visitor may read: replied, kept public by its submitter. */
export const publicSql = and(
  eq(t.isPublic, true),
  inArray(t.status, [InteractionStatus.replied, InteractionStatus.closed]),
  sql`${t.reply} is not null`,
) as SQL;

export async function lockTicket(tx: Tx, id: string): Promise<TicketRow | null> {
  const [row] = await tx.select().from(t).where(eq(t.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function findTicket(db: Executor, id: string): Promise<TicketRow | null> {
  const [row] = await db.select().from(t).where(eq(t.id, id)).limit(1);
  return row ?? null;
}

export async function insertTicket(db: Executor, values: TicketInsert): Promise<TicketRow> {
  const [row] = await db.insert(t).values(values).returning();
  return row;
}

export async function updateTicket(db: Executor, id: string, values: Partial<TicketInsert>) {
  await db.update(t).set(values).where(eq(t.id, id));
}

export async function deleteTicket(db: Executor, id: string) {
  await db.delete(t).where(eq(t.id, id));
}

/** A dataset a visitor can see (on shelf and open), with its provider department. */
export async function publicEntry(db: Executor, id: string) {
  const [row] = await db
    .select({ id: catalogues.id, catalogName: catalogues.catalogName, orgCode: catalogues.orgCode })
    .from(catalogues)
    .where(and(eq(catalogues.id, id), isPublicSql))
    .limit(1);
  return row ?? null;
}

/** The 权益保护 form's dataset picker (`queryBAWO`): public entries by name. */
export async function pickEntries(db: Executor, name: string | undefined, pageNo: number, pageSize: number) {
  const where = and(isPublicSql, name ? ilike(catalogues.catalogName, `%${escapeLike(name)}%`) : undefined);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: catalogues.id,
        catalogName: catalogues.catalogName,
        orgCode: catalogues.orgCode,
        sourceUnit: departs.departName,
        dataFormat: catalogues.dataFormat,
      })
      .from(catalogues)
      .leftJoin(departs, eq(departs.orgCode, catalogues.orgCode))
      .where(where)
      .orderBy(asc(catalogues.catalogName))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: count() }).from(catalogues).where(where),
  ]);
  return { rows, total: Number(n) };
}

const routedDepart = alias(departs, 'routed_depart');
const requestedDepart = alias(departs, 'requested_depart');

/** The deadline of the open reply task, if any. */
const dueAtSql = sql<Date | null>`(select ${workflowTasks.dueAt} from ${workflowTasks}
  where ${workflowTasks.subjectType} = ${t.kind} and ${workflowTasks.subjectId} = ${t.id}
    and ${workflowTasks.status} = ${TaskStatus.open} and ${workflowTasks.taskType} = 'reply'
  order by ${workflowTasks.submitTime} desc limit 1)`.mapWith((v) => (v === null ? null : new Date(v)));

export type TicketListRow = {
  ticket: TicketRow;
  departName: string | null;
  requestedDepartName: string | null;
  submitterName: string;
  dueAt: Date | null;
};

/** A page of tickets with the names and the deadline every list shows. */
export async function listTickets(
  db: Executor,
  where: SQL | undefined,
  page: { pageNo: number; pageSize: number },
  order: 'submitted' | 'replied' = 'submitted',
): Promise<{ rows: TicketListRow[]; total: number }> {
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        ticket: t,
        departName: routedDepart.departName,
        requestedDepartName: requestedDepart.departName,
        submitterName: users.realname,
        dueAt: dueAtSql,
      })
      .from(t)
      .innerJoin(users, eq(users.id, t.submitterId))
      .leftJoin(routedDepart, eq(routedDepart.orgCode, t.orgCode))
      .leftJoin(requestedDepart, eq(requestedDepart.orgCode, t.requestedOrgCode))
      .where(where)
      .orderBy(order === 'replied' ? desc(t.repliedAt) : desc(t.submittedAt), desc(t.id))
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize),
    db.select({ n: count() }).from(t).where(where),
  ]);
  return { rows: rows as TicketListRow[], total: Number(n) };
}

export async function listOne(db: Executor, id: string): Promise<TicketListRow | null> {
  const { rows } = await listTickets(db, eq(t.id, id), { pageNo: 1, pageSize: 1 });
  return rows[0] ?? null;
}

/** Conditions of the back office's filters. */
export function filterSql(f: {
  kind?: InteractionKind | null;
  keyword?: string | null;
  startTime?: string | null;
  endTime?: string | null;
  status?: string | null;
  orgCode?: string | null;
  overdueAt?: Date | null;
}): SQL[] {
  const parts: SQL[] = [submittedSql];
  if (f.kind) parts.push(eq(t.kind, f.kind));
  if (f.keyword) {
    const like = `%${escapeLike(f.keyword)}%`;
    parts.push(or(ilike(t.title, like), ilike(t.catalogName, like)) as SQL);
  }
  if (f.startTime) parts.push(gte(t.submittedAt, new Date(`${f.startTime.slice(0, 10)}T00:00:00+08:00`)));
  if (f.endTime) {
    const end = new Date(`${f.endTime.slice(0, 10)}T00:00:00+08:00`);
    end.setUTCDate(end.getUTCDate() + 1);
    parts.push(lt(t.submittedAt, end));
  }
  if (f.status) parts.push(eq(t.status, Number(f.status)));
  if (f.orgCode) parts.push(eq(t.orgCode, f.orgCode));
  if (f.overdueAt) parts.push(sql`${dueAtSql} < ${f.overdueAt}`);
  return parts;
}

/** The files a ticket or its reply names, in the order named. */
export async function filesOf(db: Executor, ids: string[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: attachments.id, fileName: attachments.fileName, size: attachments.size })
    .from(attachments)
    .where(inArray(attachments.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
}

/** The open reply task's deadline of a ticket (read by the reply, before the task closes). */
export async function openReplyDue(db: Executor, kind: string, id: string): Promise<Date | null | undefined> {
  const [row] = await db
    .select({ dueAt: workflowTasks.dueAt })
    .from(workflowTasks)
    .where(
      and(
        eq(workflowTasks.subjectType, kind),
        eq(workflowTasks.subjectId, id),
        eq(workflowTasks.taskType, 'reply'),
        eq(workflowTasks.status, TaskStatus.open),
      ),
    )
    .orderBy(desc(workflowTasks.submitTime))
    .limit(1);
  return row ? row.dueAt : undefined;
}

type FigureRaw = {
  grp: string;
  kind: string | null;
  orgCode: string | null;
  departName: string | null;
  received: number;
  replied: number;
  onTime: number;
  hours: number | null;
  score: number | null;
  rated: number;
};

/**
 * The desk's figures in one statement: all, per kind and per department (the replying department,
 * else the routed one; the bureau's desk for none), in `where`'s scope.
 */
export async function figureRows(db: Executor, where: SQL | undefined): Promise<FigureRaw[]> {
  const org = sql`coalesce(${t.replyOrgCode}, ${t.orgCode})`;
  const rows = await db
    .select({
      grp: sql<string>`case when grouping(${t.kind}) = 0 then 'kind' when grouping(${org}) = 0 then 'org' else 'all' end`,
      kind: t.kind,
      orgCode: sql<string | null>`${org}`,
      departName: sql<string | null>`min(${departs.departName})`,
      received: sql<number>`count(*)`.mapWith(Number),
      replied: sql<number>`count(${t.firstRepliedAt})`.mapWith(Number),
      onTime: sql<number>`count(*) filter (where ${t.replyOnTime})`.mapWith(Number),
      hours: sql<number | null>`avg(extract(epoch from ${t.firstRepliedAt} - ${t.submittedAt}) / 3600)`.mapWith((v) =>
        v === null ? null : Number(v),
      ),
      score: sql<number | null>`avg(${t.score})`.mapWith((v) => (v === null ? null : Number(v))),
      rated: sql<number>`count(${t.score})`.mapWith(Number),
    })
    .from(t)
    .leftJoin(departs, eq(departs.orgCode, org))
    .where(and(submittedSql, where))
    .groupBy(sql`grouping sets ((), (${t.kind}), (${org}))`);
  return rows;
}

/** The reply tasks of the inbox: open ones owed by the actor (type 1) or the ones they decided (type 2). */
export async function workRows(
  db: Executor,
  where: SQL | undefined,
  page: { pageNo: number; pageSize: number },
  done: boolean,
) {
  const w = workflowTasks;
  const base = and(
    inArray(w.subjectType, ['consult', 'dataApplication', 'dataCorrection', 'rightsProtection']),
    eq(w.taskType, 'reply'),
    where,
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        taskId: w.id,
        id: t.id,
        kind: t.kind,
        title: t.title,
        status: t.status,
        departName: departs.departName,
        submitTime: w.submitTime,
        dueAt: w.dueAt,
        overdueAt: w.overdueAt,
        decision: w.decision,
        approvalTime: w.approvalTime,
      })
      .from(w)
      .innerJoin(t, eq(t.id, w.subjectId))
      .leftJoin(departs, eq(departs.orgCode, t.orgCode))
      .where(base)
      .orderBy(done ? desc(w.approvalTime) : asc(w.dueAt), desc(w.submitTime))
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize),
    db.select({ n: count() }).from(w).innerJoin(t, eq(t.id, w.subjectId)).where(base),
  ]);
  return { rows, total: Number(n) };
}
