import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server.js';

declare module 'vitest' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: augmenting vitest's interface needs an interface
  export interface ProvidedContext {
    /** A data folder as the product's first start leaves it: migrated, seeded with the demo city, stopped. */
    seededDataDir: string;
  }
}

/**
 * Starts the real server once on an empty folder, so that the first start (migrations, the demo city
 * and its data files) runs once per run; every spec's server then starts on a copy of that folder.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'odp-e2e-seeded-'));
  const server = await startServer({ dataDir: dir, readyWithinMs: 180_000 });
  await server.stop({ keepData: true });
  project.provide('seededDataDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
