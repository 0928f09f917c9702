import { Socket } from 'node:net';
import type { ConnectionTarget } from '../modules/resources/datasource/connectors/types.js';

/**
 * The real database servers the data-source tests connect to: `TEST_SOURCE_PG_URL` and
 * `TEST_SOURCE_MARIADB_URL` (CI sets both and then they must answer), otherwise the machine's own
 * on the default ports when they happen to listen; a suite without its server is skipped and says why.
 */
const DEFAULTS = {
  postgres: 'postgres://postgres@127.0.0.1:5432/test',
  mysql: 'mysql://root@127.0.0.1:3306/test',
} as const;

export type SourceServer = { target: ConnectionTarget; url: string } | { skip: string };

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

export async function sourceServer(protocol: 'postgres' | 'mysql'): Promise<SourceServer> {
  const variable = protocol === 'postgres' ? 'TEST_SOURCE_PG_URL' : 'TEST_SOURCE_MARIADB_URL';
  const configured = process.env[variable];
  const url = new URL(configured || DEFAULTS[protocol]);
  const port = Number(url.port || (protocol === 'postgres' ? 5432 : 3306));
  if (!configured && !(await listening(url.hostname, port))) {
    return {
      skip: `跳过：${url.hostname}:${port} 没有${protocol === 'postgres' ? 'PostgreSQL' : 'MariaDB'}，设置 ${variable} 可指定`,
    };
  }
  return {
    url: url.toString(),
    target: {
      protocol,
      host: url.hostname,
      address: url.hostname,
      port,
      database: decodeURIComponent(url.pathname.slice(1)),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
    },
  };
}

/** Runs set-up statements (tables, users) on a source server as its administrator, outside the connectors. */
export async function runOnSource(target: ConnectionTarget, statements: string[]) {
  if (target.protocol === 'postgres') {
    const pg = (await import('pg')).default;
    const client = new pg.Client({
      host: target.address,
      port: target.port,
      user: target.user,
      password: target.password,
      database: target.database,
    });
    await client.connect();
    try {
      for (const s of statements) await client.query(s);
    } finally {
      await client.end();
    }
  } else {
    const mysql = (await import('mysql2/promise')).default;
    const conn = await mysql.createConnection({
      host: target.address,
      port: target.port,
      user: target.user,
      password: target.password,
      database: target.database,
    });
    try {
      for (const s of statements) await conn.query(s);
    } finally {
      await conn.end();
    }
  }
}
