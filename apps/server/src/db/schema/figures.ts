import { bigint, integer, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';

/**
 * The portal's public figures, kept current by database triggers on `data_catalog` and
 * `data_catalog_file` in the same transaction as every change (migration 0004), so that the home
 * counters, key areas, facet counts and 开放统计 read a few rows instead of scanning every entry.
 *
 * One row per (`dim`, `key`): `all` (key ''), `org` (org_code), `area` (key_areas_type), and the
 * facets `format`, `share`, `open`, `freq`. Deleted entries (上架状态 9) count nowhere. `entries`
 * counts catalogued entries (审核通过); the other figures are of public entries (on shelf and open).
 * Facet rows carry `open_entries` only; `views` is kept per department and key area only, so that a
 * detail view does not lock the `all` row.
 */
export const portalFigures = pgTable(
  'portal_figure',
  {
    dim: varchar('dim', { length: 8 }).notNull(),
    key: varchar('key', { length: 64 }).notNull(),
    entries: integer('entries').notNull().default(0),
    openEntries: integer('open_entries').notNull().default(0),
    files: integer('files').notNull().default(0),
    rows: bigint('rows', { mode: 'number' }).notNull().default(0),
    downloads: bigint('downloads', { mode: 'number' }).notNull().default(0),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'portal_figure_pk', columns: [t.dim, t.key] })],
);

/**
 * One row (id 1) whose `version` grows with every change that can alter which entries a public
 * query matches or how they are counted: entries added or removed, their state, facets, search vector,
 * category or department, and the category and department trees. Views and downloads do not change
 * it. Each instance keeps answers such as keyword totals and facet counts until it sees a new version,
 * so a change on one instance is seen by all at their next read of this row.
 */
export const portalVersion = pgTable('portal_version', {
  id: smallint('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
