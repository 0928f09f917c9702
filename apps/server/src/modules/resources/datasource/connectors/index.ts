import type { Executor } from '../../../../db/client.js';
import { connectBuiltin } from './builtin.js';
import { connectMysql } from './mysql.js';
import { connectMysqlWriter } from './mysql-write.js';
import { connectPostgres } from './postgres.js';
import { connectPostgresWriter } from './postgres-write.js';
import type { ConnectionTarget, SourceConnection, TargetConnection } from './types.js';

export type {
  ColumnDefinition,
  ColumnKind,
  ConnectionTarget,
  ReadOptions,
  RowBatch,
  SourceConnection,
  TargetConnection,
  WritePolicy,
  WriteResult,
  WriteValue,
} from './types.js';

/** `db`: the platform's own database, which the built-in demo source reads from. */
export const connect = (target: ConnectionTarget, db?: Executor): Promise<SourceConnection> => {
  if (target.protocol === 'builtin') {
    if (!db) throw new Error('the built-in demo source needs the platform database');
    return Promise.resolve(connectBuiltin(db, target.database));
  }
  return target.protocol === 'postgres' ? connectPostgres(target) : connectMysql(target);
};

/** Opens a session, hands it to `use` and always closes it. */
export async function withConnection<T>(
  target: ConnectionTarget,
  use: (c: SourceConnection) => Promise<T>,
  db?: Executor,
): Promise<T> {
  const conn = await connect(target, db);
  try {
    return await use(conn);
  } finally {
    await conn.close();
  }
}

/**
 * A writable session (an exchange's destination): MySQL and PostgreSQL protocols only; the service
 * decides which source types may be written and answers the others 暂不支持 before dialling.
 */
export function connectForWriting(target: ConnectionTarget): Promise<TargetConnection> {
  if (target.protocol === 'builtin') throw new Error('the built-in demo source is never written');
  return target.protocol === 'postgres' ? connectPostgresWriter(target) : connectMysqlWriter(target);
}

/** Opens a writable session, hands it to `use` and always closes it. */
export async function withTargetConnection<T>(
  target: ConnectionTarget,
  use: (c: TargetConnection) => Promise<T>,
): Promise<T> {
  const conn = await connectForWriting(target);
  try {
    return await use(conn);
  } finally {
    await conn.close();
  }
}
