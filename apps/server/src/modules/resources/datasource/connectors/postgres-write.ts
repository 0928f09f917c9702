import { connectionError } from './errors.js';
import { openPostgres, postgresColumns, quote } from './postgres.js';
import type { ColumnKind, ConnectionTarget, TargetConnection, WriteResult } from './types.js';
import { checkDefinition, inOneTransaction, lastOfEachKey, statementChunks, writeError, writePlan } from './write.js';

const TYPES: Record<ColumnKind, string> = {
  text: 'text',
  numeric: 'numeric',
  date: 'date',
  timestamp: 'timestamp',
  boolean: 'boolean',
};

/**
 * A writable PostgreSQL session for an exchange's destination (the reading session's timeouts, lock
 * waits and idle transactions cut). Rows go in as one JSON parameter per statement, each value
 * converted by the column type's own input; replace is INSERT … ON CONFLICT (primary key) DO UPDATE,
 * skip ON CONFLICT DO NOTHING, refuse a plain INSERT whose duplicate key fails the transaction.
 */
export async function connectPostgresWriter(target: ConnectionTarget): Promise<TargetConnection> {
  const { client, run } = await openPostgres(target, { writable: true });
  let schema: string;
  try {
    schema = (await client.query<{ s: string }>('select current_schema() as s')).rows[0].s;
  } catch (err) {
    await client.end().catch(() => {});
    throw connectionError(err, target.host, target.port);
  }
  const session = {
    begin: () => client.query('begin'),
    commit: () => client.query('commit'),
    rollback: () => client.query('rollback'),
  };

  return {
    listColumns: (table) => postgresColumns(run, table),

    async createTable(table, columns) {
      checkDefinition(table, columns);
      const keys = columns.filter((c) => c.primaryKey).map((c) => quote(c.name));
      const definitions = columns.map((c) => `${quote(c.name)} ${TYPES[c.kind]}${c.primaryKey ? ' not null' : ''}`);
      if (keys.length > 0) definitions.push(`primary key (${keys.join(', ')})`);
      // The table and its comments together, or neither.
      try {
        await session.begin();
        await client.query(`create table ${quote(table)} (${definitions.join(', ')})`);
        for (const c of columns) {
          if (!c.comment) continue;
          await client.query(
            `comment on column ${quote(table)}.${quote(c.name)} is ${client.escapeLiteral(c.comment.slice(0, 1000))}`,
          );
        }
        await session.commit();
      } catch (err) {
        await session.rollback().catch(() => undefined);
        throw writeError(err, target.host, target.port, table);
      }
    },

    async writeRows(table, columns, batches, policy) {
      const { keys, keyIndexes } = writePlan(table, await postgresColumns(run, table), columns);
      const names = columns.map(quote).join(', ');
      const updated = columns.filter((c) => !keys.includes(c));
      let onConflict = '';
      if (policy === 'skip') onConflict = ' on conflict do nothing';
      else if (policy === 'replace' && keys.length > 0) {
        onConflict = updated.length
          ? ` on conflict (${keys.map(quote).join(', ')}) do update set ${updated.map((c) => `${quote(c)} = excluded.${quote(c)}`).join(', ')}`
          : ' on conflict do nothing';
      }
      const insert = `insert into ${quote(table)} (${names})
        select ${names} from json_populate_recordset(null::${quote(schema)}.${quote(table)}, $1::json)${onConflict}`;
      return inOneTransaction(
        session,
        async () => {
          const result: WriteResult = { written: 0, skipped: 0 };
          for await (const chunk of statementChunks(batches)) {
            // An upsert may not touch one row twice in a statement: the last row of a key stands for it.
            const rows = policy === 'replace' ? lastOfEachKey(chunk, keyIndexes) : chunk;
            const json = JSON.stringify(rows.map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i]]))));
            const { rowCount } = await client.query({ text: insert, values: [json] });
            if (policy === 'skip') {
              result.written += rowCount ?? 0;
              result.skipped += chunk.length - (rowCount ?? 0);
            } else result.written += chunk.length;
          }
          return result;
        },
        (err) => writeError(err, target.host, target.port, table, policy),
      );
    },

    close: () => client.end().catch(() => {}),
  };
}
