import type { SourceColumn, SourceTable } from '@odp/contracts';
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../../../db/client.js';
import { badRequest } from '../../../../platform/http/errors.js';
import { readInBatches } from './read.js';
import { MAX_TABLES, type SourceConnection } from './types.js';

/**
 * The schemas of the built-in demo source: the demo city's departmental tables, kept inside the
 * platform's own database. Nothing else of that database is ever reachable through a data source.
 */
export const BUILTIN_SCHEMA = /^bjgx_[a-z0-9_]{1,40}$/;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * 内置演示库: a "connection" to one `bjgx_*` schema of the platform's own database. Only reads are
 * issued, table and column names come from the schema's own catalogue, and every value is read as
 * text, as the external connectors hand values over as printed.
 */
export function connectBuiltin(db: Executor, schema: string): SourceConnection {
  if (!BUILTIN_SCHEMA.test(schema)) throw badRequest('内置演示库的数据库名称不正确');

  const listColumns = (table: string) =>
    rowsOf<SourceColumn>(
      db,
      sql`select a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
              col_description(a.attrelid, a.attnum) as comment, not a.attnotnull as nullable,
              coalesce(a.attnum = any(i.indkey), false) as "primaryKey"
         from pg_attribute a
         join pg_class c on c.oid = a.attrelid
         join pg_namespace n on n.oid = c.relnamespace
         left join pg_index i on i.indrelid = c.oid and i.indisprimary
        where n.nspname = ${schema} and c.relname = ${table} and c.relkind in ('r', 'p', 'v', 'm')
          and a.attnum > 0 and not a.attisdropped
        order by a.attnum`,
    );

  return {
    async version() {
      const [row] = await rowsOf<{ server_version: string }>(db, sql`show server_version`);
      return `内置演示库（PostgreSQL ${row.server_version}）`;
    },
    async readOnly() {
      return true;
    },
    listTables: () =>
      rowsOf<SourceTable>(
        db,
        sql`select c.relname as name, obj_description(c.oid, 'pg_class') as comment,
                case when c.relkind in ('v', 'm') then 'view' else 'table' end as kind
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v', 'm')
          order by c.relname limit ${MAX_TABLES}`,
      ),
    listColumns,
    async *readRows(table, options = {}) {
      yield* readInBatches(table, await listColumns(table), options, ({ columns, key, afterKey, offset, limit }) => {
        // Names only from the schema's own catalogue (readInBatches checks them), quoted.
        const select = sql.raw(
          `select ${columns.map((c) => `${quote(c)}::text as ${quote(c)}`).join(', ')} from ${quote(schema)}.${quote(table)}`,
        );
        if (key) {
          const where = afterKey === undefined ? sql`` : sql` where ${sql.raw(quote(key))} > ${String(afterKey)}`;
          return rowsOf(db, sql`${select}${where} order by ${sql.raw(quote(key))} limit ${limit}`);
        }
        return rowsOf(db, sql`${select} order by 1 limit ${limit} offset ${offset}`);
      });
    },
    async close() {},
  };
}
