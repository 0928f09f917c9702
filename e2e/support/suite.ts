import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchBrowser } from './browser.js';
import { type RunningServer, startServer } from './server.js';

/**
 * One real server (on a copy of the run's seeded data folder, see global-setup.ts) and one browser for
 * the spec file that calls this; both are stopped after it.
 */
export function useServerAndBrowser() {
  const env = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    [env.server, env.browser] = await Promise.all([
      startServer({ template: inject('seededDataDir') }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}
