import type {
  ApplyRecord,
  DownloadRecord,
  MyCollection,
  MyEvaluation,
  Page,
  PersonalPageQuery,
  SubmitRecord,
  ViewRecord,
} from '@odp/contracts';
import { OPEN_APPLY_MACHINE, stateLabel, toPage } from '@odp/contracts';
import { and, count, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  catalogues as c,
  catalogueCollects,
  catalogueDownloads,
  catalogueRatings,
  catalogueUserViews,
  departs,
  openApplies,
  workflowTasks,
} from '../../db/schema/index.js';
import { subjectOf } from '../../platform/workflow/registry.js';
import { isPublicSql } from '../market/repository.js';

/** The entry's columns every list shows; the entry may have left the portal since (then not a link). */
const entryColumns = {
  catalogId: c.id,
  catalogName: c.catalogName,
  departName: sql<string>`coalesce(${departs.departName}, ${c.orgCode})`,
  keyAreasType: c.keyAreasType,
  dataFormat: c.dataFormat,
  available: sql<boolean>`(${isPublicSql})`,
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const offsetOf = (q: PersonalPageQuery) => (q.pageNo - 1) * q.pageSize;

/**
 * One page of a user's rows of `table` joined to their entries, newest first by `newest`, and its total.
 * Every list here is this shape; only the table and the extra columns differ.
 */
async function entryPage(
  db: Executor,
  q: PersonalPageQuery,
  from: {
    // biome-ignore lint/suspicious/noExplicitAny: any of the user's tables that name an entry
    table: any;
    catalogId: PgColumn;
    mine: SQL;
    newest: PgColumn;
    columns: Record<string, PgColumn | SQL.Aliased | SQL>;
  },
): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ ...entryColumns, ...from.columns })
      .from(from.table)
      .innerJoin(c, eq(c.id, from.catalogId))
      .leftJoin(departs, eq(departs.orgCode, c.orgCode))
      .where(from.mine)
      .orderBy(desc(from.newest))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(from.table).where(from.mine),
  ]);
  return { rows: rows as Record<string, unknown>[], total: Number(n) };
}

export async function collectionsOf(db: Executor, userId: string, q: PersonalPageQuery): Promise<Page<MyCollection>> {
  const { rows, total } = await entryPage(db, q, {
    table: catalogueCollects,
    catalogId: catalogueCollects.catalogId,
    mine: eq(catalogueCollects.userId, userId),
    newest: catalogueCollects.createdAt,
    columns: {
      informationSummary: c.informationSummary,
      dataUpdateTime: c.dataUpdateTime,
      collectedAt: catalogueCollects.createdAt,
    },
  });
  return toPage(
    rows.map((r) => ({
      ...(r as unknown as MyCollection),
      dataUpdateTime: iso(r.dataUpdateTime as Date | null),
      collectedAt: iso(r.collectedAt as Date) as string,
    })),
    total,
    q,
  );
}

export async function evaluationsOf(db: Executor, userId: string, q: PersonalPageQuery): Promise<Page<MyEvaluation>> {
  const { rows, total } = await entryPage(db, q, {
    table: catalogueRatings,
    catalogId: catalogueRatings.catalogId,
    mine: eq(catalogueRatings.userId, userId),
    newest: catalogueRatings.updatedAt,
    columns: {
      score: catalogueRatings.score,
      comment: catalogueRatings.comment,
      updatedAt: catalogueRatings.updatedAt,
    },
  });
  return toPage(
    rows.map((r) => ({ ...(r as unknown as MyEvaluation), updatedAt: iso(r.updatedAt as Date) as string })),
    total,
    q,
  );
}

export async function viewsOf(db: Executor, userId: string, q: PersonalPageQuery): Promise<Page<ViewRecord>> {
  const { rows, total } = await entryPage(db, q, {
    table: catalogueUserViews,
    catalogId: catalogueUserViews.catalogId,
    mine: eq(catalogueUserViews.userId, userId),
    newest: catalogueUserViews.lastViewedAt,
    columns: {
      viewCount: catalogueUserViews.viewCount,
      firstViewedAt: catalogueUserViews.firstViewedAt,
      lastViewedAt: catalogueUserViews.lastViewedAt,
    },
  });
  return toPage(
    rows.map((r) => ({
      ...(r as unknown as ViewRecord),
      firstViewedAt: iso(r.firstViewedAt as Date) as string,
      lastViewedAt: iso(r.lastViewedAt as Date) as string,
    })),
    total,
    q,
  );
}

export async function downloadsOf(db: Executor, userId: string, q: PersonalPageQuery): Promise<Page<DownloadRecord>> {
  const { rows, total } = await entryPage(db, q, {
    table: catalogueDownloads,
    catalogId: catalogueDownloads.catalogId,
    mine: and(isNotNull(catalogueDownloads.userId), eq(catalogueDownloads.userId, userId)) as SQL,
    newest: catalogueDownloads.createdAt,
    columns: { format: catalogueDownloads.format, downloadedAt: catalogueDownloads.createdAt },
  });
  return toPage(
    rows.map((r) => ({ ...(r as unknown as DownloadRecord), downloadedAt: iso(r.downloadedAt as Date) as string })),
    total,
    q,
  );
}

export async function appliesOf(db: Executor, userId: string, q: PersonalPageQuery): Promise<Page<ApplyRecord>> {
  const { rows, total } = await entryPage(db, q, {
    table: openApplies,
    catalogId: openApplies.catalogId,
    mine: eq(openApplies.applicantId, userId),
    newest: openApplies.createdAt,
    columns: {
      applyId: openApplies.id,
      applyNo: openApplies.code,
      status: openApplies.status,
      appliedAt: sql<Date>`coalesce(${openApplies.submittedAt}, ${openApplies.createdAt})`.mapWith(
        openApplies.createdAt,
      ),
      decidedAt: openApplies.decidedAt,
    },
  });
  return toPage(
    rows.map((r) => ({
      ...(r as unknown as ApplyRecord),
      statusLabel: stateLabel(OPEN_APPLY_MACHINE, 'status', r.status as string),
      appliedAt: iso(r.appliedAt as Date) as string,
      decidedAt: iso(r.decidedAt as Date | null),
    })),
    total,
    q,
  );
}

/** Every review task the user started, of any record type, titled by that record's own adapter. */
export async function submissionsOf(db: Executor, userId: string, q: PersonalPageQuery): Promise<Page<SubmitRecord>> {
  const mine = eq(workflowTasks.submitterId, userId);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(workflowTasks)
      .where(mine)
      .orderBy(desc(workflowTasks.submitTime), desc(workflowTasks.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(workflowTasks).where(mine),
  ]);
  const titles = new Map<string, Map<string, string>>();
  for (const type of new Set(rows.map((r) => r.subjectType))) {
    const subject = subjectOf(type);
    const ids = rows.filter((r) => r.subjectType === type).map((r) => r.subjectId);
    titles.set(type, subject ? await subject.titles(db, ids) : new Map());
  }
  return toPage(
    rows.map((r) => {
      const machine = subjectOf(r.subjectType)?.machine;
      return {
        taskId: r.id,
        subjectType: r.subjectType,
        subjectLabel: machine?.label ?? r.subjectType,
        taskLabel: (machine?.tasks as Record<string, string> | undefined)?.[r.taskType] ?? r.taskType,
        title: titles.get(r.subjectType)?.get(r.subjectId) ?? '（已删除）',
        status: r.status,
        decision: r.decision,
        comment: r.comment,
        submittedAt: r.submitTime.toISOString(),
        decidedAt: iso(r.approvalTime),
      };
    }),
    Number(n),
    q,
  );
}
