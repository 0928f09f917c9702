import {
  CatalogStatus,
  ShelfStatus,
  type WorkOrderDecision,
  type WorkOrderPayload,
  type WorkOrderType,
} from '@odp/contracts';
import { and, count, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client.js';
import { catalogues, departs, users, workOrders } from '../../../db/schema/index.js';

export async function openWorkOrder(
  db: Executor,
  values: {
    catalogId: string;
    orderType: WorkOrderType;
    launchOrgCode: string;
    submitterId: string;
    payload: WorkOrderPayload;
  },
) {
  await db.insert(workOrders).values({ ...values, status: 1 });
}

/** Closes the open work orders of one kind for an entry; answers who submitted them. */
export async function decideWorkOrders(
  db: Executor,
  catalogId: string,
  orderType: WorkOrderType,
  decision: { handlerId: string; decision: WorkOrderDecision; comment: string | null },
): Promise<(string | null)[]> {
  const rows = await db
    .update(workOrders)
    .set({
      status: 2,
      handlerId: decision.handlerId,
      decision: decision.decision,
      comment: decision.comment?.slice(0, 500) ?? null,
      approvalTime: new Date(),
    })
    .where(and(eq(workOrders.catalogId, catalogId), eq(workOrders.orderType, orderType), eq(workOrders.status, 1)))
    .returning({ submitterId: workOrders.submitterId });
  return rows.map((r) => r.submitterId);
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
      order: workOrders,
      catalogName: catalogues.catalogName,
      catalogCode: catalogues.catalogCode,
      launchDepartName: departs.departName,
      submitter: submitter.realname,
      handler: handler.realname,
    })
    .from(workOrders)
    .innerJoin(catalogues, eq(catalogues.id, workOrders.catalogId))
    .leftJoin(departs, eq(departs.orgCode, workOrders.launchOrgCode))
    .leftJoin(submitter, eq(submitter.id, workOrders.submitterId))
    .leftJoin(handler, eq(handler.id, workOrders.handlerId))
    .where(where)
    .orderBy(
      pending ? desc(workOrders.submitTime) : sql`${workOrders.approvalTime} desc nulls last`,
      desc(workOrders.id),
    )
    .limit(limit)
    .offset(offset);
}

export async function countWorkOrders(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(workOrders)
    .innerJoin(catalogues, eq(catalogues.id, workOrders.catalogId))
    .where(where);
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
