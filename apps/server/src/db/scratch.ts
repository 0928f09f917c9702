import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type ScratchDatabase = { name: string; url: string; drop(): Promise<void> };

/**
 * A throw-away database on the PostgreSQL server of `serverUrl`, for tests and benchmarks that must
 * never collide with each other or with real data. `drop()` removes it, connections and all.
 * With `template` it starts as a copy of that database (which must have no open connections), so a
 * migrated and seeded database is built once and copied, instead of migrated and seeded every time.
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
  opts: { template?: string } = {},
): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const template = opts.template ? ` template ${pg.escapeIdentifier(opts.template)}` : '';
  await run(`create database ${name}${template}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
