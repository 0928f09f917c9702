import type { SourceColumn, SourceTable } from '@odp/contracts';
import mysql, { type RowDataPacket } from 'mysql2/promise';
import { connectionError } from './errors.js';
import { readInBatches } from './read.js';
import {
  CONNECT_TIMEOUT_MS,
  type ConnectionTarget,
  MAX_TABLES,
  type SourceConnection,
  STATEMENT_TIMEOUT_MS,
} from './types.js';

export const quote = (name: string) => `\`${name.replaceAll('`', '``')}\``;

/** A session's statement runner: a driver failure becomes a Chinese refusal naming the cause. */
export type MysqlRun = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

/**
 * Opens a session with a statement timeout, no multiple statements and no LOCAL INFILE (a hostile
 * server could otherwise ask for the server's files); read-only unless `writable` (an exchange's
 * destination). `FOUND_ROWS` is off for writing sessions so that a row an upsert leaves unchanged
 * counts as untouched.
 */
export async function openMysql(target: ConnectionTarget, opts: { writable?: boolean } = {}) {
  let conn: mysql.Connection;
  try {
    conn = await mysql.createConnection({
      host: target.address,
      port: target.port,
      database: target.database,
      user: target.user,
      password: target.password,
      connectTimeout: CONNECT_TIMEOUT_MS,
      multipleStatements: false,
      flags: opts.writable ? ['-LOCAL_FILES', '-FOUND_ROWS'] : ['-LOCAL_FILES'],
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: true,
      charset: 'utf8mb4_general_ci',
    });
  } catch (err) {
    throw connectionError(err, target.host, target.port);
  }
  conn.on('error', () => {});
  try {
    await conn.query(opts.writable ? 'SET SESSION TRANSACTION READ WRITE' : 'SET SESSION TRANSACTION READ ONLY');
  } catch (err) {
    await conn.end().catch(() => {});
    throw connectionError(err, target.host, target.port);
  }
  // MariaDB names its statement timeout in seconds, MySQL in milliseconds; each ignores the other's.
  await conn.query(`SET SESSION max_statement_time = ${STATEMENT_TIMEOUT_MS / 1000}`).catch(() => {});
  await conn.query(`SET SESSION max_execution_time = ${STATEMENT_TIMEOUT_MS}`).catch(() => {});

  const run: MysqlRun = async <T>(sql: string, params: unknown[] = []) => {
    try {
      const [rows] = await conn.query<RowDataPacket[]>({ sql, timeout: STATEMENT_TIMEOUT_MS + 5_000 }, params);
      return rows as T[];
    } catch (err) {
      throw connectionError(err, target.host, target.port);
    }
  };
  return { conn, run };
}

/** The columns of a table of the session's database, in order. */
export const mysqlColumns = async (run: MysqlRun, table: string): Promise<SourceColumn[]> =>
  (
    await run<{ name: string; type: string; comment: string; nullable: number; primaryKey: number }>(
      `select column_name as name, column_type as type, column_comment as comment,
              is_nullable = 'YES' as nullable, column_key = 'PRI' as primaryKey
         from information_schema.columns
        where table_schema = database() and table_name = ?
        order by ordinal_position`,
      [table],
    )
  ).map((c) => ({
    name: c.name,
    type: c.type,
    comment: c.comment || null,
    nullable: Boolean(Number(c.nullable)),
    primaryKey: Boolean(Number(c.primaryKey)),
  }));

/** MySQL protocol (MySQL, MariaDB): a read-only session with a statement timeout. */
export async function connectMysql(target: ConnectionTarget): Promise<SourceConnection> {
  const { conn, run } = await openMysql(target);
  const listColumns = (table: string) => mysqlColumns(run, table);

  return {
    async version() {
      const [row] = await run<{ v: string }>('select version() as v');
      return /mariadb/i.test(row.v) ? `MariaDB ${row.v}` : `MySQL ${row.v}`;
    },
    async readOnly() {
      // MySQL 8 and MariaDB 11 name it transaction_read_only; MariaDB 10 only tx_read_only.
      const [row] = await run<{ ro: number | string }>('select @@session.transaction_read_only as ro').catch(() =>
        run<{ ro: number | string }>('select @@session.tx_read_only as ro'),
      );
      return Number(row.ro) === 1;
    },
    async listTables() {
      const rows = await run<{ name: string; comment: string; kind: string }>(
        `select table_name as name, table_comment as comment, table_type as kind
           from information_schema.tables where table_schema = database()
          order by table_name limit ${MAX_TABLES}`,
      );
      return rows.map(
        (t): SourceTable => ({
          name: t.name,
          comment: t.comment && t.comment !== 'VIEW' ? t.comment : null,
          kind: /view/i.test(t.kind) ? 'view' : 'table',
        }),
      );
    },
    listColumns,
    async *readRows(table, options = {}) {
      yield* readInBatches(table, await listColumns(table), options, ({ columns, key, afterKey, offset, limit }) => {
        const select = `select ${columns.map(quote).join(', ')} from ${quote(table)}`;
        if (key) {
          const where = afterKey === undefined ? '' : ` where ${quote(key)} > ?`;
          return run(
            `${select}${where} order by ${quote(key)} limit ${limit}`,
            afterKey === undefined ? [] : [afterKey],
          );
        }
        return run(`${select} limit ${limit} offset ${offset}`);
      });
    },
    close: () => conn.end().catch(() => {}),
  };
}
