import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createReferenceSnapshot, createReferenceTemplate } from './reference.js';

/**
 * Builds the reference database once for the whole run (migrating and seeding is most of what a
 * test file's setup used to cost) and hands every test file its location; each file then works on
 * a copy of its own (see `createTestApp`). Built from the migrations and seed of this checkout.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = await createReferenceTemplate(serverUrl);
    project.provide('reference', { kind: 'postgres', template: template.name });
    return () => template.drop();
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'odp-test-reference-'));
  const snapshotFile = path.join(dir, 'reference.tar');
  try {
    const snapshot = await createReferenceSnapshot();
    await writeFile(snapshotFile, new Uint8Array(await snapshot.arrayBuffer()));
  } catch (e) {
    await rm(dir, { recursive: true, force: true });
    throw e;
  }
  project.provide('reference', { kind: 'pglite', snapshotFile });
  return () => rm(dir, { recursive: true, force: true });
}
