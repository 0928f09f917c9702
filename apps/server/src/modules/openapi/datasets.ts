import {
  OPEN_API_PREFIX,
  OPEN_ROWS_RESERVED,
  OpenApiMessages,
  type OpenDatasetField,
  type OpenDatasetMeta,
  type OpenDatasetResource,
  type OpenDatasetSummary,
  type OpenDatasetsQuery,
  type OpenService,
  ShelfStatus,
  toPage,
} from '@odp/contracts';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, preparedOnce } from '../../db/client.js';
import {
  catalogueFiles,
  catalogueItems,
  catalogues,
  type DatastoreField,
  datastoreResources,
  departs,
  openGrants,
} from '../../db/schema/index.js';
import { notFound } from '../../platform/http/errors.js';
import { containing } from '../../platform/resource/like.js';
import type { Resource } from '../datastore/store.js';
import { isPublicSql } from '../market/repository.js';
import type { OpenCaller, OpenGrantRow } from './caller.js';
import { interfaceOf } from './gateway/upstream.js';

const c = catalogues;

export type OpenEntry = typeof catalogues.$inferSelect & { departName: string | null };

/** A public entry (on shelf, open unconditionally or on conditions); anything else does not exist here. */
export async function openDataset(db: Executor, id: string, caller?: OpenCaller): Promise<OpenEntry> {
  return publicEntry(db, eq(c.id, id), OpenApiMessages.datasetMissing, caller);
}

/** The public entry whose interface is mounted under `apiId` (index `data_catalog_api_id_uq`). */
export async function openServiceEntry(db: Executor, apiId: string, caller?: OpenCaller): Promise<OpenEntry> {
  const where = sql`(${c.mount}->>'apiId') = ${apiId}`;
  const entry = await publicEntry(db, where, OpenApiMessages.serviceMissing, caller);
  if (!interfaceOf(entry.mount)?.mounted) throw notFound(OpenApiMessages.serviceMissing);
  return entry;
}

/**
 * Public entries for everyone; besides them, an entry on shelf that the caller's proven application
 * holds a live grant on (a department's share of data not open to the public).
 */
function visibleTo(caller: OpenCaller | undefined): SQL {
  if (!caller?.app || !caller.proven) return isPublicSql;
  const g = openGrants;
  const granted = sql`(${c.shelfStatus} = ${ShelfStatus.on} and exists (select 1 from ${g}
    where ${g.appId} = ${caller.app.id} and ${g.catalogId} = ${c.id} and ${g.revokedAt} is null
      and ${g.startsAt} <= now() and (${g.endsAt} is null or ${g.endsAt} > now())))`;
  return or(isPublicSql, granted) as SQL;
}

async function publicEntry(db: Executor, where: SQL, missing: string, caller?: OpenCaller): Promise<OpenEntry> {
  const [found] = await db
    .select({ entry: c, departName: departs.departName })
    .from(c)
    .leftJoin(departs, eq(departs.orgCode, c.orgCode))
    .where(and(where, visibleTo(caller)));
  if (!found) throw notFound(missing);
  return { ...found.entry, departName: found.departName };
}

/** A public entry with what reading its data needs: its datastore resources and its data items. */
export type OpenDataset = OpenEntry & { resources: OpenResource[]; items: ItemRow[] };

const rs = datastoreResources;
const fl = catalogueFiles;
const ci = catalogueItems;

/**
 * The entry, its resources and its items in one statement: every rows call needs all three, and on
 * a busy server each round trip to the database costs more than the rows themselves.
 */
/** Entries a proven application reads through its live grant, besides public ones (`appId` a placeholder). */
const grantedToPlaceholder = () => {
  const g = openGrants;
  return sql`(${c.shelfStatus} = ${ShelfStatus.on} and exists (select 1 from ${g}
    where ${g.appId} = ${sql.placeholder('appId')} and ${g.catalogId} = ${c.id} and ${g.revokedAt} is null
      and ${g.startsAt} <= now() and (${g.endsAt} is null or ${g.endsAt} > now())))`;
};

/**
 * The entry with its resources and items in one statement, prepared once per database in two forms:
 * public entries only, and public or granted to the caller's proven application. Every rows and
 * service call starts with it.
 */
const datasetStatement = (withGrant: boolean) => (db: Executor, name: string) =>
  db
    .select({
      entry: c,
      departName: departs.departName,
      resources: sql<JsonResource[]>`(select coalesce(json_agg(json_build_object(
          'id', ${rs.id}, 'catalogId', ${rs.catalogId}, 'fileId', ${rs.fileId}, 'kind', ${rs.kind},
          'tableName', ${rs.tableName}, 'fields', ${rs.fields}, 'rowCount', ${rs.rowCount},
          'createdAt', ${rs.createdAt}, 'updatedAt', ${rs.updatedAt}, 'fileName', ${fl.fileName})
          order by ${rs.createdAt} desc), '[]'::json)
        from ${rs} left join ${fl} on ${fl.id} = ${rs.fileId}
        where ${rs.catalogId} = ${c.id}
          and (${rs.kind} = 'table' or (${fl.id} is not null and ${fl.deletedAt} is null)))`,
      items: sql<ItemRow[]>`(select coalesce(json_agg(json_build_object(
          'name', ${ci.name}, 'enName', ${ci.enName}, 'masked', ${ci.masked},
          'fieldDescription', ${ci.fieldDescription}) order by ${ci.serialNumber}), '[]'::json)
        from ${ci} where ${ci.catalogId} = ${c.id})`,
    })
    .from(c)
    .leftJoin(departs, eq(departs.orgCode, c.orgCode))
    .where(
      and(eq(c.id, sql.placeholder('id')), withGrant ? (or(isPublicSql, grantedToPlaceholder()) as SQL) : isPublicSql),
    )
    .prepare(name);

const publicDataset = datasetStatement(false);
const grantedDataset = datasetStatement(true);

export async function openDatasetWithData(db: Executor, id: string, caller?: OpenCaller): Promise<OpenDataset> {
  const proven = caller?.app && caller.proven ? caller.app : null;
  const [found] = proven
    ? await preparedOnce(db, 'open_dataset_granted', grantedDataset).execute({ id, appId: proven.id })
    : await preparedOnce(db, 'open_dataset_public', publicDataset).execute({ id });
  if (!found) throw notFound(OpenApiMessages.datasetMissing);
  const entry: OpenEntry = { ...found.entry, departName: found.departName };
  const rows = found.resources.map(({ fileName, createdAt, updatedAt, ...rest }) => ({
    resource: { ...rest, createdAt: new Date(createdAt), updatedAt: new Date(updatedAt) },
    fileName,
  }));
  return { ...entry, resources: orderResources(entry, rows), items: found.items };
}

type JsonResource = Omit<Resource, 'createdAt' | 'updatedAt'> & {
  createdAt: string;
  updatedAt: string;
  fileName: string | null;
};

const iso = (d: Date | null) => d?.toISOString() ?? null;

function summaryOf(e: OpenEntry): OpenDatasetSummary {
  return {
    id: e.id,
    name: e.catalogName,
    department: e.departName,
    openType: e.openType,
    dataFormat: e.dataFormat,
    updateFrequency: e.updateFrequency,
    releaseTime: iso(e.releaseTime),
    dataUpdateTime: iso(e.dataUpdateTime),
    rowCount: e.totalNum,
  };
}

/** Public datasets, newest first, optionally by a word of the name. */
export async function openDatasets(db: Executor, q: OpenDatasetsQuery) {
  const where = and(isPublicSql, q.q ? ilike(c.catalogName, containing(q.q)) : undefined);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ entry: c, departName: departs.departName })
      .from(c)
      .leftJoin(departs, eq(departs.orgCode, c.orgCode))
      .where(where)
      .orderBy(desc(c.releaseTime), asc(c.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(c).where(where),
  ]);
  return toPage(
    rows.map((r) => summaryOf({ ...r.entry, departName: r.departName })),
    n,
    { pageNo: q.page, pageSize: q.size },
  );
}

type ResourceRow = { resource: Resource; fileName: string | null };

/** Its mounted table first (the default), then its live data files, newest first. */
function orderResources(entry: OpenEntry, rows: ResourceRow[]) {
  const mountedId = (entry.mount as { resourceId?: string } | null)?.resourceId ?? null;
  const tableName = (entry.mount as { tableName?: string } | null)?.tableName ?? entry.catalogName;
  const table = rows.filter((r) => r.resource.kind === 'table' && r.resource.id === mountedId);
  const files = rows.filter((r) => r.resource.kind === 'file');
  return [...table, ...files].map((r, i) => ({
    resource: r.resource,
    name: r.resource.kind === 'table' ? tableName : (r.fileName ?? ''),
    isDefault: i === 0,
  }));
}

export type OpenResource = ReturnType<typeof orderResources>[number];

export function presentResource(r: OpenResource): OpenDatasetResource {
  return {
    id: r.resource.id,
    kind: r.resource.kind === 'table' ? 'table' : 'file',
    name: r.name,
    rowCount: r.resource.rowCount,
    updatedAt: r.resource.updatedAt.toISOString(),
    isDefault: r.isDefault,
  };
}

type ItemRow = { name: string; enName: string | null; masked: boolean; fieldDescription: string | null };

/** A field as the API shows it, with the datastore column behind it. */
export type ApiField = OpenDatasetField & { source: DatastoreField; itemName: string | null };

const KEY = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;
const reserved = new Set<string>(OPEN_ROWS_RESERVED);
const TYPE: Record<DatastoreField['type'], OpenDatasetField['type']> = {
  text: 'string',
  numeric: 'number',
  date: 'date',
  timestamp: 'datetime',
  boolean: 'boolean',
};

/**
 * The fields a caller sees: named by the matching data item's English name (or the column's own
 * name when it is one), else f1, f2…; masked unless the grant lifts masking; and only the granted
 * items when a grant names them.
 */
export function apiFields(resource: Resource, items: ItemRow[], grant: OpenGrantRow | null): ApiField[] {
  const byName = new Map<string, ItemRow>();
  for (const item of items) {
    byName.set(item.name.trim().toLowerCase(), item);
    if (item.enName) byName.set(item.enName.trim().toLowerCase(), item);
  }
  const taken = new Set<string>();
  const out: ApiField[] = [];
  resource.fields.forEach((f, i) => {
    const item = byName.get(f.name.trim().toLowerCase()) ?? null;
    if (grant?.fields && !(item && grant.fields.includes(item.name))) return;
    let key = [item?.enName?.trim(), f.name.trim()].find((k) => k && KEY.test(k))?.toLowerCase() ?? `f${i + 1}`;
    if (reserved.has(key) || taken.has(key)) key = `f${i + 1}`;
    taken.add(key);
    out.push({
      key,
      name: f.name,
      type: TYPE[f.type],
      description: item?.fieldDescription ?? null,
      masked: Boolean(item?.masked) && !grant?.unmasked,
      source: f,
      itemName: item?.name ?? null,
    });
  });
  return out;
}

export const publicField = ({ source: _s, itemName: _i, ...f }: ApiField): OpenDatasetField => f;

export function datasetMeta(dataset: OpenDataset, grant: OpenGrantRow | null, base: string): OpenDatasetMeta {
  const first = dataset.resources[0];
  return {
    ...summaryOf(dataset),
    summary: dataset.informationSummary,
    openCondition: dataset.openCondition,
    resources: dataset.resources.map(presentResource),
    fields: first ? apiFields(first.resource, dataset.items, grant).map(publicField) : [],
    calls: dataset.callNum,
    endpoints: {
      rows: `${base}${OPEN_API_PREFIX}/datasets/${dataset.id}/rows`,
      openapi: `${base}${OPEN_API_PREFIX}/datasets/${dataset.id}/openapi.json`,
    },
    service: serviceOf(dataset, base),
  };
}

/** The entry's mounted interface as developers call it through the gateway (never the upstream's address). */
export function serviceOf(entry: { mount: unknown }, base: string): OpenService | null {
  const api = interfaceOf(entry.mount);
  if (!api?.mounted) return null;
  return {
    apiId: api.apiId,
    name: api.apiName,
    method: api.requestMode,
    responseType: api.responseType,
    description: api.apiDescribe,
    endpoint: `${base}${OPEN_API_PREFIX}/services/${api.apiId}`,
    parameters: api.requestParameters,
    responseParameters: api.responseParameters,
    requestExample: api.requestExample,
    returnExample: api.returnExample,
  };
}
