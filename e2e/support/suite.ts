import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.js';
import { type RunningServer, startServer } from './server.js';

/** One real server and one browser for the spec file that calls this; both are stopped after it. */
export function useServerAndBrowser() {
  const env = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    [env.server, env.browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}
