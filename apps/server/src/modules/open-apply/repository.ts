import { OPEN_APPLY_MACHINE, OpenApplyStatus } from '@odp/contracts';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  attachments,
  catalogueItems,
  catalogues,
  departs,
  openApplies,
  openApps,
  openGrants,
  usageReports,
  users,
  workflowHistory,
} from '../../db/schema/index.js';
import { containing } from '../../platform/resource/like.js';

export type OpenApplyRow = typeof openApplies.$inferSelect;
export type UsageReportRow = typeof usageReports.$inferSelect;
export type OpenGrantRow = typeof openGrants.$inferSelect;

const a = openApplies;
const r = usageReports;
const SUBJECT = OPEN_APPLY_MACHINE.subject;

export async function insertApply(db: Executor, row: typeof openApplies.$inferInsert): Promise<OpenApplyRow> {
  const [created] = await db.insert(a).values(row).returning();
  return created;
}

export async function deleteApply(db: Executor, id: string): Promise<void> {
  await db.delete(a).where(eq(a.id, id));
}

export async function findApply(db: Executor, id: string): Promise<OpenApplyRow | null> {
  const [row] = await db.select().from(a).where(eq(a.id, id)).limit(1);
  return row ?? null;
}

/** The application locked for update, so that concurrent changes of it queue. */
export async function lockApply(db: Executor, id: string): Promise<OpenApplyRow | null> {
  const [row] = await db.select().from(a).where(eq(a.id, id)).limit(1).for('update');
  return row ?? null;
}

export async function updateApply(db: Executor, id: string, set: Partial<typeof openApplies.$inferInsert>) {
  await db.update(a).set(set).where(eq(a.id, id));
}

export async function catalogueNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: a.id, code: a.code, name: catalogues.catalogName })
    .from(a)
    .innerJoin(catalogues, eq(catalogues.id, a.catalogId))
    .where(inArray(a.id, ids));
  return new Map(rows.map((row) => [row.id, `${row.name}（${row.code}）`]));
}

export async function catalogueNameOf(db: Executor, catalogId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: catalogues.catalogName })
    .from(catalogues)
    .where(eq(catalogues.id, catalogId))
    .limit(1);
  return row?.name ?? null;
}

/** The entry an application is for: whether it is on shelf and open on conditions, and its data items. */
export async function entryForApply(db: Executor, catalogId: string) {
  const [entry] = await db
    .select({
      id: catalogues.id,
      catalogName: catalogues.catalogName,
      orgCode: catalogues.orgCode,
      openType: catalogues.openType,
      applyNeedsVerified: catalogues.applyNeedsVerified,
      shelfStatus: catalogues.shelfStatus,
    })
    .from(catalogues)
    .where(eq(catalogues.id, catalogId))
    .limit(1);
  if (!entry) return null;
  const items = await db
    .select({ name: catalogueItems.name })
    .from(catalogueItems)
    .where(eq(catalogueItems.catalogId, catalogId))
    .orderBy(asc(catalogueItems.serialNumber));
  return { ...entry, itemNames: items.map((i) => i.name) };
}

/** An application of the user for the entry that is in review or granted. */
export async function hasActiveApply(db: Executor, userId: string, catalogId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: a.id })
    .from(a)
    .where(
      and(
        eq(a.applicantId, userId),
        eq(a.catalogId, catalogId),
        inArray(a.status, [OpenApplyStatus.provider, OpenApplyStatus.bureau, OpenApplyStatus.granted]),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Whether the user has a usage report past its due time and not filed. */
export async function hasOverdueReport(db: Executor, userId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: r.id })
    .from(r)
    .innerJoin(a, eq(a.id, r.applyId))
    .where(and(eq(a.applicantId, userId), isNull(r.submittedAt), lte(r.dueAt, now)))
    .limit(1);
  return Boolean(row);
}

// ---------------------------------------------------------------------------------------------
// Lists

const nextReportDue = sql`(select min(${r.dueAt}) from ${r} where ${r.applyId} = ${a.id} and ${r.submittedAt} is null)`;

const listColumns = {
  apply: a,
  catalogName: catalogues.catalogName,
  providerName: departs.departName,
  applicantName: users.realname,
  appName: openApps.name,
  appKey: openApps.appKey,
  reportDueAt: nextReportDue.mapWith(r.dueAt),
};

export type OpenApplyListRow = {
  apply: OpenApplyRow;
  catalogName: string;
  providerName: string | null;
  applicantName: string | null;
  appName: string | null;
  appKey: string | null;
  reportDueAt: Date | null;
};

const listFrom = (db: Executor) =>
  db
    .select(listColumns)
    .from(a)
    .innerJoin(catalogues, eq(catalogues.id, a.catalogId))
    .leftJoin(departs, eq(departs.orgCode, a.providerOrgCode))
    .leftJoin(users, eq(users.id, a.applicantId))
    .leftJoin(openApps, eq(openApps.id, a.appId));

export type ListFilter = {
  /** The list's scope: the applicant's own, a department's datasets, or all. */
  scope: SQL | undefined;
  status?: string;
  catalogName?: string;
  catalogId?: string;
  applicantName?: string;
  statuses?: readonly string[];
};

function listWhere(f: ListFilter): SQL | undefined {
  return and(
    f.scope,
    f.status ? eq(a.status, f.status) : undefined,
    f.statuses ? inArray(a.status, [...f.statuses]) : undefined,
    f.catalogId ? eq(a.catalogId, f.catalogId) : undefined,
    f.catalogName ? ilike(catalogues.catalogName, containing(f.catalogName)) : undefined,
    f.applicantName ? ilike(users.realname, containing(f.applicantName)) : undefined,
  );
}

export async function listApplies(
  db: Executor,
  f: ListFilter,
  limit: number,
  offset: number,
  order: 'created' | 'decided' = 'created',
): Promise<OpenApplyListRow[]> {
  return listFrom(db)
    .where(listWhere(f))
    .orderBy(order === 'decided' ? sql`${a.decidedAt} desc nulls last` : desc(a.createdAt), desc(a.id))
    .limit(limit)
    .offset(offset);
}

export async function countApplies(db: Executor, f: ListFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(a)
    .innerJoin(catalogues, eq(catalogues.id, a.catalogId))
    .leftJoin(users, eq(users.id, a.applicantId))
    .where(listWhere(f));
  return Number(row.n);
}

export async function applyListRow(db: Executor, id: string): Promise<OpenApplyListRow | null> {
  const [row] = await listFrom(db).where(eq(a.id, id)).limit(1);
  return row ?? null;
}

export const applicantIs = (userId: string) => eq(a.applicantId, userId);
export const providerColumn = a.providerOrgCode;

// ---------------------------------------------------------------------------------------------
// Detail

export async function historyOf(db: Executor, id: string) {
  return db
    .select()
    .from(workflowHistory)
    .where(and(eq(workflowHistory.subjectType, SUBJECT), eq(workflowHistory.subjectId, id)))
    .orderBy(asc(workflowHistory.createdAt), asc(workflowHistory.id));
}

export async function attachmentsByIds(db: Executor, ids: (string | null)[]) {
  const wanted = ids.filter((id): id is string => id !== null);
  if (!wanted.length) return new Map<string, { id: string; fileName: string; size: number }>();
  const rows = await db
    .select({ id: attachments.id, fileName: attachments.fileName, size: attachments.size })
    .from(attachments)
    .where(inArray(attachments.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function reportsOf(db: Executor, applyId: string): Promise<UsageReportRow[]> {
  return db.select().from(r).where(eq(r.applyId, applyId)).orderBy(asc(r.dueAt));
}

// ---------------------------------------------------------------------------------------------
// Grants (open_grant rows behind an application)

export async function liveGrantOf(db: Executor, applyId: string): Promise<OpenGrantRow | null> {
  const [row] = await db
    .select()
    .from(openGrants)
    .where(and(eq(openGrants.openApplyId, applyId), isNull(openGrants.revokedAt)))
    .limit(1);
  return row ?? null;
}

export async function insertGrant(db: Executor, row: typeof openGrants.$inferInsert): Promise<OpenGrantRow> {
  const [created] = await db.insert(openGrants).values(row).returning();
  return created;
}

export async function moveGrant(db: Executor, grantId: string, appId: string): Promise<void> {
  await db.update(openGrants).set({ appId }).where(eq(openGrants.id, grantId));
}

/** Ends every live grant of the application now: the next call with its key is refused. */
export async function endGrants(db: Executor, applyId: string, now: Date): Promise<number> {
  const rows = await db
    .update(openGrants)
    .set({ revokedAt: now })
    .where(and(eq(openGrants.openApplyId, applyId), isNull(openGrants.revokedAt)))
    .returning({ id: openGrants.id });
  return rows.length;
}

/** The user's own app, if it is active. */
export async function activeAppOf(db: Executor, appId: string, userId: string) {
  const [row] = await db
    .select()
    .from(openApps)
    .where(and(eq(openApps.id, appId), eq(openApps.userId, userId), eq(openApps.status, '1')))
    .limit(1);
  return row ?? null;
}

/** Whether the app already holds a live grant on the dataset from elsewhere (one grant per app and dataset). */
export async function appHasOtherGrant(db: Executor, appId: string, catalogId: string, applyId: string, now: Date) {
  const [row] = await db
    .select({ id: openGrants.id })
    .from(openGrants)
    .where(
      and(
        eq(openGrants.appId, appId),
        eq(openGrants.catalogId, catalogId),
        isNull(openGrants.revokedAt),
        or(isNull(openGrants.endsAt), gt(openGrants.endsAt, now)),
        or(isNull(openGrants.openApplyId), ne(openGrants.openApplyId, applyId)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

// ---------------------------------------------------------------------------------------------
// Usage reports

export async function insertReports(db: Executor, applyId: string, dueDates: Date[]): Promise<void> {
  if (!dueDates.length) return;
  await db.insert(r).values(dueDates.map((dueAt) => ({ applyId, dueAt })));
}

/** The unfiled reports of an application due after `after`, earliest first. */
export async function laterReports(db: Executor, applyId: string, after: Date): Promise<UsageReportRow[]> {
  return db
    .select()
    .from(r)
    .where(and(eq(r.applyId, applyId), isNull(r.submittedAt), gt(r.dueAt, after)))
    .orderBy(asc(r.dueAt));
}

export async function deleteReports(db: Executor, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(r).where(inArray(r.id, ids));
}

export async function updateReport(db: Executor, id: string, set: Partial<typeof usageReports.$inferInsert>) {
  await db.update(r).set(set).where(eq(r.id, id));
}

/** A report with its application, locked, if the user is the application's applicant. */
export async function lockReportOf(db: Executor, reportId: string, userId: string) {
  const [row] = await db
    .select({ report: r, apply: a })
    .from(r)
    .innerJoin(a, eq(a.id, r.applyId))
    .where(and(eq(r.id, reportId), eq(a.applicantId, userId)))
    .limit(1)
    .for('update', { of: r });
  return row ?? null;
}

const reportColumns = {
  report: r,
  code: a.code,
  catalogId: a.catalogId,
  catalogName: catalogues.catalogName,
  applicantId: a.applicantId,
  applicantName: users.realname,
  providerOrgCode: a.providerOrgCode,
  applyStatus: a.status,
};

/** Reports past due and not filed, in a scope (a provider department's datasets, or all). */
export async function overdueReports(
  db: Executor,
  scope: SQL | undefined,
  catalogName: string | undefined,
  now: Date,
  limit: number,
  offset: number,
) {
  const where = and(
    scope,
    isNull(r.submittedAt),
    lte(r.dueAt, now),
    catalogName ? ilike(catalogues.catalogName, containing(catalogName)) : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(reportColumns)
      .from(r)
      .innerJoin(a, eq(a.id, r.applyId))
      .innerJoin(catalogues, eq(catalogues.id, a.catalogId))
      .leftJoin(users, eq(users.id, a.applicantId))
      .where(where)
      .orderBy(asc(r.dueAt), asc(r.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(r)
      .innerJoin(a, eq(a.id, r.applyId))
      .innerJoin(catalogues, eq(catalogues.id, a.catalogId))
      .where(where),
  ]);
  return { rows, total: Number(n) };
}

/**
 * Reports the reminder job owes a message, claimed so that two instances never send one twice:
 * unfiled reports due within the window and not yet reminded, and those past due whose last
 * reminder came before their due time (`reminded_at` at or after the due time is the overdue notice).
 */
export async function reportsToRemind(db: Executor, now: Date, soon: Date, limit: number) {
  return db
    .select(reportColumns)
    .from(r)
    .innerJoin(a, eq(a.id, r.applyId))
    .innerJoin(catalogues, eq(catalogues.id, a.catalogId))
    .leftJoin(users, eq(users.id, a.applicantId))
    .where(
      and(
        isNull(r.submittedAt),
        or(
          and(isNull(r.remindedAt), gt(r.dueAt, now), lte(r.dueAt, soon)),
          and(lte(r.dueAt, now), or(isNull(r.remindedAt), lt(r.remindedAt, r.dueAt))),
        ),
      ),
    )
    .orderBy(asc(r.dueAt))
    .limit(limit)
    .for('update', { of: r, skipLocked: true });
}

/** Granted applications whose period ended before the city's `today`. */
export async function endedGrantedIds(db: Executor, today: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: a.id })
    .from(a)
    .where(and(eq(a.status, OpenApplyStatus.granted), lt(a.grantedEndDate, today)))
    .orderBy(asc(a.grantedEndDate))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Applications of withdrawn entries that are in review or granted. */
export async function openAppliesOfEntries(db: Executor, catalogIds: readonly string[]) {
  if (!catalogIds.length) return [];
  return db
    .select({ id: a.id, status: a.status })
    .from(a)
    .where(
      and(
        inArray(a.catalogId, [...catalogIds]),
        inArray(a.status, [OpenApplyStatus.provider, OpenApplyStatus.bureau, OpenApplyStatus.granted]),
      ),
    );
}

/** The grant an application's service reads through: its live one, else the one it last had. */
export async function currentGrants(db: Executor, applyIds: string[]): Promise<Map<string, OpenGrantRow>> {
  if (!applyIds.length) return new Map();
  const rows = await db
    .select()
    .from(openGrants)
    .where(inArray(openGrants.openApplyId, applyIds))
    .orderBy(sql`${openGrants.revokedAt} desc nulls first`, desc(openGrants.createdAt));
  const out = new Map<string, OpenGrantRow>();
  for (const g of rows) if (g.openApplyId && !out.has(g.openApplyId)) out.set(g.openApplyId, g);
  return out;
}
