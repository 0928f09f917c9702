import { CATALOGUE_MACHINE, CatalogStatus, ShelfStatus, WorkOrderKind } from '@odp/contracts';
import { and, count, desc, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client.js';
import { catalogues, departs, users, workflowTasks } from '../../../db/schema/index.js';
import type { Actor } from '../../../platform/auth/actor.js';
import type { WorkOrderSource } from '../../../platform/module.js';
import { installedModules } from '../../../platform/module-registry.js';

const t = workflowTasks;

/** Work orders are the workflow tasks of catalogue entries, joined to their entry. */
const ofCatalogues = eq(t.subjectType, CATALOGUE_MACHINE.subject);

/** The 工单 columns, read from the workflow tasks. */
export const workOrderColumns = {
  id: t.id,
  catalogId: t.subjectId,
  orderType: t.taskType,
  status: t.status,
  launchOrgCode: t.ownerOrgCode,
  submitterId: t.submitterId,
  submitTime: t.submitTime,
  payload: t.payload,
  handlerId: t.handlerId,
  approvalTime: t.approvalTime,
  decision: t.decision,
  comment: t.comment,
};

/** The work orders of one entry, for tests and the seed's checks. */
export function workOrdersOf(db: Executor, catalogId: string) {
  return db
    .select(workOrderColumns)
    .from(t)
    .where(and(ofCatalogues, eq(t.subjectId, catalogId)))
    .orderBy(t.submitTime, t.id);
}

/** Open work orders count only while their entry is not deleted (a recovered entry's review comes back). */
export const liveEntry = ne(catalogues.shelfStatus, ShelfStatus.deleted);

const submitter = alias(users, 'submitter');
const handler = alias(users, 'handler');

/**
 * The inbox an actor reads: the catalogue's own tasks, and the tasks of other subjects about entries
 * (share applications' reviews) that their modules declare and let the actor see. Each column that
 * differs per subject is one CASE over the task's subject type, so one statement filters and pages
 * every kind. Without an actor (counts for everyone, tests) it is the catalogue's tasks only.
 */
export function inboxOf(actor: Actor | null) {
  const sources: WorkOrderSource[] = actor ? [...installedModules().workOrderSources.values()] : [];
  const perSubject = (own: SQL, pick: (s: WorkOrderSource) => SQL) =>
    sources.length
      ? sql`(case ${t.subjectType} ${sql.join(
          sources.map((s) => sql`when ${s.subjectType} then ${pick(s)}`),
          sql` `,
        )} else ${own} end)`
      : own;
  return {
    visible: sources.length
      ? (or(
          ofCatalogues,
          ...sources.map((s) => and(eq(t.subjectType, s.subjectType), s.visibleTo(actor as Actor))),
        ) as SQL)
      : ofCatalogues,
    catalogId: perSubject(sql`${t.subjectId}`, (s) => s.catalogId),
    launchOrgCode: perSubject(sql`${t.ownerOrgCode}`, (s) => s.launchOrgCode),
    processCode: perSubject(sql`null::varchar`, (s) => s.processCode),
    workStatus: perSubject(sql`${WorkOrderKind.catalogue}::text`, (s) => sql`${s.workStatus}::text`),
  };
}
export type Inbox = ReturnType<typeof inboxOf>;

export function selectWorkOrders(
  db: Executor,
  where: SQL | undefined,
  limit: number,
  offset: number,
  pending: boolean,
  inbox: Inbox = inboxOf(null),
) {
  return db
    .select({
      order: workOrderColumns,
      subjectType: t.subjectType,
      entryId: sql<string>`${inbox.catalogId}`,
      launchOrgCode: sql<string | null>`${inbox.launchOrgCode}`,
      processCode: sql<string | null>`${inbox.processCode}`,
      workStatus: sql<string>`${inbox.workStatus}`,
      catalogName: catalogues.catalogName,
      catalogCode: catalogues.catalogCode,
      launchDepartName: departs.departName,
      submitter: submitter.realname,
      handler: handler.realname,
    })
    .from(t)
    .innerJoin(catalogues, sql`${catalogues.id} = ${inbox.catalogId}`)
    .leftJoin(departs, sql`${departs.orgCode} = ${inbox.launchOrgCode}`)
    .leftJoin(submitter, eq(submitter.id, t.submitterId))
    .leftJoin(handler, eq(handler.id, t.handlerId))
    .where(and(inbox.visible, where))
    .orderBy(pending ? desc(t.submitTime) : sql`${t.approvalTime} desc nulls last`, desc(t.id))
    .limit(limit)
    .offset(offset);
}

export async function countWorkOrders(
  db: Executor,
  where: SQL | undefined,
  inbox: Inbox = inboxOf(null),
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(t)
    .innerJoin(catalogues, sql`${catalogues.id} = ${inbox.catalogId}`)
    .where(and(inbox.visible, where));
  return Number(row.n);
}

/** The department's entries by what they wait for (deleted entries aside). */
export async function departmentCounts(db: Executor, orgCode: string) {
  const n = (condition: SQL) => sql<number>`count(*) filter (where ${condition})::int`;
  const [row] = await db
    .select({
      drafts: n(sql`${catalogues.catalogStatus} = ${CatalogStatus.draft}`),
      rejected: n(sql`${catalogues.catalogStatus} = ${CatalogStatus.rejected}`),
      pendingShelf: n(
        sql`${catalogues.catalogStatus} = ${CatalogStatus.approved} and ${catalogues.shelfStatus} = ${ShelfStatus.off}`,
      ),
      inReview: n(
        sql`(${catalogues.catalogStatus} = ${CatalogStatus.pending} or ${catalogues.shelfStatus} in (${ShelfStatus.upPending}, ${ShelfStatus.downPending}))`,
      ),
    })
    .from(catalogues)
    .where(and(eq(catalogues.orgCode, orgCode), liveEntry));
  return row;
}
