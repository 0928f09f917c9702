import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchBrowser } from './browser.js';
import { type RunningServer, startServer } from './server.js';

/**
 * One real server (on a copy of the run's seeded data folder, see global-setup.ts) and one browser for
 * the spec file that calls this (launched with `browserArgs` besides the usual flags); both are
 * stopped after it. `env` adds to the server's environment for this spec only (e.g. DATASOURCE_ALLOW).
 */
export function useServerAndBrowser(
  opts: { browserArgs?: string[]; listenOnAll?: boolean; env?: NodeJS.ProcessEnv } = {},
) {
  const env = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    [env.server, env.browser] = await Promise.all([
      startServer({ template: inject('seededDataDir'), listenOnAll: opts.listenOnAll, env: opts.env }),
      launchBrowser(opts.browserArgs),
    ]);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}
