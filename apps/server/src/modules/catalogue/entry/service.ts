import {
  CATALOGUE_LOG_ACTION_LABEL,
  CATALOGUE_MACHINE,
  CatalogStatus,
  type CatalogueCreateInput,
  type CatalogueDetail,
  type CatalogueItem,
  type CatalogueListQuery,
  type CatalogueLogAction,
  type CatalogueLogItem,
  type CatalogueLogQuery,
  type CatalogueUpdateInput,
  isEditable,
  type LifecycleResult,
  type Page,
  ShelfStatus,
} from '@odp/contracts';
import { and, desc, eq, gte, ilike, lt, ne, or, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Executor, Tx } from '../../../db/client.js';
import { catalogues } from '../../../db/schema/index.js';
import { logOperation } from '../../../platform/audit/log.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { isUniqueViolation } from '../../../platform/http/db-errors.js';
import { badRequest, forbidden, notFound } from '../../../platform/http/errors.js';
import { type DataRuleColumns, dataRuleCondition } from '../../../platform/resource/data-rules.js';
import { containing } from '../../../platform/resource/like.js';
import { orderBy, paginate } from '../../../platform/resource/paging.js';
import { refreshSearchIndex } from '../../../platform/search/indexer.js';
import { forgetSubjects } from '../../../platform/workflow/tasks.js';
import { versionedCache } from '../../market/cache.js';
import { enabledSystemsOf } from '../../resources/systems/repository.js';
import { nextCatalogCode } from '../code.js';
import { departNameOf } from '../labels.js';
import { countLogs, type LogAuthor, logColumns, selectLogs, writeLog } from '../lifecycle/history.js';
import { transitionMany } from '../lifecycle/service.js';
import { ownsEntry, ScopeMessages, scopeFilter, seesAllDepartments } from '../scope.js';
import { catalogueSearch } from '../search.js';
import { toDetail, toItem } from './present.js';
import {
  categoryName,
  countEntries,
  deleteEntryRow,
  departExists,
  type EntryRow,
  filesOf,
  findEntry,
  insertEntryRow,
  itemsOf,
  nameTaken,
  replaceItems,
  selectEntries,
  updateEntryRow,
} from './repository.js';
import { copyServiceMatter, serviceMatterOf, writeServiceMatter } from './service-matter.js';

export const EntryMessages = {
  duplicateName: '本部门已存在同名目录',
  unknownCategory: '所选资源分类不存在',
  unknownDepart: '数源单位不存在',
  unknownSystem: '数源应用系统须为本部门已启用的应用系统（在“系统维护”中登记）',
  onlyDrafts: '只能删除草稿',
} as const;

const SORTABLE = {
  createTime: catalogues.createdAt,
  updateTime: catalogues.updatedAt,
  catalogName: catalogues.catalogName,
  catalogCode: catalogues.catalogCode,
  releaseTime: catalogues.releaseTime,
  catalogStatus: catalogues.catalogStatus,
  shelfStatus: catalogues.shelfStatus,
};

/** The list's filters within the caller's scope; deleted entries only when asked for by status. */
export function listFilter(actor: Actor, q: Omit<CatalogueListQuery, 'pageNo' | 'pageSize'>): SQL | undefined {
  return and(
    scopeFilter(actor),
    q.catalogName ? ilike(catalogues.catalogName, containing(q.catalogName)) : undefined,
    q.orgCode ? eq(catalogues.orgCode, q.orgCode) : undefined,
    q.catalogStatus !== undefined ? eq(catalogues.catalogStatus, q.catalogStatus) : undefined,
    q.shelfStatus !== undefined
      ? eq(catalogues.shelfStatus, q.shelfStatus)
      : ne(catalogues.shelfStatus, ShelfStatus.deleted),
    q.keyAreasType ? eq(catalogues.keyAreasType, q.keyAreasType) : undefined,
    q.openType ? eq(catalogues.openType, q.openType) : undefined,
    q.dataFormat ? eq(catalogues.dataFormat, q.dataFormat) : undefined,
  );
}

export function listOrder(q: Pick<CatalogueListQuery, 'sort' | 'order'>) {
  return [orderBy(q, SORTABLE, desc(catalogues.updatedAt)), desc(catalogues.id)];
}

const dialect = new PgDialect();
const keptCounts = versionedCache<number>(500);

/**
 * Counting a department's thousands of entries costs more than reading its page. When the list is
 * narrowed only by columns the catalogue version follows (migration 0004: status, shelf, open type,
 * format, area, department), the count is kept until that version moves; a name or a data rule
 * (which may name any column) is counted every time.
 */
function countOf(db: Db, where: SQL | undefined, keep: boolean) {
  if (!keep || !where) return countEntries(db, where);
  const { sql: text, params } = dialect.sqlToQuery(where);
  return keptCounts(db, JSON.stringify([text, params]), () => countEntries(db, where));
}

async function pageOf(db: Db, actor: Actor, query: CatalogueListQuery, where: SQL | undefined, keepCount = false) {
  const page = await paginate(
    query,
    (limit, offset) => selectEntries(db, where, listOrder(query), limit, offset),
    () => countOf(db, where, keepCount),
  );
  return { ...page, records: page.records.map((r) => toItem(actor, r.entry, r.departName)) };
}

/** The catalogue-list fields that 数据规则 on 目录管理 may name (the rule column → the real column). */
export const catalogueDataRuleColumns: DataRuleColumns = {
  catalogCode: catalogues.catalogCode,
  catalogName: catalogues.catalogName,
  orgCode: catalogues.orgCode,
  createBy: catalogues.createdBy,
  catalogStatus: catalogues.catalogStatus,
  shelfStatus: catalogues.shelfStatus,
  openType: catalogues.openType,
  shareType: catalogues.shareType,
  keyAreasType: catalogues.keyAreasType,
  updateFrequency: catalogues.updateFrequency,
  dataFormat: catalogues.dataFormat,
  baseLibrary: catalogues.baseLibrary,
  dataRange: catalogues.dataRange,
  createTime: catalogues.createdAt,
  updateTime: catalogues.updatedAt,
  releaseTime: catalogues.releaseTime,
};
export const CATALOGUE_LIST_MENU = '/cataloguemanage/list';

/**
 * What the caller's list shows: the department scope and filters first, then the caller's 数据规则
 * on 目录管理 narrow it further. The page and the export share it, so an export never holds more.
 */
export async function ruledListFilter(
  db: Db,
  actor: Actor,
  q: Omit<CatalogueListQuery, 'pageNo' | 'pageSize'>,
): Promise<SQL | undefined> {
  const rules = await dataRuleCondition(db, actor, CATALOGUE_LIST_MENU, catalogueDataRuleColumns);
  return and(listFilter(actor, q), rules);
}

export async function listEntries(db: Db, actor: Actor, query: CatalogueListQuery): Promise<Page<CatalogueItem>> {
  const rules = await dataRuleCondition(db, actor, CATALOGUE_LIST_MENU, catalogueDataRuleColumns);
  return pageOf(db, actor, query, and(listFilter(actor, query), rules), !rules && !query.catalogName);
}

/** 草稿箱: the drafts of the caller's current department, whoever the caller is. */
export function listDrafts(db: Db, actor: Actor, query: CatalogueListQuery): Promise<Page<CatalogueItem>> {
  if (!actor.orgCode)
    return Promise.resolve({ records: [], total: 0, size: query.pageSize, current: query.pageNo, pages: 0 });
  const where = and(
    eq(catalogues.orgCode, actor.orgCode),
    eq(catalogues.catalogStatus, CatalogStatus.draft),
    ne(catalogues.shelfStatus, ShelfStatus.deleted),
    query.catalogName ? ilike(catalogues.catalogName, containing(query.catalogName)) : undefined,
  );
  return pageOf(db, actor, query, where);
}

/** An entry the caller may see, or a 404 / 403. */
async function visibleEntry(db: Executor, actor: Actor, id: string, lock = false): Promise<EntryRow> {
  const row = await findEntry(db, id, lock);
  if (!row) throw notFound(ScopeMessages.notFound);
  if (!ownsEntry(actor, row.orgCode)) throw forbidden(ScopeMessages.notOwnView);
  return row;
}

export async function getEntry(db: Db, actor: Actor, id: string): Promise<CatalogueDetail> {
  const row = await visibleEntry(db, actor, id);
  const [items, files, departName, category, serviceMatter] = await Promise.all([
    itemsOf(db, id),
    filesOf(db, id),
    departNameOf(db, row.orgCode),
    row.categoryId ? categoryName(db, row.categoryId) : null,
    serviceMatterOf(db, id),
  ]);
  return toDetail(actor, row, { items, files, departName, categoryName: category, serviceMatter });
}

/** The department an entry is catalogued for: the caller's own, or any one a reviewer names. */
async function departmentFor(db: Executor, actor: Actor, given: string | null | undefined): Promise<string> {
  if (given && seesAllDepartments(actor)) {
    if (!(await departExists(db, given))) throw badRequest(EntryMessages.unknownDepart, { field: 'orgCode' });
    return given;
  }
  if (!actor.orgCode) throw badRequest(ScopeMessages.noDepart);
  return actor.orgCode;
}

/** The columns of the entry a create or an update writes from the form. */
function columnsOf(input: CatalogueCreateInput) {
  const { dataList: _items, releaseTime, orgCode: _org, serviceMatter: _matter, ...fields } = input;
  return { ...fields, releaseTime: releaseTime ? new Date(releaseTime) : null };
}

async function assertNameFree(db: Executor, orgCode: string, name: string, exceptId?: string) {
  if (await nameTaken(db, orgCode, name, exceptId)) {
    throw badRequest(EntryMessages.duplicateName, { field: 'catalogName' });
  }
}

/** 数源应用系统 names an enabled system of the entry's department; a value the entry already has stays valid. */
export async function sourceSystemKnown(
  db: Executor,
  orgCode: string,
  name: string | null | undefined,
  kept?: string | null,
) {
  if (!name || name === kept) return true;
  const systems = await enabledSystemsOf(db, orgCode);
  return systems.some((s) => s.appName === name);
}

async function assertSourceSystem(
  db: Executor,
  orgCode: string,
  name: string | null | undefined,
  kept?: string | null,
) {
  if (!(await sourceSystemKnown(db, orgCode, name, kept))) {
    throw badRequest(EntryMessages.unknownSystem, { field: 'sourceSystem' });
  }
}

async function assertCategory(db: Executor, id: string | null | undefined) {
  if (id && !(await categoryName(db, id))) throw badRequest(EntryMessages.unknownCategory, { field: 'categoryId' });
}

/**
 * Writes a new draft inside the caller's transaction: code by the fill rule, data items numbered
 * 1..n, the 编目日志 row and the search vector. The import and the copy go through here too.
 */
export async function insertEntry(
  tx: Tx,
  author: LogAuthor,
  input: CatalogueCreateInput,
  orgCode: string,
  log: { action: CatalogueLogAction; comment?: string | null } = { action: 'create' },
): Promise<EntryRow> {
  await assertNameFree(tx, orgCode, input.catalogName);
  await assertCategory(tx, input.categoryId);
  await assertSourceSystem(tx, orgCode, input.sourceSystem);
  const catalogCode = await nextCatalogCode(tx, { ...input, orgCode });
  const row = await insertEntryRow(tx, {
    ...columnsOf(input),
    catalogCode,
    orgCode,
    catalogStatus: CatalogStatus.draft,
    shelfStatus: ShelfStatus.off,
    createdBy: author.actor.userId,
  });
  await replaceItems(tx, row.id, input.dataList);
  await writeServiceMatter(tx, row.id, input.serviceMatter);
  await writeLog(tx, author, row, log.action, log.comment ?? null);
  await refreshSearchIndex(tx, catalogueSearch, [row.id]);
  return row;
}

async function withNameRace<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'data_catalog_org_name_uq')) {
      throw badRequest(EntryMessages.duplicateName, { field: 'catalogName' });
    }
    throw error;
  }
}

export async function createEntry(db: Db, actor: Actor, input: CatalogueCreateInput): Promise<CatalogueDetail> {
  const author = { actor, departName: await departNameOf(db, actor.orgCode) };
  const row = await withNameRace(() =>
    db.transaction(async (tx) => {
      const orgCode = await departmentFor(tx, actor, input.orgCode);
      const created = await insertEntry(tx, author, input, orgCode);
      await logOperation(tx, actor, {
        content: `新建目录：${created.catalogName}（${created.catalogCode}）`,
        operateType: 'catalog:create',
        target: created.id,
      });
      return created;
    }),
  );
  return getEntry(db, actor, row.id);
}

/** Why an entry may not be edited now, or null. */
export function editLock(row: EntryRow): string | null {
  if (isEditable(row)) return null;
  if (row.shelfStatus === ShelfStatus.deleted) return '目录已删除，请先恢复';
  if (row.catalogStatus === CatalogStatus.pending) return '目录审核中，暂不能编辑';
  if (row.shelfStatus === ShelfStatus.upPending) return '目录上架审核中，暂不能编辑';
  return '目录下架审核中，暂不能编辑';
}

export async function updateEntry(db: Db, actor: Actor, input: CatalogueUpdateInput): Promise<CatalogueDetail> {
  const author = { actor, departName: await departNameOf(db, actor.orgCode) };
  await withNameRace(() =>
    db.transaction(async (tx) => {
      const row = await findEntry(tx, input.id, true);
      if (!row) throw notFound(ScopeMessages.notFound);
      if (!ownsEntry(actor, row.orgCode)) throw forbidden(ScopeMessages.notOwn);
      const locked = editLock(row);
      if (locked) throw badRequest(locked);
      const orgCode =
        seesAllDepartments(actor) && input.orgCode ? await departmentFor(tx, actor, input.orgCode) : row.orgCode;
      await assertNameFree(tx, orgCode, input.catalogName, row.id);
      await assertCategory(tx, input.categoryId);
      await assertSourceSystem(tx, orgCode, input.sourceSystem, orgCode === row.orgCode ? row.sourceSystem : null);
      const { id: _id, ...rest } = input;
      await updateEntryRow(tx, row.id, { ...columnsOf(rest), orgCode });
      await replaceItems(tx, row.id, input.dataList);
      await writeServiceMatter(tx, row.id, input.serviceMatter);
      await writeLog(tx, author, row, 'update', null, row);
      await logOperation(tx, actor, {
        content: `编辑目录：${input.catalogName}（${row.catalogCode}）`,
        operateType: 'catalog:update',
        target: row.id,
      });
      await refreshSearchIndex(tx, catalogueSearch, [row.id]);
    }),
  );
  return getEntry(db, actor, input.id);
}

/** A free name for a copy: 名称（副本）, then 名称（副本2）, … */
async function copyName(db: Executor, orgCode: string, name: string): Promise<string> {
  for (let n = 1; n < 100; n++) {
    const candidate = `${name}（副本${n === 1 ? '' : n}）`;
    if (!(await nameTaken(db, orgCode, candidate))) return candidate;
  }
  throw badRequest(EntryMessages.duplicateName, { field: 'catalogName' });
}

/** Copies an entry with its data items (not its files) as a new draft of the same department. */
export async function copyEntry(db: Db, actor: Actor, id: string): Promise<CatalogueDetail> {
  const author = { actor, departName: await departNameOf(db, actor.orgCode) };
  const row = await withNameRace(() =>
    db.transaction(async (tx) => {
      const source = await visibleEntry(tx, actor, id);
      const items = await itemsOf(tx, id);
      const {
        id: _id,
        catalogCode: _code,
        catalogStatus: _cs,
        shelfStatus: _ss,
        shelfStatusBeforeDelete: _sb,
        createdAt: _ca,
        updatedAt: _ua,
        createdBy: _cb,
        ...fields
      } = source;
      const catalogName = await copyName(tx, source.orgCode, source.catalogName);
      const catalogCode = await nextCatalogCode(tx, source);
      const created = await insertEntryRow(tx, {
        ...fields,
        catalogName,
        catalogCode,
        catalogStatus: CatalogStatus.draft,
        shelfStatus: ShelfStatus.off,
        releaseTime: null,
        dataUpdateTime: null,
        viewNum: 0,
        downloadNum: 0,
        applicationsNum: 0,
        collectNum: 0,
        scoreAvg: '0',
        scoreCount: 0,
        totalNum: 0,
        createdBy: actor.userId,
      });
      await replaceItems(tx, created.id, items);
      await copyServiceMatter(tx, source.id, created.id);
      await writeLog(tx, author, created, 'copy', `复制自 ${source.catalogName}（${source.catalogCode}）`);
      await logOperation(tx, actor, {
        content: `复制目录：${source.catalogName} → ${catalogName}`,
        operateType: 'catalog:copy',
        target: created.id,
      });
      await refreshSearchIndex(tx, catalogueSearch, [created.id]);
      return created;
    }),
  );
  return getEntry(db, actor, row.id);
}

/**
 * Deletes one draft for good (drafts were never published, so nothing needs to be recoverable).
 * Answers null when deleted, 'notDraft' when the entry is not a draft, or the refusal reason.
 */
async function deleteDraft(db: Db, actor: Actor, id: string): Promise<string | null | 'notDraft'> {
  return db.transaction(async (tx) => {
    const row = await findEntry(tx, id, true);
    if (!row) return ScopeMessages.notFound;
    if (!ownsEntry(actor, row.orgCode)) return ScopeMessages.notOwn;
    if (row.catalogStatus !== CatalogStatus.draft) return 'notDraft';
    await deleteEntryRow(tx, id);
    await forgetSubjects(tx, CATALOGUE_MACHINE.subject, [id]);
    await logOperation(tx, actor, {
      content: `删除草稿：${row.catalogName}（${row.catalogCode}）`,
      operateType: 'catalog:draftDelete',
      target: id,
    });
    return null;
  });
}

/**
 * 删除: drafts go for good; any other entry takes the lifecycle's soft delete (已删除, recoverable),
 * which needs catalog:delete. With `onlyDrafts` other entries are refused.
 */
export async function deleteEntries(
  db: Db,
  actor: Actor,
  ids: string[],
  onlyDrafts: boolean,
): Promise<LifecycleResult> {
  const result: LifecycleResult = { succeeded: [], refused: [] };
  const others: string[] = [];
  for (const id of new Set(ids)) {
    const outcome = await deleteDraft(db, actor, id);
    if (outcome === null) result.succeeded.push(id);
    else if (outcome !== 'notDraft') result.refused.push({ id, reason: outcome });
    else if (onlyDrafts) result.refused.push({ id, reason: EntryMessages.onlyDrafts });
    else others.push(id);
  }
  if (others.length) {
    const soft = await transitionMany(db, actor, others, 'delete');
    result.succeeded.push(...soft.succeeded);
    result.refused.push(...soft.refused);
  }
  return result;
}

function toLogItem(r: Awaited<ReturnType<typeof selectLogs>>[number]): CatalogueLogItem {
  return {
    id: r.id,
    catalogId: r.catalogId,
    catalogName: r.catalogName,
    catalogCode: r.catalogCode,
    action: r.action,
    actionLabel: CATALOGUE_LOG_ACTION_LABEL[r.action as CatalogueLogAction] ?? r.action,
    fromCatalogStatus: r.fromCatalogStatus,
    toCatalogStatus: r.toCatalogStatus,
    fromShelfStatus: r.fromShelfStatus,
    toShelfStatus: r.toShelfStatus,
    comment: r.comment,
    username: r.username,
    realname: r.realname,
    orgCode: r.orgCode,
    departName: r.departName,
    createTime: r.createdAt.toISOString(),
  };
}

/** The 编目日志 of one entry, newest first. */
export async function logsOfEntry(db: Db, actor: Actor, id: string): Promise<CatalogueLogItem[]> {
  await visibleEntry(db, actor, id);
  const rows = await selectLogs(db, eq(logColumns.catalogId, id), 1000, 0);
  return rows.map(toLogItem);
}

/** A date-only bound covers its whole day. */
function timeBound(value: string, end: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const d = new Date(`${value}T00:00:00+08:00`);
    if (end) d.setUTCDate(d.getUTCDate() + 1);
    return d;
  }
  return new Date(value);
}

/** The global 编目日志 over the entries in the caller's scope. */
export async function logPage(db: Db, actor: Actor, q: CatalogueLogQuery): Promise<Page<CatalogueLogItem>> {
  const where = and(
    scopeFilter(actor),
    q.catalogName ? ilike(catalogues.catalogName, containing(q.catalogName)) : undefined,
    q.orgCode ? eq(catalogues.orgCode, q.orgCode) : undefined,
    q.action ? eq(logColumns.action, q.action) : undefined,
    q.operator
      ? or(ilike(logColumns.realname, containing(q.operator)), ilike(logColumns.username, containing(q.operator)))
      : undefined,
    q.startTime ? gte(logColumns.createdAt, timeBound(q.startTime, false)) : undefined,
    q.endTime ? lt(logColumns.createdAt, timeBound(q.endTime, true)) : undefined,
  );
  const page = await paginate(
    q,
    (limit, offset) => selectLogs(db, where, limit, offset),
    () => countLogs(db, where),
  );
  return { ...page, records: page.records.map(toLogItem) };
}
