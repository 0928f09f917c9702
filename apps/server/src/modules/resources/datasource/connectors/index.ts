import { connectMysql } from './mysql.js';
import { connectPostgres } from './postgres.js';
import type { ConnectionTarget, SourceConnection } from './types.js';

export type { ConnectionTarget, ReadOptions, RowBatch, SourceConnection } from './types.js';

export const connect = (target: ConnectionTarget): Promise<SourceConnection> =>
  target.protocol === 'postgres' ? connectPostgres(target) : connectMysql(target);

/** Opens a session, hands it to `use` and always closes it. */
export async function withConnection<T>(
  target: ConnectionTarget,
  use: (c: SourceConnection) => Promise<T>,
): Promise<T> {
  const conn = await connect(target);
  try {
    return await use(conn);
  } finally {
    await conn.close();
  }
}
