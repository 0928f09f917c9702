import type { SourceColumn, SourceTable } from '@odp/contracts';
import pg from 'pg';
import { connectionError } from './errors.js';
import { readInBatches } from './read.js';
import {
  CONNECT_TIMEOUT_MS,
  type ConnectionTarget,
  MAX_TABLES,
  type SourceConnection,
  STATEMENT_TIMEOUT_MS,
} from './types.js';

export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Row values as the server prints them: a copy keeps "007", a numeric's scale and a date as they
 * are, with no time-zone shift of a date into a JavaScript Date.
 */
const AS_PRINTED: pg.CustomTypesConfig = { getTypeParser: () => (value: string) => value } as pg.CustomTypesConfig;

/** A session's statement runner: a driver failure becomes a Chinese refusal naming the cause. */
export type PostgresRun = <T extends pg.QueryResultRow>(
  sql: string,
  params?: unknown[],
  types?: pg.CustomTypesConfig,
) => Promise<T[]>;

/**
 * Opens a session with a statement timeout; read-only unless `writable` (an exchange's destination,
 * which also waits at most the statement timeout for a lock and ends a transaction left idle).
 */
export async function openPostgres(target: ConnectionTarget, opts: { writable?: boolean } = {}) {
  const client = new pg.Client({
    host: target.address,
    port: target.port,
    database: target.database,
    user: target.user,
    password: target.password,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    query_timeout: STATEMENT_TIMEOUT_MS + 5_000,
    ...(opts.writable
      ? { lock_timeout: STATEMENT_TIMEOUT_MS, idle_in_transaction_session_timeout: 2 * STATEMENT_TIMEOUT_MS }
      : {}),
    application_name: 'odp-datasource',
  });
  // A connection error after connect (the server going away) must not become an unhandled event.
  client.on('error', () => {});
  try {
    await client.connect();
    if (!opts.writable) {
      await client.query('SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY');
      await client.query('SET default_transaction_read_only = on');
    }
  } catch (err) {
    await client.end().catch(() => {});
    throw connectionError(err, target.host, target.port);
  }

  const run: PostgresRun = async <T extends pg.QueryResultRow>(
    sql: string,
    params: unknown[] = [],
    types?: pg.CustomTypesConfig,
  ) => {
    try {
      return (await client.query<T>({ text: sql, values: params, types })).rows;
    } catch (err) {
      throw connectionError(err, target.host, target.port);
    }
  };
  return { client, run };
}

/** The columns of a table (or view) of the session's current schema, in order. */
export const postgresColumns = (run: PostgresRun, table: string) =>
  run<SourceColumn>(
    `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
            col_description(a.attrelid, a.attnum) as comment, not a.attnotnull as nullable,
            coalesce(a.attnum = any(i.indkey), false) as "primaryKey"
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
       left join pg_index i on i.indrelid = c.oid and i.indisprimary
      where n.nspname = current_schema() and c.relname = $1 and c.relkind in ('r', 'p', 'v', 'm')
        and a.attnum > 0 and not a.attisdropped
      order by a.attnum`,
    [table],
  );

/** PostgreSQL protocol (PostgreSQL, KingbaseES): a read-only session with a statement timeout. */
export async function connectPostgres(target: ConnectionTarget): Promise<SourceConnection> {
  const { client, run } = await openPostgres(target);
  const listColumns = (table: string) => postgresColumns(run, table);

  return {
    async version() {
      const [row] = await run<{ server_version: string }>('show server_version');
      return `PostgreSQL ${row.server_version}`;
    },
    async readOnly() {
      const [row] = await run<{ transaction_read_only: string }>('show transaction_read_only');
      return row.transaction_read_only === 'on';
    },
    listTables: () =>
      run<SourceTable>(
        `select c.relname as name, obj_description(c.oid, 'pg_class') as comment,
                case when c.relkind in ('v', 'm') then 'view' else 'table' end as kind
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm')
          order by c.relname limit ${MAX_TABLES}`,
      ),
    listColumns,
    async *readRows(table, options = {}) {
      yield* readInBatches(table, await listColumns(table), options, ({ columns, key, afterKey, offset, limit }) => {
        const select = `select ${columns.map(quote).join(', ')} from ${quote(table)}`;
        if (key) {
          const where = afterKey === undefined ? '' : ` where ${quote(key)} > $1`;
          return run(
            `${select}${where} order by ${quote(key)} limit ${limit}`,
            afterKey === undefined ? [] : [afterKey],
            AS_PRINTED,
          );
        }
        return run(`${select} limit ${limit} offset ${offset}`, [], AS_PRINTED);
      });
    },
    close: () => client.end().catch(() => {}),
  };
}
