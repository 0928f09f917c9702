import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, PgliteSession } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** One type for both drivers: services never know whether PGlite or PostgreSQL is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A service takes either the database or an open transaction. */
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Calls `onPayload` for every NOTIFY on `channel` (delivered on commit, so never for a rolled-back
   * write). `onResync` runs after a lost PostgreSQL connection was re-established: notifications sent
   * in between are gone, and the caller may want to tell its clients to reload. Resolves to unlisten.
   */
  listen(channel: string, onPayload: (payload: string) => void, onResync?: () => void): Promise<() => Promise<void>>;
};

const migrationsFolder = new URL('./migrations', import.meta.url).pathname;

/**
 * PostgreSQL when a URL is given, else PGlite under `dataDir` (or in memory when `dataDir` is null).
 * An in-memory PGlite may start from `snapshot`, an archive of another one (`snapshotDatabase`):
 * much cheaper than creating a cluster, and the copy shares nothing with its origin.
 */
export async function openDatabase(opts: { url?: string; dataDir: string | null; snapshot?: Blob }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle connection the server ends (restart, failover, an administrator) is dropped by the pool
    // and the next query opens a new one; without a listener that event would crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const listeners = new Set<() => Promise<void>>();
    const url = opts.url;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
      close: async () => {
        await Promise.all([...listeners].map((stop) => stop()));
        await pool.end();
      },
      listen: async (channel, onPayload, onResync) => {
        const stop = await listenPostgres(url, channel, onPayload, onResync);
        const unlisten = async () => {
          listeners.delete(unlisten);
          await stop();
        };
        listeners.add(unlisten);
        return unlisten;
      },
    };
  }
  const client = opts.dataDir
    ? new PGlite(path.join(opts.dataDir, 'pglite'))
    : new PGlite(opts.snapshot ? { loadDataDir: opts.snapshot } : {});
  await client.waitReady;
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    close: () => client.close(),
    listen: async (channel, onPayload) => {
      // One process holds the embedded database, so its own listen() sees every NOTIFY there is.
      const unlisten = await client.listen(channel, onPayload);
      return () => (client.closed ? Promise.resolve() : unlisten());
    },
  };
}

/**
 * LISTEN on a dedicated connection: a pooled one would be handed to other queries and the
 * subscription would go with it. A lost connection is re-opened with capped back-off.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onResync?: () => void,
): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let delayMs = 500;

  const connect = async () => {
    const client = new pg.Client({ connectionString: url });
    const lost = () => {
      if (current !== client) return;
      current = null;
      client.end().catch(() => {});
      scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch (err) {
      client.end().catch(() => {});
      throw err;
    }
    if (stopped) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    delayMs = 500;
  };

  const scheduleReconnect = () => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(async () => {
      retryTimer = undefined;
      try {
        await connect();
        if (!stopped) onResync?.();
      } catch {
        delayMs = Math.min(delayMs * 2, 10_000);
        scheduleReconnect();
      }
    }, delayMs);
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}

/** An archive of an in-memory PGlite database's whole cluster, for `openDatabase({ snapshot })`. */
export async function snapshotDatabase(database: Database): Promise<Blob> {
  if (database.kind !== 'pglite') throw new Error('only a PGlite database can be archived');
  const client = (database.db as unknown as { $client: PGlite }).$client;
  // Written out to the data files, so that every copy starts without replaying the log; and
  // uncompressed, so that loading one is a plain copy.
  await client.exec('checkpoint');
  return client.dumpDataDir('none');
}

/** Runs raw SQL on either driver and returns its rows. */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Whether the executor (the database or one of its transactions) is the embedded PGlite: one
 * connection in this process, whose queries run on this thread. Else a PostgreSQL pool.
 */
export const isEmbedded = (ex: Executor): boolean =>
  (ex as unknown as { session?: unknown }).session instanceof PgliteSession;

const preparedByDb = new WeakMap<Executor, Map<string, unknown>>();

/**
 * A hot read built once per database and prepared under `name`: the query is not rebuilt per call,
 * and PostgreSQL parses and plans it once per connection instead of per request. `build` takes its
 * inputs as `sql.placeholder`s (given to `execute`) and ends in `.prepare(name)` with the name it is handed.
 */
export function preparedOnce<T>(db: Executor, name: string, build: (db: Executor, name: string) => T): T {
  let byName = preparedByDb.get(db);
  if (!byName) {
    byName = new Map();
    preparedByDb.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db, name);
    byName.set(name, statement);
  }
  return statement;
}
