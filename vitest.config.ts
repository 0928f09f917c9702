import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest leaves one core to itself by default, which on a 2-core machine means one test file at a
    // time; the test files are what keeps the cores busy, so give them both.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          // Migrates and seeds once per run; every test file gets a copy (see src/test/harness.ts).
          globalSetup: ['src/test/global-setup.ts'],
          // A worker thread per file starts and loads the server's dependencies faster than a process.
          pool: 'threads',
          // Files in one worker share the loaded modules instead of importing the server again per file
          // (most of a file's time otherwise); each still gets its own database copy and app. Module
          // state a file changes must therefore be put back (fake timers restored, no vi.mock of
          // modules: record pushes by listening, see src/test/push-recorder.ts).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          pool: 'threads',
          // Component tests render antd trees in jsdom; on a loaded 2-core machine 5 s is too tight.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['specs/**/*.spec.ts'],
          // Seeds one data folder per run; each spec's server starts on a copy (see support/server.ts).
          globalSetup: ['support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Two spec files at a time: each has its own server, data folder and browser, and a spec
          // spends much of its time waiting on the browser, so two keep a 2-core machine busy.
          maxWorkers: 2,
        },
      },
    ],
  },
});
