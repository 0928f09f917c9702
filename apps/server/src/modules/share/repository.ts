import { OPEN_APP_STATUS, ShareStatus, TaskStatus } from '@odp/contracts';
import { and, count, desc, eq, gt, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  type AppliedItem,
  appSystems,
  attachments,
  catalogueFiles,
  catalogueItems,
  catalogues,
  datastoreResources,
  departs,
  dictItems,
  dicts,
  exchangeTasks,
  logs,
  openApps,
  openCallLogs,
  openGrants,
  shareApplies,
  users,
  workflowHistory,
  workflowTasks,
} from '../../db/schema/index.js';
import type { Resource } from '../datastore/store.js';

/**
 * Every statement of 数据共享: applications, the entries they are for, their grants and keys, and the
 * kernel's history of them. Services decide; this file only reads and writes.
 */

const sa = shareApplies;
export type ShareRow = typeof shareApplies.$inferSelect;
export type ShareInsert = typeof shareApplies.$inferInsert;

// --- the entry applied for ------------------------------------------------------------------

export type EntryItem = {
  name: string;
  enName: string | null;
  shareProperty: string | null;
  sharingCondition: string | null;
  masked: boolean;
  fieldDescription: string | null;
};

export type ShareEntry = {
  id: string;
  catalogName: string;
  orgCode: string;
  departName: string | null;
  catalogStatus: number;
  shelfStatus: number;
  shareType: string;
  dataFormat: string;
  keyAreasType: string;
  updateFrequency: string;
  informationSummary: string;
  dataUpdateTime: Date | null;
  mount: unknown;
  items: EntryItem[];
};

/** An entry with its department's name and its data items in order, or null. */
export async function findEntry(db: Executor, catalogId: string): Promise<ShareEntry | null> {
  const [row] = await db
    .select({
      id: catalogues.id,
      catalogName: catalogues.catalogName,
      orgCode: catalogues.orgCode,
      departName: departs.departName,
      catalogStatus: catalogues.catalogStatus,
      shelfStatus: catalogues.shelfStatus,
      shareType: catalogues.shareType,
      dataFormat: catalogues.dataFormat,
      keyAreasType: catalogues.keyAreasType,
      updateFrequency: catalogues.updateFrequency,
      informationSummary: catalogues.informationSummary,
      dataUpdateTime: catalogues.dataUpdateTime,
      mount: catalogues.mount,
    })
    .from(catalogues)
    .leftJoin(departs, eq(departs.orgCode, catalogues.orgCode))
    .where(eq(catalogues.id, catalogId))
    .limit(1);
  if (!row) return null;
  const items = await db
    .select({
      name: catalogueItems.name,
      enName: catalogueItems.enName,
      shareProperty: catalogueItems.shareProperty,
      sharingCondition: catalogueItems.sharingCondition,
      masked: catalogueItems.masked,
      fieldDescription: catalogueItems.fieldDescription,
    })
    .from(catalogueItems)
    .where(eq(catalogueItems.catalogId, catalogId))
    .orderBy(catalogueItems.serialNumber);
  return { ...row, items };
}

/**
 * Holds the entry against a concurrent 下架 or 删除 until the transaction ends: a grant opened now
 * is either refused (the entry went first) or seen and released by the withdrawal (the grant went first).
 */
export async function holdEntry(db: Executor, catalogId: string): Promise<void> {
  await db.select({ id: catalogues.id }).from(catalogues).where(eq(catalogues.id, catalogId)).for('share');
}

/** The entry's data: its mounted table's copy, else its newest live data file (the open API's default). */
export async function defaultResourceOf(db: Executor, catalogId: string, mount: unknown): Promise<Resource | null> {
  const mountedId = (mount as { resourceId?: unknown } | null)?.resourceId;
  if (typeof mountedId === 'string') {
    const [table] = await db
      .select()
      .from(datastoreResources)
      .where(
        and(
          eq(datastoreResources.id, mountedId),
          eq(datastoreResources.catalogId, catalogId),
          eq(datastoreResources.kind, 'table'),
        ),
      );
    if (table) return table;
  }
  const [file] = await db
    .select({ resource: datastoreResources })
    .from(datastoreResources)
    .innerJoin(catalogueFiles, eq(catalogueFiles.id, datastoreResources.fileId))
    .where(
      and(
        eq(datastoreResources.catalogId, catalogId),
        eq(datastoreResources.kind, 'file'),
        isNull(catalogueFiles.deletedAt),
      ),
    )
    .orderBy(desc(datastoreResources.createdAt))
    .limit(1);
  return file?.resource ?? null;
}

// --- checks of the form --------------------------------------------------------------------

export async function appSystemOf(db: Executor, id: string) {
  const [row] = await db
    .select({ id: appSystems.id, orgCode: appSystems.orgCode, appName: appSystems.appName })
    .from(appSystems)
    .where(eq(appSystems.id, id));
  return row ?? null;
}

export async function attachmentOf(db: Executor, id: string) {
  const [row] = await db
    .select({ id: attachments.id, uploadedBy: attachments.uploadedBy, fileName: attachments.fileName })
    .from(attachments)
    .where(eq(attachments.id, id));
  return row ?? null;
}

/** A dictionary item's text (a setting such as `share_rule.share_auto_grant`), if enabled. */
export async function dictSetting(db: Executor, dictCode: string, itemValue: string): Promise<string | null> {
  const [row] = await db
    .select({ text: dictItems.itemText })
    .from(dictItems)
    .innerJoin(dicts, eq(dicts.id, dictItems.dictId))
    .where(and(eq(dicts.dictCode, dictCode), eq(dictItems.itemValue, itemValue), eq(dictItems.status, 1)))
    .limit(1);
  return row?.text.trim() ?? null;
}

// --- applications ---------------------------------------------------------------------------

export async function insertShare(db: Executor, values: ShareInsert): Promise<ShareRow> {
  const [row] = await db.insert(sa).values(values).returning();
  return row;
}

export async function updateShare(db: Executor, id: string, values: Partial<ShareInsert>): Promise<void> {
  await db
    .update(sa)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(sa.id, id));
}

/** The application locked for the rest of the transaction. */
export async function lockShare(db: Executor, id: string): Promise<ShareRow | null> {
  const [row] = await db.select().from(sa).where(eq(sa.id, id)).limit(1).for('update');
  return row ?? null;
}

/**
 * Which applications the actor may see: the applying department its own (drafts too), the data's
 * department those submitted for its data, the bureau every submitted one; nobody another
 * department's drafts, and a user without a department none.
 */
export function visibleTo(actor: { orgCode: string | null }, seesAll: boolean): SQL {
  const submitted = ne(sa.status, ShareStatus.draft);
  const own = actor.orgCode ? eq(sa.applyOrgCode, actor.orgCode) : undefined;
  if (seesAll) return or(submitted, own) as SQL;
  if (!actor.orgCode) return sql`false`;
  return or(own, and(eq(sa.sourceOrgCode, actor.orgCode), submitted)) as SQL;
}

export async function findVisibleShare(db: Executor, where: SQL, visible: SQL): Promise<ShareRow | null> {
  const [row] = await db.select().from(sa).where(and(where, visible)).limit(1);
  return row ?? null;
}

export const byId = (id: string) => eq(sa.id, id);
export const byProcessCode = (code: string) => eq(sa.processCode, code);

/** Names the detail shows beside the application's codes, in one read. */
export async function shareNames(db: Executor, row: ShareRow) {
  const applyDept = departs;
  const [names] = await db
    .select({
      catalogName: catalogues.catalogName,
      shareType: catalogues.shareType,
      applyDeptName: sql<
        string | null
      >`(select ${applyDept.departName} from ${applyDept} where ${applyDept.orgCode} = ${row.applyOrgCode} limit 1)`,
      sourceDeptName: sql<
        string | null
      >`(select ${applyDept.departName} from ${applyDept} where ${applyDept.orgCode} = ${row.sourceOrgCode} limit 1)`,
      useAppSystemName: sql<
        string | null
      >`(select ${appSystems.appName} from ${appSystems} where ${appSystems.id} = ${row.useAppSystemId})`,
      applyFileName: sql<
        string | null
      >`(select ${attachments.fileName} from ${attachments} where ${attachments.id} = ${row.applyFileId})`,
      appKey: sql<string | null>`(select ${openApps.appKey} from ${openApps} where ${openApps.id} = ${row.appId})`,
      applicantName: sql<
        string | null
      >`(select ${users.realname} from ${users} where ${users.id} = ${row.applicantId})`,
    })
    .from(catalogues)
    .where(eq(catalogues.id, row.catalogId));
  return names;
}

/** The kernel's history of an application, oldest first. */
export function historyOf(db: Executor, id: string) {
  return db
    .select({
      action: workflowHistory.action,
      comment: workflowHistory.comment,
      realname: workflowHistory.realname,
      departName: workflowHistory.departName,
      createdAt: workflowHistory.createdAt,
    })
    .from(workflowHistory)
    .where(and(eq(workflowHistory.subjectType, 'share'), eq(workflowHistory.subjectId, id)))
    .orderBy(workflowHistory.createdAt, workflowHistory.id);
}

/** In-use applications of these entries (withdrawn: released at once). */
export async function inUseOf(db: Executor, catalogIds: readonly string[]): Promise<string[]> {
  if (!catalogIds.length) return [];
  const rows = await db
    .select({ id: sa.id })
    .from(sa)
    .where(and(inArray(sa.catalogId, [...catalogIds]), eq(sa.status, ShareStatus.inUse)))
    .orderBy(sa.id);
  return rows.map((r) => r.id);
}

/** In-use applications whose granted period ended before `today` (a UTC+8 date), oldest end first. */
export async function expiredBefore(db: Executor, today: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: sa.id })
    .from(sa)
    .where(
      and(
        eq(sa.status, ShareStatus.inUse),
        or(isNull(sa.grantedForever), eq(sa.grantedForever, false)),
        lt(sa.grantedEndTime, today),
      ),
    )
    .orderBy(sa.grantedEndTime, sa.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function titlesOf(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: sa.id, title: sa.title }).from(sa).where(inArray(sa.id, ids));
  return new Map(rows.map((r) => [r.id, r.title]));
}

// --- the lists --------------------------------------------------------------------------------

const applyDept = alias(departs, 'apply_dept');
const sourceDept = alias(departs, 'source_dept');

/** 数据共享量 / 被调用次数: successful calls made with the application's key. */
export const callsOfShare = sql<number>`(select count(*)::int from ${openCallLogs}
  where ${openCallLogs.appId} = ${sa.appId} and ${openCallLogs.status} < 400)`;

/** Columns the list filters on besides the application's own. */
export const listColumns = {
  catalogName: catalogues.catalogName,
  dataFormat: catalogues.dataFormat,
  appName: appSystems.appName,
};

export function selectSharePage(db: Executor, where: SQL | undefined, order: SQL[], limit: number, offset: number) {
  return db
    .select({
      row: sa,
      catalogName: catalogues.catalogName,
      dataFormat: catalogues.dataFormat,
      shareType: catalogues.shareType,
      applyDeptName: applyDept.departName,
      sourceDeptName: sourceDept.departName,
      useAppSystemName: appSystems.appName,
      totalNumber: callsOfShare,
    })
    .from(sa)
    .innerJoin(catalogues, eq(catalogues.id, sa.catalogId))
    .leftJoin(applyDept, eq(applyDept.orgCode, sa.applyOrgCode))
    .leftJoin(sourceDept, eq(sourceDept.orgCode, sa.sourceOrgCode))
    .leftJoin(appSystems, eq(appSystems.id, sa.useAppSystemId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}
export type SharePageRow = Awaited<ReturnType<typeof selectSharePage>>[number];

export async function countSharePage(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sa)
    .innerJoin(catalogues, eq(catalogues.id, sa.catalogId))
    .leftJoin(appSystems, eq(appSystems.id, sa.useAppSystemId))
    .where(where);
  return Number(row.n);
}

// --- grants -------------------------------------------------------------------------------

/** Whether the user already has an application of this name (名称 is unique among a user's 我的应用). */
export async function appNameTaken(db: Executor, userId: string, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: openApps.id })
    .from(openApps)
    .where(and(eq(openApps.userId, userId), eq(openApps.name, name)))
    .limit(1);
  return Boolean(row);
}

export async function insertApp(db: Executor, values: typeof openApps.$inferInsert) {
  const [row] = await db.insert(openApps).values(values).returning();
  return row;
}

export async function insertGrant(db: Executor, values: typeof openGrants.$inferInsert) {
  const [row] = await db.insert(openGrants).values(values).returning();
  return row;
}

/** Ends the application's grants and its app at once, and stops its exchange tasks. */
export async function endGrant(db: Executor, shareId: string, appId: string | null, now: Date): Promise<void> {
  await db
    .update(openGrants)
    .set({ revokedAt: now })
    .where(and(eq(openGrants.shareApplyId, shareId), isNull(openGrants.revokedAt)));
  if (appId) {
    await db.update(openApps).set({ status: OPEN_APP_STATUS.revoked, updatedAt: now }).where(eq(openApps.id, appId));
  }
  await db
    .update(exchangeTasks)
    .set({ state: '0', updatedAt: now })
    .where(and(eq(exchangeTasks.shareApplyId, shareId), eq(exchangeTasks.state, '1')));
}

/** The application's grant that is not revoked (its period may be over), with its app. */
export async function liveGrantOf(db: Executor, shareId: string) {
  const [row] = await db
    .select({ grant: openGrants, app: openApps })
    .from(openGrants)
    .innerJoin(openApps, eq(openApps.id, openGrants.appId))
    .where(and(eq(openGrants.shareApplyId, shareId), isNull(openGrants.revokedAt)))
    .orderBy(desc(openGrants.createdAt))
    .limit(1);
  return row ?? null;
}

export async function rotateAppSecret(db: Executor, appId: string, secretEnc: string, now: Date) {
  await db.update(openApps).set({ secretEnc, secretRotatedAt: now, updatedAt: now }).where(eq(openApps.id, appId));
}

// --- 申请归集 -----------------------------------------------------------------------------

export const POOLING_OPERATION = 'share:pooling';

/** Whether the department asked for this entry's collection since `since` (the operation log keeps it). */
export async function poolingAskedSince(db: Executor, target: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: logs.id })
    .from(logs)
    .where(and(eq(logs.operateType, POOLING_OPERATION), eq(logs.target, target), gt(logs.createdAt, since)))
    .limit(1);
  return Boolean(row);
}

// --- the inbox ------------------------------------------------------------------------------

/** Open share reviews the actor owes: its department's 数源部门 reviews, and the bureau's if it reviews. */
export async function openTasksOwed(
  db: Executor,
  owes: { sourceOrgCode: string | null; bureau: boolean },
): Promise<number> {
  const t = workflowTasks;
  const mine = [
    owes.sourceOrgCode ? and(eq(t.taskType, 'source'), eq(t.assigneeOrgCode, owes.sourceOrgCode)) : undefined,
    owes.bureau ? eq(t.taskType, 'bureau') : undefined,
  ].filter((c) => c !== undefined);
  if (!mine.length) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t)
    .where(and(eq(t.subjectType, 'share'), eq(t.status, TaskStatus.open), or(...mine)));
  return Number(row.n);
}

export type { AppliedItem };
