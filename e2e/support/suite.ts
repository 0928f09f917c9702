import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchBrowser } from './browser.js';
import { type RunningServer, startServer } from './server.js';

/**
 * One real server (on a copy of the run's seeded data folder, see global-setup.ts) and one browser for
 * the spec file that calls this (launched with `browserArgs` besides the usual flags); both are
 * stopped after it.
 */
export function useServerAndBrowser(opts: { browserArgs?: string[]; listenOnAll?: boolean } = {}) {
  const env = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    [env.server, env.browser] = await Promise.all([
      startServer({ template: inject('seededDataDir'), listenOnAll: opts.listenOnAll }),
      launchBrowser(opts.browserArgs),
    ]);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}
