import type { ResultSetHeader } from 'mysql2/promise';
import { connectionError } from './errors.js';
import { mysqlColumns, openMysql, quote } from './mysql.js';
import {
  type ColumnKind,
  type ConnectionTarget,
  STATEMENT_TIMEOUT_MS,
  type TargetConnection,
  type WriteResult,
} from './types.js';
import { checkDefinition, inOneTransaction, statementChunks, writeError, writePlan } from './write.js';

/** Column types of a created table: decimal(65,30) holds every number the datastore types as numeric. */
const TYPES: Record<ColumnKind, (key: boolean) => string> = {
  // A key must have a length; 255 characters of utf8mb4 fit InnoDB's index limit.
  text: (key) => (key ? 'varchar(255)' : 'longtext'),
  numeric: () => 'decimal(65,30)',
  date: () => 'date',
  timestamp: () => 'datetime',
  boolean: () => 'boolean',
};

/** A value the column cannot hold fails the statement instead of being cut short or zeroed. */
const STRICT =
  "SET SESSION sql_mode = 'STRICT_ALL_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION'";

/**
 * A writable MySQL-protocol session for an exchange's destination: strict SQL mode, the reading
 * session's timeouts, lock waits cut at the statement timeout. replace is INSERT … ON DUPLICATE KEY
 * UPDATE of the written non-key columns; skip an ON DUPLICATE KEY UPDATE that changes nothing (not
 * INSERT IGNORE, which would also turn a value the column cannot hold into a warning and a cut or
 * zeroed value); refuse a plain INSERT, whose duplicate key fails the transaction.
 */
export async function connectMysqlWriter(target: ConnectionTarget): Promise<TargetConnection> {
  const { conn, run } = await openMysql(target, { writable: true });
  try {
    await conn.query(STRICT);
    await conn.query(`SET SESSION innodb_lock_wait_timeout = ${STATEMENT_TIMEOUT_MS / 1000}`);
  } catch (err) {
    await conn.end().catch(() => {});
    throw connectionError(err, target.host, target.port);
  }
  const exec = async (sql: string, params?: unknown[]) =>
    (await conn.query<ResultSetHeader>({ sql, timeout: STATEMENT_TIMEOUT_MS + 5_000 }, params))[0];

  return {
    listColumns: (table) => mysqlColumns(run, table),

    async createTable(table, columns) {
      checkDefinition(table, columns);
      const keys = columns.filter((c) => c.primaryKey).map((c) => quote(c.name));
      const definitions = columns.map(
        (c) =>
          `${quote(c.name)} ${TYPES[c.kind](c.primaryKey)} ${c.primaryKey ? 'not null' : 'null'}` +
          (c.comment ? ` comment ${conn.escape(c.comment.slice(0, 1000))}` : ''),
      );
      if (keys.length > 0) definitions.push(`primary key (${keys.join(', ')})`);
      try {
        await exec(
          `create table ${quote(table)} (${definitions.join(', ')}) engine = InnoDB default charset = utf8mb4`,
        );
      } catch (err) {
        throw writeError(err, target.host, target.port, table);
      }
    },

    async writeRows(table, columns, batches, policy) {
      const { keys } = writePlan(table, await mysqlColumns(run, table), columns);
      const updated = columns.filter((c) => !keys.includes(c));
      const unchanged = ` on duplicate key update ${quote(columns[0])} = ${quote(columns[0])}`;
      let onDuplicate = '';
      if (policy === 'skip') onDuplicate = unchanged;
      else if (policy === 'replace' && keys.length > 0) {
        onDuplicate = updated.length
          ? ` on duplicate key update ${updated.map((c) => `${quote(c)} = values(${quote(c)})`).join(', ')}`
          : unchanged;
      }
      const insert = `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values ?${onDuplicate}`;
      return inOneTransaction(
        {
          begin: () => conn.query('start transaction'),
          commit: () => conn.query('commit'),
          rollback: () => conn.query('rollback'),
        },
        async () => {
          const result: WriteResult = { written: 0, skipped: 0 };
          for await (const rows of statementChunks(batches)) {
            const { affectedRows } = await exec(insert, [rows]);
            // With FOUND_ROWS off an update that changes nothing counts 0, a new row 1.
            if (policy === 'skip') {
              result.written += affectedRows;
              result.skipped += rows.length - affectedRows;
            } else result.written += rows.length;
          }
          return result;
        },
        (err) => writeError(err, target.host, target.port, table, policy),
      );
    },

    close: () => conn.end().catch(() => {}),
  };
}
