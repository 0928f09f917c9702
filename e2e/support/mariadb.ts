import { Socket } from 'node:net';
import mysql from 'mysql2/promise';

/**
 * The machine's MariaDB, a department's own database in the browser walks: `TEST_SOURCE_MARIADB_URL`,
 * else root without a password on 127.0.0.1:3306, database `test` (as the server's data-source tests).
 */
const MARIADB_DEFAULT = 'mysql://root@127.0.0.1:3306/test';
const mariadbUrl = new URL(process.env.TEST_SOURCE_MARIADB_URL || MARIADB_DEFAULT);
export const MARIADB = {
  host: mariadbUrl.hostname,
  port: Number(mariadbUrl.port || 3306),
  user: decodeURIComponent(mariadbUrl.username || 'root'),
  password: decodeURIComponent(mariadbUrl.password),
  database: decodeURIComponent(mariadbUrl.pathname.slice(1)) || 'test',
};

function listening(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(port, host, () => done(true));
  });
}

/** Why a walk that needs MariaDB is skipped, or null: a configured server must answer; the default one may be absent. */
export const mariadbSkip =
  process.env.TEST_SOURCE_MARIADB_URL || (await listening(MARIADB.host, MARIADB.port))
    ? null
    : `跳过：${MARIADB.host}:${MARIADB.port} 没有 MariaDB，设置 TEST_SOURCE_MARIADB_URL 可指定`;

/** Runs statements on one connection as the administrative account. */
export async function onMariadb(statements: string[]) {
  const conn = await mysql.createConnection({ ...MARIADB, charset: 'utf8mb4' });
  try {
    for (const s of statements) await conn.query(s);
  } finally {
    await conn.end();
  }
}

/** The rows of a query, as the administrative account sees them. */
export async function queryMariadb<T = Record<string, unknown>>(statement: string): Promise<T[]> {
  const conn = await mysql.createConnection({ ...MARIADB, charset: 'utf8mb4' });
  try {
    const [rows] = await conn.query(statement);
    return rows as T[];
  } finally {
    await conn.end();
  }
}

/** The addresses the server must be allowed to reach for this MariaDB (`DATASOURCE_ALLOW`). */
export function mariadbAllow(): string {
  const allow = new Set(['127.0.0.1/32']);
  if (/^\d+\.\d+\.\d+\.\d+$/.test(MARIADB.host)) allow.add(`${MARIADB.host}/32`);
  return [...allow].join(',');
}
