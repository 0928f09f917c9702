import { eq } from 'drizzle-orm';
import { type Executor, preparedOnce } from '../../db/client.js';
import { portalVersion } from '../../db/schema/index.js';

/** The catalogue's version (migration 0004_portal_figures): it grows with every change a public count can see. */
export async function catalogueVersion(db: Executor): Promise<number> {
  const [row] = await preparedOnce(db, 'catalogue_version', versionStatement).execute();
  return Number(row?.v ?? 0);
}

const versionStatement = (db: Executor, name: string) =>
  db.select({ v: portalVersion.version }).from(portalVersion).where(eq(portalVersion.id, 1)).prepare(name);

/**
 * Answers that depend only on which public entries match (keyword totals, facet counts), kept per
 * instance until the catalogue version changes: one primary-key read per request instead of counting
 * thousands of matches. At most `max` answers are kept, the least recently used dropped first.
 */
export function versionedCache<T>(max: number) {
  // Per database handle, so that two databases in one process (tests) never share answers.
  const byDb = new WeakMap<Executor, { version: number; answers: Map<string, T> }>();
  return async (db: Executor, key: string, compute: () => Promise<T>): Promise<T> => {
    const current = await catalogueVersion(db);
    let state = byDb.get(db);
    if (!state || state.version !== current) {
      state = { version: current, answers: new Map() };
      byDb.set(db, state);
    }
    const { answers } = state;
    const hit = answers.get(key);
    if (hit !== undefined) {
      answers.delete(key);
      answers.set(key, hit);
      return hit;
    }
    // Read after the version: a change committed meanwhile has a newer version, which drops this answer.
    const value = await compute();
    answers.set(key, value);
    if (answers.size > max) answers.delete(answers.keys().next().value as string);
    return value;
  };
}
