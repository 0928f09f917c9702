import { FACETS, type Facet, type FacetCounts, type OpenStatFigures } from '@odp/contracts';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { type Executor, preparedOnce } from '../../db/client.js';
import { portalFigures } from '../../db/schema/index.js';

/**
 * The one definition of every public figure of the portal. The home counters, the key areas, the
 * unfiltered facet counts and 开放统计 all read these rows, which the database keeps current in the
 * same transaction as each change of an entry or its files (migration 0004_portal_figures), so the
 * same figure is the same number on every page and no request scans the catalogue.
 *
 * `entries` counts catalogued entries (审核通过, not deleted); `openEntries` counts public entries
 * (on shelf, open unconditionally or on conditions: contracts `isPublic`); `files`, `rows`,
 * `downloads` and `views` are of public entries only.
 */
export type Figures = OpenStatFigures;

/** `all` (key ''), per department (org_code), per key area, and one dimension per facet. */
/** `ach` (key ''): published 应用成果 in `open_entries`, moved by the results' module. */
export type FigureDim = 'all' | 'org' | 'area' | 'format' | 'share' | 'open' | 'freq' | 'ach';

const FACET_DIM: Record<Facet, FigureDim> = {
  dataFormat: 'format',
  shareType: 'share',
  openType: 'open',
  keyAreasType: 'area',
  updateFrequency: 'freq',
  orgCode: 'org',
};

const f = portalFigures;
const columns = {
  key: f.key,
  entries: f.entries,
  openEntries: f.openEntries,
  files: f.files,
  rows: f.rows,
  downloads: f.downloads,
  views: f.views,
};

export const NO_FIGURES: Figures = { entries: 0, openEntries: 0, files: 0, rows: 0, downloads: 0, views: 0 };

/** Every key of a dimension with its figures (keys that never had an entry are absent). */
export async function figuresBy(db: Executor, dim: FigureDim): Promise<Map<string, Figures>> {
  const rows = await db.select(columns).from(f).where(eq(f.dim, dim));
  return new Map(rows.map(({ key, ...figures }) => [key, figures]));
}

/** Every key of several dimensions in one read, by dimension. */
export async function figuresIn(db: Executor, dims: FigureDim[]): Promise<Map<FigureDim, Map<string, Figures>>> {
  const rows = await db
    .select({ dim: f.dim, ...columns })
    .from(f)
    .where(inArray(f.dim, dims));
  const byDim = new Map(dims.map((d) => [d, new Map<string, Figures>()]));
  for (const { dim, key, ...figures } of rows) byDim.get(dim as FigureDim)?.set(key, figures);
  return byDim;
}

const figureStatement = (db: Executor, name: string) =>
  db
    .select(columns)
    .from(f)
    .where(and(eq(f.dim, sql.placeholder('dim')), eq(f.key, sql.placeholder('key'))))
    .prepare(name);

/** The figures of one key of a dimension; `figureOf(db, 'all')` are the portal's totals. */
export async function figureOf(db: Executor, dim: FigureDim, key = ''): Promise<Figures> {
  const [row] = await preparedOnce(db, 'portal_figure', figureStatement).execute({ dim, key });
  if (!row) return { ...NO_FIGURES };
  const { key: _key, ...figures } = row;
  return figures;
}

/** Public entries per value of every facet, as the unfiltered catalogue's facet counts. */
export async function publicFacetCounts(db: Executor): Promise<FacetCounts> {
  const dims = FACETS.map((x) => FACET_DIM[x]);
  const rows = await db
    .select({ dim: f.dim, key: f.key, n: f.openEntries })
    .from(f)
    .where(and(inArray(f.dim, dims), gt(f.openEntries, 0)));
  const counts = Object.fromEntries(FACETS.map((x) => [x, {} as Record<string, number>])) as FacetCounts;
  for (const facet of FACETS) {
    for (const r of rows) if (r.dim === FACET_DIM[facet]) counts[facet][r.key] = r.n;
  }
  return counts;
}
