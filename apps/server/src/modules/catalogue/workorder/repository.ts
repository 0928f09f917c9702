import { CATALOGUE_MACHINE, CatalogStatus, ShelfStatus } from '@odp/contracts';
import { and, count, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client.js';
import { catalogues, departs, users, workflowTasks } from '../../../db/schema/index.js';

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

export function selectWorkOrders(
  db: Executor,
  where: SQL | undefined,
  limit: number,
  offset: number,
  pending: boolean,
) {
  return db
    .select({
      order: workOrderColumns,
      catalogName: catalogues.catalogName,
      catalogCode: catalogues.catalogCode,
      launchDepartName: departs.departName,
      submitter: submitter.realname,
      handler: handler.realname,
    })
    .from(t)
    .innerJoin(catalogues, eq(catalogues.id, t.subjectId))
    .leftJoin(departs, eq(departs.orgCode, t.ownerOrgCode))
    .leftJoin(submitter, eq(submitter.id, t.submitterId))
    .leftJoin(handler, eq(handler.id, t.handlerId))
    .where(and(ofCatalogues, where))
    .orderBy(pending ? desc(t.submitTime) : sql`${t.approvalTime} desc nulls last`, desc(t.id))
    .limit(limit)
    .offset(offset);
}

export async function countWorkOrders(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(t)
    .innerJoin(catalogues, eq(catalogues.id, t.subjectId))
    .where(and(ofCatalogues, where));
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
