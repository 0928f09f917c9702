import { bigint, index, integer, jsonb, pgTable, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { catalogueFiles, catalogues } from './catalogue.js';
import { createdAt, id, updatedAt } from './columns.js';

/** One column of a datastore table: its SQL name (c1, c2, …), the name people see, and its SQL type. */
export type DatastoreField = { column: string; name: string; type: DatastoreType };
/** text until a load proves every value of a column is losslessly one of the others. */
export type DatastoreType = 'text' | 'numeric' | 'date' | 'timestamp' | 'boolean';

/**
 * 数据存储: every data file and every mounted table of an entry is one resource, with a real table of
 * its own in schema `datastore` (`table_name`, never derived from user input). Previews, downloads,
 * row totals and the row API read those tables.
 */
export const datastoreResources = pgTable(
  'ds_resource',
  {
    id: id(),
    catalogId: uuid('catalog_id')
      .notNull()
      .references(() => catalogues.id, { onDelete: 'cascade' }),
    /** The data file whose rows these are; null for a mounted table. */
    fileId: uuid('file_id').references(() => catalogueFiles.id, { onDelete: 'cascade' }),
    /** file | table */
    kind: varchar('kind', { length: 8 }).notNull(),
    tableName: varchar('table_name', { length: 63 }).notNull(),
    fields: jsonb('fields').$type<DatastoreField[]>().notNull(),
    rowCount: bigint('row_count', { mode: 'number' }).notNull().default(0),
    /**
     * Rows per partition when the table is range-partitioned by `_row` (the embedded database: see
     * datastore/store.ts); null for one plain table.
     */
    partRows: integer('part_rows'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ds_resource_table_uq').on(t.tableName),
    uniqueIndex('ds_resource_file_uq').on(t.fileId),
    index('ds_resource_catalog_idx').on(t.catalogId),
  ],
);

/** 更新记录: one sync of a mounted table (or, later, an Excel 数据上报), whoever started it. */
export const datastoreSyncLogs = pgTable(
  'ds_sync_log',
  {
    id: id(),
    catalogId: uuid('catalog_id')
      .notNull()
      .references(() => catalogues.id, { onDelete: 'cascade' }),
    /** full | incremental */
    mode: varchar('mode', { length: 16 }).notNull(),
    /** running | ok | failed */
    outcome: varchar('outcome', { length: 8 }).notNull().default('running'),
    rows: bigint('rows', { mode: 'number' }).notNull().default(0),
    message: varchar('message', { length: 500 }),
    /** The officer who started it; null for the scheduled job. */
    operatorId: uuid('operator_id'),
    operatorName: varchar('operator_name', { length: 100 }).notNull(),
    departName: varchar('depart_name', { length: 100 }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('ds_sync_log_catalog_idx').on(t.catalogId, t.startedAt)],
);
