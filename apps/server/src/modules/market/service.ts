import {
  type CollectResult,
  FACETS,
  type FacetCounts,
  type FilePreview,
  type MarketCard,
  type MarketDetail,
  type MarketFilter,
  MarketMessages,
  type MarketPage,
  type MarketPageQuery,
  type MarketPreviewQuery,
  type MarketTable,
  type OpenUnit,
  type Page,
  type RatingInput,
  type RatingItem,
  type RatingResult,
  SEARCH_TOTAL_CAP,
  type ServiceMatter,
  toPage,
} from '@odp/contracts';
import { and, asc, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, preparedOnce } from '../../db/client.js';
import {
  catalogueCollects,
  catalogueFiles,
  catalogueItems,
  catalogueRatings,
  catalogues,
  datastoreResources,
  departs,
  users,
} from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import { highlightTerms, toTsquery } from '../../platform/search/bigram.js';
import { highlight } from '../../platform/search/highlight.js';
import { firstRows as firstResourceRows } from '../datastore/store.js';
import { firstRows, presentFile, type ShownFileFields } from '../files/service.js';
import { versionedCache } from './cache.js';
import { figureOf, publicFacetCounts } from './figures.js';
import { maskedColumns, maskRow } from './mask.js';
import {
  type CardRow,
  cappedCount,
  cardsByIds,
  facetCounts,
  filterParts,
  isPublicSql,
  type Keyword,
  pageRows,
  pageRowsByRelease,
  pageRowsRankedWithinNewest,
  relevanceOrder,
  sortOrder,
} from './repository.js';
import { noteUserView, viewCounterFor } from './views.js';

const c = catalogues;

/**
 * Above this many matches a keyword query is not ranked as a whole: the newest RANK_BOUND matches
 * are ranked (name matches first) and later pages follow in release order. Measured with
 * `npm run bench:search`; ranking reads every matching vector, which dominates broad queries.
 */
export const RANK_ALL_LIMIT = 2000;
export const RANK_BOUND = 200;
export const PREVIEW_ROWS = 50;

export function parseKeyword(text: string | undefined): Keyword | null {
  if (!text) return null;
  const tsquery = toTsquery(text);
  return tsquery ? { tsquery, terms: highlightTerms(text) } : null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentCard(r: CardRow, terms: readonly string[]): MarketCard {
  return {
    id: r.id,
    catalogName: r.catalogName,
    catalogCode: r.catalogCode,
    informationSummary: r.informationSummary,
    orgCode: r.orgCode,
    departName: r.departName,
    releaseTime: iso(r.releaseTime),
    dataUpdateTime: iso(r.dataUpdateTime),
    openType: r.openType,
    shareType: r.shareType,
    keyAreasType: r.keyAreasType,
    updateFrequency: r.updateFrequency,
    dataFormat: r.dataFormat,
    viewNum: r.viewNum,
    downloadNum: r.downloadNum,
    callNum: Number(r.callNum),
    applicationsNum: r.applicationsNum,
    collectNum: r.collectNum,
    scoreAvg: Number(r.scoreAvg),
    totalNum: Number(r.totalNum),
    highlight: {
      catalogName: highlight(r.catalogName, terms),
      informationSummary: highlight(r.informationSummary, terms),
    },
  };
}

const cachedCount = versionedCache<number>(1000);
const cachedFacets = versionedCache<FacetCounts>(1000);
const cachedRanking = versionedCache<string[]>(1000);

/** What a count or facet answer depends on: the parsed keyword and every filter. */
const filterKey = (f: MarketFilter, keyword: Keyword | null) =>
  JSON.stringify([
    keyword?.tsquery ?? null,
    f.categoryId ?? null,
    f.treeItemId ?? null,
    ...FACETS.map((x) => f[x] ?? null),
  ]);

/** One page of the public catalogue: filters, keyword (AND of terms), sort; totals capped at 10000. */
export async function marketPage(
  db: Executor,
  q: MarketPageQuery,
  tuning = { rankAllLimit: RANK_ALL_LIMIT, rankBound: RANK_BOUND },
): Promise<MarketPage> {
  const { rankAllLimit, rankBound } = tuning;
  const keyword = parseKeyword(q.catalogName);
  const parts = filterParts(q, keyword);
  const conds = [isPublicSql, ...parts];
  // Unfiltered, the total is a kept figure; otherwise the matches are counted up to the cap, once
  // per catalogue version.
  const counted = parts.length
    ? await cachedCount(db, filterKey(q, keyword), () => cappedCount(db, conds, SEARCH_TOTAL_CAP, keyword !== null))
    : (await figureOf(db, 'all')).openEntries;
  const totalCapped = counted > SEARCH_TOTAL_CAP;
  const total = Math.min(counted, SEARCH_TOTAL_CAP);
  const limit = q.pageSize;
  const offset = (q.pageNo - 1) * q.pageSize;
  let rows: CardRow[] = [];
  const newestFirst = q.sort === 'releaseTime' && q.order !== 'asc';
  if (offset < total) {
    if (newestFirst || (!q.sort && !keyword)) {
      // The portal's default page: its order, too, changes only with the catalogue version.
      const key = JSON.stringify(['release', filterKey(q, keyword), limit, offset]);
      const ids = await cachedRanking(db, key, async () =>
        (await pageRowsByRelease(db, parts, limit, offset)).map((r) => r.id),
      );
      rows = await cardsByIds(db, ids);
    } else if (q.sort) rows = await pageRows(db, conds, sortOrder(q.sort, q.order), limit, offset);
    else if (keyword) {
      const ranked = async () => {
        if (counted <= rankAllLimit) return pageRows(db, conds, relevanceOrder(keyword), limit, offset);
        let found: CardRow[] = [];
        if (offset < rankBound) {
          const take = Math.min(limit, rankBound - offset);
          found = await pageRowsRankedWithinNewest(db, parts, keyword, rankBound, take, offset);
        }
        if (found.length < limit && offset + limit > rankBound) {
          const from = Math.max(offset, rankBound);
          found = found.concat(await pageRowsByRelease(db, parts, limit - found.length, from));
        }
        return found;
      };
      // Ranking reads every matching vector, and a page's order changes only with the catalogue
      // version: the ids are kept, the cards (whose counters move with every view) are read fresh.
      const key = JSON.stringify([filterKey(q, keyword), limit, offset, rankAllLimit, rankBound]);
      rows = await cardsByIds(db, await cachedRanking(db, key, async () => (await ranked()).map((r) => r.id)));
    }
  }
  const terms = keyword?.terms ?? [];
  return {
    ...toPage(
      rows.map((r) => presentCard(r, terms)),
      total,
      q,
    ),
    totalCapped,
  };
}

export async function catalogueAmount(db: Executor, f: MarketFilter): Promise<FacetCounts> {
  const keyword = parseKeyword(f.catalogName);
  // The catalogue's first view (nothing chosen) reads the kept figures instead of every public entry.
  if (!keyword && filterParts(f, null).length === 0) return publicFacetCounts(db);
  return cachedFacets(db, filterKey(f, keyword), () => facetCounts(db, f, keyword));
}

// --- detail ------------------------------------------------------------------------------

type PublicEntry = typeof catalogues.$inferSelect;

async function publicEntry(db: Executor, id: string): Promise<PublicEntry> {
  const [found] = await db
    .select({ entry: c, departName: departs.departName })
    .from(c)
    .leftJoin(departs, eq(departs.orgCode, c.orgCode))
    .where(and(eq(c.id, id), isPublicSql));
  if (!found) throw notFound();
  const { entry } = found;
  return entry;
}

const RELATED = 6;

type ItemJson = MarketDetail['dataList'][number];
/** A file's shown fields as JSON carries them (the time as text). */
type FileJson = Omit<ShownFileFields, 'createdAt'> & { createdAt: string };

/** The entry's data items in order, built by the database as the detail answer wants them. */
const itemsJson = sql<ItemJson[]>`(
  select coalesce(json_agg(json_build_object(
    'serialNumber', i.serial_number, 'name', i.name, 'enName', i.en_name, 'dataType', i.data_type,
    'dataLength', i.data_length, 'openAttribute', i.open_attribute, 'primaryKey', i.primary_key,
    'nullValue', i.null_value, 'fieldDescription', i.field_description, 'masked', i.masked
  ) order by i.serial_number), '[]'::json)
  from data_catalog_item i where i.catalog_id = ${c.id})`;

/** The entry's live attachments, data files first, newest first, with the fields `presentFile` shows. */
const filesJson = sql<FileJson[]>`(
  select coalesce(json_agg(json_build_object(
    'id', f.id, 'kind', f.kind, 'fileName', f.file_name, 'mimeType', f.mime_type, 'size', f.size,
    'rowCount', f.row_count, 'columns', f.columns, 'createdAt', f.created_at
  ) order by f.kind, f.created_at desc), '[]'::json)
  from data_catalog_file f where f.catalog_id = ${c.id} and f.deleted_at is null)`;

/**
 * 相关目录: public entries of the same department and key area first, then of either, newest first.
 * Each branch reads a partial index in release order (data_catalog_public_org_idx / _area_idx) and
 * stops after a few rows; enough are taken that fewer than RELATED matches of both never starve the rest.
 */
type RelatedRow = {
  id: string;
  catalog_name: string;
  org_code: string;
  key_areas_type: string;
  release_time: Date | string | null;
  depart_name: string | null;
};

/**
 * Newest public entries of the same department and key area first, then of either: three short
 * walks down the public partial indexes, in one statement with the departments' names. It needs
 * only the entry's id (its department and area are read inside), so it goes out together with the
 * entry's own statement.
 */
function relatedStatement(db: Executor, name: string) {
  const id = sql.placeholder('id');
  const of = (column: string) => sql`(select e.${sql.raw(column)} from data_catalog e where e.id = ${id})`;
  const newest = (cond: SQL, n: number) => sql`(
    select id, catalog_name, org_code, key_areas_type, release_time from ${c}
    where ${isPublicSql} and ${c.id} <> ${id} and ${cond}
    order by release_time desc nulls last, id desc nulls last limit ${sql.raw(String(n))})`;
  const sameOrg = sql`${c.orgCode} = ${of('org_code')}`;
  const sameArea = sql`${c.keyAreasType} = ${of('key_areas_type')}`;
  const r = {
    id: sql<string>`r.id`,
    catalog_name: sql<string>`r.catalog_name`,
    org_code: sql<string>`r.org_code`,
    key_areas_type: sql<string>`r.key_areas_type`,
    release_time: sql<Date | string | null>`r.release_time`,
    depart_name: sql<string | null>`d.depart_name`,
  };
  return db
    .select(r)
    .from(
      sql`(${newest(sql`${sameOrg} and ${sameArea}`, RELATED)}
      union all ${newest(sameOrg, RELATED * 2)}
      union all ${newest(sameArea, RELATED * 2)}) r left join ${departs} d on d.org_code = r.org_code`,
    )
    .prepare(name);
}

/** The related entries among the candidates: same department and key area first, then newest. */
function rankRelated(candidates: RelatedRow[], entry: PublicEntry) {
  const releaseOf = (r: RelatedRow) => (r.release_time === null ? null : new Date(r.release_time));
  const both = (r: RelatedRow) => r.org_code === entry.orgCode && r.key_areas_type === entry.keyAreasType;
  const time = (r: RelatedRow) => releaseOf(r)?.getTime() ?? Number.NEGATIVE_INFINITY;
  const unique = [...new Map(candidates.map((r) => [r.id, r])).values()];
  unique.sort((a, b) => Number(both(b)) - Number(both(a)) || time(b) - time(a) || (a.id < b.id ? 1 : -1));
  return unique.slice(0, RELATED).map((r) => ({
    id: r.id,
    catalogName: r.catalog_name,
    departName: r.depart_name ?? r.org_code,
    keyAreasType: r.key_areas_type,
    releaseTime: releaseOf(r),
  }));
}

/** The signed-in visitor's own rating and whether they collected the entry. */
async function visitorMarks(db: Executor, id: string, userId: string) {
  const [[rating], [collect]] = await Promise.all([
    db
      .select({ score: catalogueRatings.score, comment: catalogueRatings.comment })
      .from(catalogueRatings)
      .where(and(eq(catalogueRatings.catalogId, id), eq(catalogueRatings.userId, userId))),
    db
      .select({ id: catalogueCollects.catalogId })
      .from(catalogueCollects)
      .where(and(eq(catalogueCollects.catalogId, id), eq(catalogueCollects.userId, userId))),
  ]);
  return { myRating: (rating ?? null) as MarketDetail['myRating'], collected: Boolean(collect) };
}

/** The mounted table's current copy (mount.resourceId), if the entry has one. */
const tableJson = sql<MarketTable | null>`(
  select json_build_object('id', r.id, 'tableName', coalesce(${c.mount}->>'tableName', '数据表'),
    'rowCount', r.row_count, 'updatedAt', r.updated_at)
  from ds_resource r where r.kind = 'table' and r.id::text = ${c.mount}->>'resourceId')`;

/** The government service item the entry serves (服务事项), if it is related to one. */
const serviceJson = sql<ServiceMatter | null>`(
  select json_build_object('businessCode', s.business_code, 'businessName', s.business_name,
    'eventType', s.event_type, 'eventLevel', s.event_level, 'directoryCode', s.directory_code,
    'itemData', s.item_data, 'implementationCode', s.implementation_code,
    'implementationName', s.implementation_name, 'drivingLevel', s.driving_level, 'resultType', s.result_type,
    'applicationScenario', s.application_scenario, 'applicationScenarioDescribe', s.application_scenario_describe,
    'provideChannels', s.provide_channels, 'electronicLicense', s.electronic_license)
  from data_catalog_service_matter s where s.catalog_id = ${c.id})`;

function detailStatement(db: Executor, name: string) {
  return db
    .select({
      entry: c,
      departName: departs.departName,
      items: itemsJson,
      files: filesJson,
      table: tableJson,
      serviceMatter: serviceJson,
    })
    .from(c)
    .leftJoin(departs, eq(departs.orgCode, c.orgCode))
    .where(and(eq(c.id, sql.placeholder('id')), isPublicSql))
    .prepare(name);
}

/**
 * Everything the public may see of an entry; counts the view (written in batches, see `views.ts`)
 * unless the caller says it was counted already.
 */
export async function marketDetail(
  db: Db,
  id: string,
  actor: Actor | null,
  { countView = true }: { countView?: boolean } = {},
): Promise<MarketDetail> {
  // Two statements that go out together over the pool: the entry with its items and files, and
  // the related entries (each statement costs a round trip, a parse and a plan).
  const [[found], candidates, mine] = await Promise.all([
    preparedOnce(db, 'market_detail', detailStatement).execute({ id }),
    preparedOnce(db, 'market_related', relatedStatement).execute({ id }) as Promise<RelatedRow[]>,
    actor ? visitorMarks(db, id, actor.userId) : { myRating: null, collected: false },
  ]);
  if (!found) throw notFound();
  const { entry, items, files } = found;
  const views = viewCounterFor(db);
  if (countView) views.count(id);
  if (actor) await noteUserView(db, actor.userId, id);
  const related = rankRelated(candidates, entry);
  const { myRating, collected } = mine;
  return {
    id: entry.id,
    catalogName: entry.catalogName,
    catalogCode: entry.catalogCode,
    catalogEn: entry.catalogEn,
    informationSummary: entry.informationSummary,
    orgCode: entry.orgCode,
    departName: found.departName ?? entry.orgCode,
    businessDepartment: entry.businessDepartment,
    sourceSystem: entry.sourceSystem,
    releaseTime: iso(entry.releaseTime),
    dataUpdateTime: iso(entry.dataUpdateTime),
    openType: entry.openType,
    openCondition: entry.openCondition,
    openSociety: entry.openSociety,
    applyNeedsVerified: entry.openType === '2' && entry.applyNeedsVerified,
    shareType: entry.shareType,
    shareMode: entry.shareMode,
    keyAreasType: entry.keyAreasType,
    keyAreasRemark: entry.keyAreasRemark,
    baseLibrary: entry.baseLibrary,
    categoryId: entry.categoryId,
    dataRange: entry.dataRange,
    updateFrequency: entry.updateFrequency,
    inputFrequency: entry.inputFrequency,
    dataFormat: entry.dataFormat,
    viewNum: entry.viewNum + views.pendingFor(id),
    downloadNum: entry.downloadNum,
    callNum: Number(entry.callNum),
    applicationsNum: entry.applicationsNum,
    collectNum: entry.collectNum,
    scoreAvg: Number(entry.scoreAvg),
    scoreCount: entry.scoreCount,
    totalNum: Number(entry.totalNum),
    downloadable: entry.openType === '1',
    dataList: items,
    files: files.map((f) => presentFile({ ...f, createdAt: new Date(f.createdAt) })),
    table: found.table ? { ...found.table, updatedAt: new Date(found.table.updatedAt).toISOString() } : null,
    related: related.map((r) => ({ ...r, releaseTime: iso(r.releaseTime) })),
    serviceMatter: found.serviceMatter ?? null,
    myRating,
    collected,
  };
}

// --- preview and downloads ---------------------------------------------------------------

export async function maskedItemsOf(db: Executor, catalogId: string) {
  return db
    .select({ name: catalogueItems.name, enName: catalogueItems.enName, masked: catalogueItems.masked })
    .from(catalogueItems)
    .where(and(eq(catalogueItems.catalogId, catalogId), eq(catalogueItems.masked, true)));
}

export type MarketPreview = FilePreview & { maskedColumns: string[] };

/** The mounted table of a public entry, by its datastore resource. */
async function mountedTable(db: Executor, catalogId: string, resourceId: string) {
  const [resource] = await db
    .select()
    .from(datastoreResources)
    .where(
      and(
        eq(datastoreResources.id, resourceId),
        eq(datastoreResources.catalogId, catalogId),
        eq(datastoreResources.kind, 'table'),
      ),
    );
  if (!resource) throw notFound();
  return resource;
}

/** The first 50 rows of a public entry's data file or mounted table, masked columns masked. */
export async function marketPreview(db: Executor, q: MarketPreviewQuery): Promise<MarketPreview> {
  await publicEntry(db, q.catalogId);
  let columns: string[];
  let total: number;
  let rows: string[][];
  if (q.resourceId) {
    const resource = await mountedTable(db, q.catalogId, q.resourceId);
    columns = resource.fields.map((f) => f.name);
    total = resource.rowCount;
    rows = await firstResourceRows(db, resource, PREVIEW_ROWS);
  } else {
    const [file] = await db
      .select()
      .from(catalogueFiles)
      .where(
        and(
          eq(catalogueFiles.id, q.fileId ?? ''),
          eq(catalogueFiles.catalogId, q.catalogId),
          isNull(catalogueFiles.deletedAt),
        ),
      );
    if (!file) throw notFound();
    if (file.kind !== 'data') throw badRequest('文档类附件不支持预览');
    columns = file.columns ?? [];
    total = file.rowCount;
    rows = await firstRows(db, file.id, PREVIEW_ROWS);
  }
  const masked = maskedColumns(columns, await maskedItemsOf(db, q.catalogId));
  return {
    columns,
    rows: rows.map((r) => maskRow(r, masked)),
    total,
    maskedColumns: masked.map((i) => columns[i]),
  };
}

/**
 * What an open download asks for: the entry must be public and 无条件开放 (有条件开放 needs an open
 * application first), and the file one of its live attachments or the table its mounted copy.
 */
export async function openDownloadTarget(
  db: Executor,
  q: { catalogId: string; fileName?: string; fileId?: string; resourceId?: string },
) {
  const entry = await publicEntry(db, q.catalogId);
  if (entry.openType !== '1') throw forbidden(MarketMessages.conditionalOpen);
  if (q.resourceId) {
    const resource = await mountedTable(db, entry.id, q.resourceId);
    const tableName = (entry.mount as { tableName?: string } | null)?.tableName ?? entry.catalogName;
    return { entry, file: null, table: { resource, name: tableName } };
  }
  const [file] = await db
    .select()
    .from(catalogueFiles)
    .where(
      and(
        eq(catalogueFiles.catalogId, entry.id),
        isNull(catalogueFiles.deletedAt),
        q.fileId ? eq(catalogueFiles.id, q.fileId) : eq(catalogueFiles.fileName, q.fileName ?? ''),
      ),
    )
    .orderBy(desc(catalogueFiles.createdAt))
    .limit(1);
  if (!file) throw notFound();
  return { entry, file, table: null };
}

// --- ratings and collections -------------------------------------------------------------

/** One rating per user and entry, editable; the entry's average is recomputed in the same transaction. */
export async function rateCatalogue(db: Db, actor: Actor, input: RatingInput): Promise<RatingResult> {
  return db.transaction(async (tx) => {
    await publicEntry(tx, input.catalogId);
    await tx
      .insert(catalogueRatings)
      .values({ catalogId: input.catalogId, userId: actor.userId, score: input.score, comment: input.comment })
      .onConflictDoUpdate({
        target: [catalogueRatings.catalogId, catalogueRatings.userId],
        set: { score: input.score, comment: input.comment, updatedAt: new Date() },
      });
    const agg = await refreshRatingFigures(tx, input.catalogId);
    return {
      scoreAvg: Number(agg.avg),
      scoreCount: Number(agg.n),
      myRating: { score: input.score, comment: input.comment },
    };
  });
}

/** The entry's average and number of ratings, recomputed from its ratings in the caller's transaction. */
async function refreshRatingFigures(tx: Executor, catalogId: string) {
  const [agg] = await tx
    .select({
      avg: sql<string>`coalesce(round(avg(${catalogueRatings.score})::numeric, 2), 0)`,
      n: sql<number>`count(*)::int`,
    })
    .from(catalogueRatings)
    .where(eq(catalogueRatings.catalogId, catalogId));
  await tx
    .update(c)
    .set({ scoreAvg: String(agg.avg), scoreCount: Number(agg.n) })
    .where(eq(c.id, catalogId));
  return agg;
}

/**
 * Deletes the user's own rating of an entry (我的评价 › 删除), also of an entry no longer public;
 * the entry's figures follow in the same transaction. False when there was none.
 */
export async function removeOwnRating(db: Db, actor: Actor, catalogId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(catalogueRatings)
      .where(and(eq(catalogueRatings.catalogId, catalogId), eq(catalogueRatings.userId, actor.userId)))
      .returning({ id: catalogueRatings.catalogId });
    if (gone.length) await refreshRatingFigures(tx, catalogId);
    return gone.length > 0;
  });
}

export async function ratingList(
  db: Db,
  q: { catalogId: string; pageNo: number; pageSize: number },
): Promise<Page<RatingItem>> {
  await publicEntry(db, q.catalogId);
  const where = eq(catalogueRatings.catalogId, q.catalogId);
  const [rows, [{ n }]] = [
    await db
      .select({
        realname: users.realname,
        score: catalogueRatings.score,
        comment: catalogueRatings.comment,
        createdAt: catalogueRatings.createdAt,
        updatedAt: catalogueRatings.updatedAt,
      })
      .from(catalogueRatings)
      .innerJoin(users, eq(users.id, catalogueRatings.userId))
      .where(where)
      .orderBy(desc(catalogueRatings.updatedAt))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    await db.select({ n: count() }).from(catalogueRatings).where(where),
  ];
  return toPage(
    rows.map((r) => ({
      userName: maskName(r.realname),
      score: r.score,
      comment: r.comment,
      createTime: r.createdAt.toISOString(),
      updateTime: r.updatedAt.toISOString(),
    })),
    Number(n),
    q,
  );
}

/** 张三 → 张*, zhangsan → z*******: raters stay anonymous to the public. */
function maskName(name: string) {
  const chars = [...name.trim()];
  if (chars.length <= 1) return '*';
  return chars[0] + '*'.repeat(Math.min(chars.length - 1, 6));
}

/** Collects or un-collects; collectNum follows in the same transaction. */
export async function toggleCollect(db: Db, actor: Actor, catalogId: string): Promise<CollectResult> {
  return db.transaction(async (tx) => {
    await publicEntry(tx, catalogId);
    const removed = await tx
      .delete(catalogueCollects)
      .where(and(eq(catalogueCollects.catalogId, catalogId), eq(catalogueCollects.userId, actor.userId)))
      .returning({ id: catalogueCollects.catalogId });
    if (!removed.length) await tx.insert(catalogueCollects).values({ catalogId, userId: actor.userId });
    return { collected: removed.length === 0, collectNum: await refreshCollectNum(tx, catalogId) };
  });
}

const refreshCollectNum = async (tx: Executor, catalogId: string) => {
  const [row] = await tx
    .update(c)
    .set({
      collectNum: sql`(select count(*)::int from ${catalogueCollects} where ${catalogueCollects.catalogId} = ${catalogId})`,
    })
    .where(eq(c.id, catalogId))
    .returning({ collectNum: c.collectNum });
  return row?.collectNum ?? 0;
};

/**
 * 取消收藏 from the personal centre: never collects (unlike the detail page's toggle, a second click
 * must not undo it), and works for an entry no longer public. False when it was not collected.
 */
export async function removeOwnCollect(db: Db, actor: Actor, catalogId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(catalogueCollects)
      .where(and(eq(catalogueCollects.catalogId, catalogId), eq(catalogueCollects.userId, actor.userId)))
      .returning({ id: catalogueCollects.catalogId });
    if (gone.length) await refreshCollectNum(tx, catalogId);
    return gone.length > 0;
  });
}

/** Departments and districts with public entries, most entries first. */
export async function openUnits(db: Executor): Promise<OpenUnit[]> {
  const rows = await db
    .select({
      orgCode: c.orgCode,
      departName: sql<string>`coalesce(max(${departs.departName}), ${c.orgCode})`,
      orgType: sql<string>`coalesce(max(${departs.orgType}), '1')`,
      count: sql<number>`count(*)::int`,
    })
    .from(c)
    .leftJoin(departs, eq(departs.orgCode, c.orgCode))
    .where(isPublicSql)
    .groupBy(c.orgCode)
    .orderBy(sql`count(*) desc`, asc(c.orgCode));
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}
