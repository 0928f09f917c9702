import { openAsBlob } from 'node:fs';
import { type Database, openDatabase, snapshotDatabase } from '../db/client.js';
import { createScratchDatabase, type ScratchDatabase } from '../db/scratch.js';
import { seedReference } from '../db/seed/reference.js';

/**
 * Where the test files' reference database comes from, built once per run by the global setup:
 * on PostgreSQL a template database to copy, on PGlite a file with an archive of the cluster.
 */
export type ReferenceSource = { kind: 'postgres'; template: string } | { kind: 'pglite'; snapshotFile: string };

declare module 'vitest' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: declaration merging needs an interface
  export interface ProvidedContext {
    reference: ReferenceSource | undefined;
  }
}

/** Migrated with the real migrations and seeded with the real reference data, as an installation is. */
export async function prepareReference(database: Database): Promise<void> {
  await database.migrate();
  await seedReference(database.db);
}

/** A migrated, seeded database on the server of `serverUrl` for others to copy; drop it when done. */
export async function createReferenceTemplate(serverUrl: string): Promise<ScratchDatabase> {
  const template = await createScratchDatabase(serverUrl, 'odp_test_tpl');
  try {
    const database = await openDatabase({ url: template.url, dataDir: null });
    try {
      await prepareReference(database);
    } finally {
      // A database with open connections cannot be copied.
      await database.close();
    }
  } catch (e) {
    await template.drop();
    throw e;
  }
  return template;
}

/** An archive of a migrated, seeded in-memory PGlite database. */
export async function createReferenceSnapshot(): Promise<Blob> {
  const database = await openDatabase({ dataDir: null });
  try {
    await prepareReference(database);
    return await snapshotDatabase(database);
  } finally {
    await database.close();
  }
}

/**
 * A migrated, seeded database of its own: a copy of the run's reference when there is one of the
 * right kind, else built here. On PostgreSQL `url` reaches the same database from a second pool;
 * `drop` removes the copy after the database is closed.
 */
export async function openReferenceCopy(
  serverUrl: string | undefined,
  reference: ReferenceSource | undefined,
): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  if (serverUrl) {
    const template = reference?.kind === 'postgres' ? reference.template : undefined;
    const scratch = await createScratchDatabase(serverUrl, 'odp_test', { template });
    try {
      const database = await openDatabase({ url: scratch.url, dataDir: null });
      if (!template) await prepareReference(database);
      return { database, url: scratch.url, drop: scratch.drop };
    } catch (e) {
      await scratch.drop();
      throw e;
    }
  }
  if (reference?.kind === 'pglite') {
    const snapshot = await openAsBlob(reference.snapshotFile);
    return { database: await openDatabase({ dataDir: null, snapshot }), drop: async () => {} };
  }
  const database = await openDatabase({ dataDir: null });
  await prepareReference(database);
  return { database, drop: async () => {} };
}
