import {
  SERVICE_FACETS,
  type ServiceFacet,
  type ServiceMatterCard,
  type ServiceMattersFilter,
  type ServiceMattersPageQuery,
} from '@odp/contracts';
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';
import { catalogueServiceMatters, catalogues, departs } from '../../db/schema/index.js';
import { containing } from '../../platform/resource/like.js';
import { presentServiceMatter } from '../catalogue/entry/service-matter.js';
import { isPublicSql } from '../market/repository.js';

const c = catalogues;
const s = catalogueServiceMatters;

/** 更新时间 of a card: when the data was last updated, else when it was published. */
const updateTime = sql<Date>`coalesce(${c.dataUpdateTime}, ${c.releaseTime}, ${c.updatedAt})`;

const FACET_COLUMN = {
  updateFrequency: c.updateFrequency,
  electronicLicense: s.electronicLicense,
  dataFormat: c.dataFormat,
} as const;

/** The search form's texts and the departments, but no facet: what every facet's counts share. */
function baseParts(f: ServiceMattersFilter): SQL[] {
  const parts: SQL[] = [isPublicSql];
  const like = (column: Parameters<typeof ilike>[0], text: string | undefined) => {
    if (text) parts.push(ilike(column, containing(text)));
  };
  like(s.implementationCode, f.implementationCode);
  like(s.implementationName, f.implementationName);
  like(c.catalogName, f.catalogName);
  like(s.businessName, f.businessName);
  like(s.businessCode, f.businessCode);
  if (f.sourceUnitCode) parts.push(eq(c.orgCode, f.sourceUnitCode));
  if (f.sourceUnitList?.length) parts.push(inArray(c.orgCode, f.sourceUnitList));
  return parts;
}

function facetParts(f: ServiceMattersFilter, except?: ServiceFacet): SQL[] {
  return SERVICE_FACETS.flatMap((facet) => {
    const values = f[facet];
    return facet !== except && values?.length ? [inArray(FACET_COLUMN[facet], values)] : [];
  });
}

/** Whether the filter narrows anything (else its answers are the whole service-matters catalogue's). */
export const isFiltered = (f: ServiceMattersFilter) => baseParts(f).length > 1 || facetParts(f).length > 0;

const where = (f: ServiceMattersFilter) => and(...baseParts(f), ...facetParts(f));

const joined = (db: Executor) =>
  db
    .select({
      entry: {
        id: c.id,
        catalogName: c.catalogName,
        catalogCode: c.catalogCode,
        orgCode: c.orgCode,
        updateFrequency: c.updateFrequency,
        dataFormat: c.dataFormat,
        openType: c.openType,
        releaseTime: c.releaseTime,
        dataUpdateTime: c.dataUpdateTime,
      },
      departName: departs.departName,
      updateTime,
      matter: s,
    })
    .from(s)
    .innerJoin(c, eq(c.id, s.catalogId))
    .leftJoin(departs, eq(departs.orgCode, c.orgCode));

type JoinedRow = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

function toCard(r: JoinedRow): ServiceMatterCard {
  return {
    ...presentServiceMatter(r.matter),
    ...r.entry,
    departName: r.departName ?? r.entry.orgCode,
    releaseTime: iso(r.entry.releaseTime),
    dataUpdateTime: iso(r.entry.dataUpdateTime),
    updateTime: iso(r.updateTime) ?? '',
  };
}

export async function countMatters(db: Executor, f: ServiceMattersFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(s).innerJoin(c, eq(c.id, s.catalogId)).where(where(f));
  return Number(row?.n ?? 0);
}

export async function pageMatters(
  db: Executor,
  q: ServiceMattersPageQuery,
  limit: number,
  offset: number,
): Promise<ServiceMatterCard[]> {
  const column = q.orderBy === 'releaseTime' ? c.releaseTime : updateTime;
  const order =
    q.orderSc === 'asc' ? [sql`${column} asc nulls first`, asc(c.id)] : [sql`${column} desc nulls last`, desc(c.id)];
  const rows = await joined(db)
    .where(where(q))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return rows.map(toCard);
}

/** One public service-matter entry, or null. */
export async function findMatter(db: Executor, id: string): Promise<ServiceMatterCard | null> {
  const [row] = await joined(db).where(and(eq(c.id, id), isPublicSql));
  return row ? toCard(row) : null;
}

/**
 * Counts per facet value in one statement: the entries matching the form and the departments are
 * read once, then each facet is grouped with the other facets' choices applied.
 */
export async function facetCounts(
  db: Executor,
  f: ServiceMattersFilter,
): Promise<{ all: number; facets: Record<ServiceFacet, Record<string, number>> }> {
  const snake: Record<ServiceFacet, string> = {
    updateFrequency: 'update_frequency',
    electronicLicense: 'electronic_license',
    dataFormat: 'data_format',
  };
  const chosen = (facet: ServiceFacet) => f[facet] ?? [];
  const others = (facet: ServiceFacet) =>
    SERVICE_FACETS.filter((x) => x !== facet && chosen(x).length).map(
      (x) =>
        sql`${sql.identifier(snake[x])} in (${sql.join(
          chosen(x).map((v) => sql`${v}`),
          sql`, `,
        )})`,
    );
  const group = (facet: ServiceFacet) => {
    const conds = others(facet);
    const filter = conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
    return sql`select ${facet}::text as facet, ${sql.identifier(snake[facet])}::text as value, count(*)::int as n
      from m ${filter} group by 2`;
  };
  const allConds = SERVICE_FACETS.filter((x) => chosen(x).length).map(
    (x) =>
      sql`${sql.identifier(snake[x])} in (${sql.join(
        chosen(x).map((v) => sql`${v}`),
        sql`, `,
      )})`,
  );
  const all = sql`select 'all'::text as facet, ''::text as value, count(*)::int as n from m ${allConds.length ? sql`where ${sql.join(allConds, sql` and `)}` : sql``}`;
  const rows = await rowsOf<{ facet: ServiceFacet | 'all'; value: string; n: number }>(
    db,
    sql`with m as materialized (
      select ${c.updateFrequency} as update_frequency, ${s.electronicLicense} as electronic_license,
        ${c.dataFormat} as data_format
      from ${s} join ${c} on ${c.id} = ${s.catalogId} where ${and(...baseParts(f))}
    ) ${sql.join([all, ...SERVICE_FACETS.map(group)], sql` union all `)}`,
  );
  const facets = Object.fromEntries(SERVICE_FACETS.map((x) => [x, {} as Record<string, number>])) as Record<
    ServiceFacet,
    Record<string, number>
  >;
  let total = 0;
  for (const r of rows) {
    if (r.facet === 'all') total = Number(r.n);
    else facets[r.facet][r.value] = Number(r.n);
  }
  return { all: total, facets };
}

/** The departments with public service-matter entries, in the department tree's order. */
export async function departmentsWithMatters(db: Executor) {
  return db
    .select({
      orgCode: c.orgCode,
      departName: departs.departName,
      parentId: departs.parentId,
      count: sql<number>`count(*)::int`,
    })
    .from(s)
    .innerJoin(c, eq(c.id, s.catalogId))
    .leftJoin(departs, eq(departs.orgCode, c.orgCode))
    .where(isPublicSql)
    .groupBy(c.orgCode, departs.departName, departs.parentId, departs.sortNo)
    .orderBy(sql`${departs.sortNo} asc nulls last`, asc(c.orgCode));
}

/** Names of departments by id (the parents of the tree's nodes). */
export async function departsById(db: Executor, ids: string[]) {
  if (!ids.length) return new Map<string, { departName: string; orgCode: string }>();
  const rows = await db
    .select({ id: departs.id, departName: departs.departName, orgCode: departs.orgCode })
    .from(departs)
    .where(inArray(departs.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}
