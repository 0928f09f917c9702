import {
  type MechanismNode,
  SERVICE_FACETS,
  type ServiceAmount,
  type ServiceMatterCard,
  type ServiceMatterPage,
  type ServiceMattersFilter,
  type ServiceMattersPageQuery,
  toPage,
} from '@odp/contracts';
import type { Executor } from '../../db/client.js';
import { notFound } from '../../platform/http/errors.js';
import { versionedCache } from '../market/cache.js';
import {
  countMatters,
  departmentsWithMatters,
  departsById,
  facetCounts,
  findMatter,
  isFiltered,
  pageMatters,
} from './repository.js';

export const ServiceMatterMessages = {
  notFound: '该目录不存在、未公开或未关联政务服务',
} as const;

/**
 * Totals and facet counts depend only on which public entries and service matters there are, so
 * they are kept per instance until the catalogue version moves (migrations 0004 and the service
 * matters' own trigger): the unfiltered answers are read once per change of the catalogue, not per
 * request; filtered ones once per filter and change.
 */
const keptTotals = versionedCache<number>(500);
const keptAmounts = versionedCache<Awaited<ReturnType<typeof facetCounts>>>(500);
const keptTree = versionedCache<Awaited<ReturnType<typeof departmentsWithMatters>>>(2);

/** What a count depends on: every filter, in a stable order. */
const filterKey = (f: ServiceMattersFilter) =>
  JSON.stringify([
    f.implementationCode ?? null,
    f.implementationName ?? null,
    f.catalogName ?? null,
    f.businessName ?? null,
    f.businessCode ?? null,
    f.sourceUnitCode ?? null,
    [...(f.sourceUnitList ?? [])].sort(),
    ...SERVICE_FACETS.map((x) => [...(f[x] ?? [])].sort()),
  ]);

/** 事项主线目录: published public entries serving a government service item, filtered and paged. */
export async function serviceMattersPage(db: Executor, q: ServiceMattersPageQuery): Promise<ServiceMatterPage> {
  const total = await keptTotals(db, isFiltered(q) ? filterKey(q) : 'all', () => countMatters(db, q));
  const offset = (q.pageNo - 1) * q.pageSize;
  const records = offset < total ? await pageMatters(db, q, q.pageSize, offset) : [];
  return toPage(records, total, q);
}

export async function serviceMatter(db: Executor, id: string): Promise<ServiceMatterCard> {
  const found = await findMatter(db, id);
  if (!found) throw notFound(ServiceMatterMessages.notFound);
  return found;
}

/**
 * The facet counts of the service-matters catalogue: `facets` by value, and `serviceNumList` in the
 * original portal's shape (serviceupdate<code> per 更新周期, electronicYes/NoAmount, file/table/apiAmount).
 */
export async function serviceAmount(db: Executor, f: ServiceMattersFilter): Promise<ServiceAmount> {
  const { all, facets } = await keptAmounts(db, isFiltered(f) ? filterKey(f) : 'all', () => facetCounts(db, f));
  const freq = facets.updateFrequency;
  const elec = facets.electronicLicense;
  const format = facets.dataFormat;
  return {
    allNum: all,
    facets,
    serviceNumList: [
      ...Object.entries(freq).map(([code, n]) => ({ [`serviceupdate${code}`]: n })),
      { electronicYesAmount: elec['1'] ?? 0 },
      { electronicNoAmount: elec['0'] ?? 0 },
      { fileAmount: format.file ?? 0 },
      { tableAmount: format.table ?? 0 },
      { apiAmount: format.api ?? 0 },
    ],
  };
}

const departments = (db: Executor) => keptTree(db, 'departs', () => departmentsWithMatters(db));

/** The departments with public service-matter entries, one node each. */
export async function mechanismTree(db: Executor): Promise<MechanismNode[]> {
  return (await departments(db)).map((d) => ({
    nodeName: d.departName ?? d.orgCode,
    orgCode: d.orgCode,
    count: Number(d.count),
  }));
}

/** The same departments under their parent department or district (top-level ones stand alone). */
export async function mechanismTree2(db: Executor): Promise<MechanismNode[]> {
  const rows = await departments(db);
  const parents = await departsById(db, [...new Set(rows.flatMap((r) => (r.parentId ? [r.parentId] : [])))]);
  const nodes = new Map<string, MechanismNode>();
  const roots: MechanismNode[] = [];
  const nodeOf = (orgCode: string, nodeName: string) => {
    let node = nodes.get(orgCode);
    if (!node) {
      node = { nodeName, orgCode, count: 0 };
      nodes.set(orgCode, node);
    }
    return node;
  };
  for (const r of rows) {
    const node = nodeOf(r.orgCode, r.departName ?? r.orgCode);
    node.count += Number(r.count);
    const parent = r.parentId ? parents.get(r.parentId) : undefined;
    if (!parent) {
      if (!roots.includes(node)) roots.push(node);
      continue;
    }
    const group = nodeOf(parent.orgCode, parent.departName);
    group.count += Number(r.count);
    group.children = [...(group.children ?? []), node];
    if (!roots.includes(group)) roots.push(group);
  }
  return roots;
}
