import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { Database, Db } from '../db/client.js';
import { openReferenceCopy } from './reference.js';

export type TestContext = {
  app: FastifyInstance;
  db: Db;
  database: Database;
  base: string;
  close(): Promise<void>;
};

/**
 * A fresh application on its own database: an in-memory PGlite, or a throw-away database on the
 * PostgreSQL server named by TEST_DATABASE_URL, so that runs never collide. Either is a copy of the
 * run's migrated and seeded reference database (see `global-setup.ts`): what one test file writes,
 * no other sees.
 */
export async function createTestApp(
  opts: { jobsEnabled?: boolean; dataDir?: string; config?: Partial<Config> } = {},
): Promise<TestContext> {
  const { database, drop } = await openReferenceCopy(process.env.TEST_DATABASE_URL, inject('reference'));
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      // A test that checks what is left in the data folder gives its own.
      DATA_DIR: opts.dataDir ?? '/tmp/odp-test-unused',
      LOGIN_RATE_LIMIT: '10000',
      // Scheduled jobs stay off unless a test asks for them: timers must not run into other tests.
      JOBS_ENABLED: opts.jobsEnabled ? '1' : '0',
    }),
    webDist: '/nonexistent',
    ...opts.config,
  };
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    base: config.apiBase,
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

export type ApiResponse<T = unknown> = {
  status: number;
  body: { success: boolean; code: number; message: string; result: T };
};

/** Calls the API through Fastify's injector with an optional session token. */
export async function call<T = unknown>(
  ctx: TestContext,
  method: InjectOptions['method'],
  path: string,
  opts: { token?: string; body?: unknown; query?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const res = await ctx.app.inject({
    method,
    url: `${ctx.base}${path}`,
    headers: opts.token ? { 'x-access-token': opts.token } : {},
    payload: opts.body as InjectOptions['payload'],
    query: opts.query,
  });
  return { status: res.statusCode, body: res.json() };
}
