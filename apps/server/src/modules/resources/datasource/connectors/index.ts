import type { Executor } from '../../../../db/client.js';
import { connectBuiltin } from './builtin.js';
import { connectMysql } from './mysql.js';
import { connectPostgres } from './postgres.js';
import type { ConnectionTarget, SourceConnection } from './types.js';

export type { ConnectionTarget, ReadOptions, RowBatch, SourceConnection } from './types.js';

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
